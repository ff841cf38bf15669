// Benchmark (not a test): does a second instance behind a load balancer add throughput (issue 16 point 2)?
// One fresh PostgreSQL database, migrated once as the release step (`scripts/migrate.ts`, `npm run db:migrate`) and
// loaded with the demo club; instances of the real server (`server/index.ts`, each its own process) started with
// MIGRATE_ON_START=false and TRUST_PROXY=loopback; HAProxy (installed when missing, see support/haproxy.ts) in front,
// round robin, sending traffic only to instances whose /readyz answers 200. Phases:
//   direct  one instance without HAProxy (what the proxy itself costs),
//   1       one instance behind HAProxy,
//   2       two instances behind HAProxy (the second with JOBS=0: an extra web-only instance, as
//         docs/operations.md suggests).
// In each phase autocannon drives `GET /healthz` (the reference: no database work to speak of) and the GraphQL people
// list page (the admin client's document) with --clients connections for --duration seconds, each after a short
// warm-up, and the CPU each part used meanwhile is read from /proc (the load generator, HAProxy, each instance, the
// database's PostgreSQL backends, and the rest of the machine: other work that would skew the figures).
// The bench signs in once and reuses the session everywhere: sessions live in PostgreSQL, so every instance accepts
// it, and the login's rate limit (shared by the instances on PostgreSQL) is never approached.
//   npm run bench:scale [-- [--clients 50] [--duration 10] [--warmup 3] [--per-kind 150] [--phases direct,1,2]]
// On a 2-core machine the load generator (this process), HAProxy, PostgreSQL and the instances share the same cores:
// a second instance can only help if one instance leaves a core idle. Compare the phases of one run, not runs.
// Results: a table on stdout and bench/results/scale.json.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ensureHaproxy, startHaproxy, type Backend, type BackendState } from './support/haproxy';
import { checkScenario, drive, HEALTHZ, PEOPLE_LIST, signIn, type Measured } from './support/load';
import { freePort, processTicks, runScript, startServer, stopServer, TICKS_PER_SECOND } from './support/server-process';
import pg from 'pg';
import { ADMIN_URL, log, throwawayDatabase, writeResults } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'per-kind': { type: 'string', default: '150' },
    phases: { type: 'string', default: 'direct,1,2' },
  },
});
const CLIENTS = Number(args.clients);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const PHASES = args.phases.split(',').map((s) => s.trim());
for (const phase of PHASES) if (!['direct', '1', '2'].includes(phase)) throw new Error(`unknown phase "${phase}": use direct, 1 or 2`);

const PHASE_LABELS: Record<string, string> = { direct: '1 instance, direct', '1': '1 instance behind HAProxy', '2': '2 instances behind HAProxy' };
const SCENARIOS = [HEALTHZ, PEOPLE_LIST];

interface Instance extends Backend {
  url: string;
  child: ChildProcess;
}

/** Where the cores went while one scenario was measured: the machine's busy share and each part's cores in use. */
interface CpuUse {
  /** Busy share of all the machine's cores (100 = every core busy), other work on the machine included. */
  machineBusyPct: number;
  /**
   * Cores in use on average: the load generator (this process), HAProxy, each instance, this database's PostgreSQL
   * backends, the kernel's softirq (network), and the rest of the machine (other work, PostgreSQL's own processes).
   */
  cores: Record<string, number>;
}

interface PhaseResult {
  phase: string;
  label: string;
  instances: number;
  results: Array<Measured & { cpu: CpuUse }>;
  /** Behind HAProxy: the 2xx responses each instance served during the measured load (warm-up excluded). */
  servedBy?: Record<string, number>;
}

// CPU time from Linux's /proc, in clock ticks (processTicks of server-process.ts; the first line of /proc/stat).
function machineTicks(): { busy: number; total: number; softirq: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total, softirq };
}

/** The PostgreSQL server processes serving `database` (the instances' pools; pg_stat_activity, read as the admin). */
async function backendPids(database: string): Promise<number[]> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
    return rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

/** Runs `work` and measures the CPU each named process group used meanwhile, in cores. */
async function withCpu<T>(groups: Record<string, number[]>, work: () => Promise<T>): Promise<{ value: T; cpu: CpuUse }> {
  const ticksOf = () => Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.reduce((sum, pid) => sum + processTicks(pid), 0)]));
  const [before, machineBefore, startedAt] = [ticksOf(), machineTicks(), performance.now()];
  const value = await work();
  const [after, machineAfter, seconds] = [ticksOf(), machineTicks(), (performance.now() - startedAt) / 1000];
  const round = (n: number) => Math.round(n * 100) / 100;
  const cores: Record<string, number> = {};
  for (const name of Object.keys(groups)) cores[name] = round((after[name] - before[name]) / TICKS_PER_SECOND / seconds);
  // The kernel's network work (loopback included) is counted by no process: its own entry, not "rest".
  cores.softirq = round((machineAfter.softirq - machineBefore.softirq) / TICKS_PER_SECOND / seconds);
  const machineCores = (machineAfter.busy - machineBefore.busy) / TICKS_PER_SECOND / seconds;
  cores.rest = round(Math.max(0, machineCores - Object.values(cores).reduce((a, b) => a + b, 0)));
  return { value, cpu: { machineBusyPct: Math.round(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100), cores } };
}

const fmt = (n: number) => n.toLocaleString('en-US');

interface PhaseSetup {
  phase: string;
  url: string;
  auth: Record<string, string>;
  instances: Instance[];
  database: string;
  haproxy?: { pid: number; backends: () => Promise<BackendState[]> };
}

async function measurePhase({ phase, url, auth, instances, database, haproxy }: PhaseSetup): Promise<PhaseResult> {
  const label = PHASE_LABELS[phase];
  // Several checks, so that behind HAProxy each instance answers at least once with the shared session.
  for (let i = 0; i < 4; i++) for (const s of SCENARIOS) await checkScenario(url, auth, s);
  const results: PhaseResult['results'] = [];
  const servedBy: Record<string, number> = {};
  for (const s of SCENARIOS) {
    // A warm-up first (JIT, pools): a cold second instance would look slower than it is.
    if (WARMUP > 0) await drive(url, auth, s, CLIENTS, WARMUP);
    const groups: Record<string, number[]> = {
      bench: [process.pid],
      ...(haproxy ? { haproxy: [haproxy.pid] } : {}),
      ...Object.fromEntries(instances.map((i) => [i.name, [i.child.pid!]])),
      postgres: await backendPids(database),
    };
    const before = haproxy ? await haproxy.backends() : [];
    const { value: m, cpu } = await withCpu(groups, () => drive(url, auth, s, CLIENTS, DURATION));
    for (const b of haproxy ? await haproxy.backends() : []) {
      servedBy[b.name] = (servedBy[b.name] ?? 0) + b.responses2xx - (before.find((x) => x.name === b.name)?.responses2xx ?? 0);
    }
    results.push({ ...m, cpu });
    const failures = m.errors + m.non2xx + m.timeouts;
    log(
      `[${label}] ${s.name.padEnd(26)} ${fmt(m.requestsPerSecond).padStart(6)} req/s  p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms  p99 ${m.latencyMs.p99} ms` +
        (m.serverMs ? `  server p50 ${m.serverMs.p50} ms` : '') +
        (failures ? `  errors ${m.errors} non-2xx ${m.non2xx} timeouts ${m.timeouts}` : '  no errors'),
    );
    log(`${' '.repeat(label.length + 3)}CPU ${cpu.machineBusyPct} % of ${os.cpus().length} cores: ${Object.entries(cpu.cores).map(([name, n]) => `${name} ${n}`).join(', ')}`);
  }
  if (haproxy) log(`[${label}] served by: ${Object.entries(servedBy).map(([name, n]) => `${name} ${fmt(n)}`).join(', ')}`);
  return { phase, label, instances: instances.length, results, ...(haproxy ? { servedBy } : {}) };
}

async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // /readyz: migrations checked and the job queue started, what HAProxy's health check asks too.
  const child = await startServer({ ...env, PORT: String(port) }, url, '/readyz');
  return { name, port, url, child };
}

function summary(phases: PhaseResult[]) {
  const find = (phase: string, scenario: string) => phases.find((p) => p.phase === phase)?.results.find((r) => r.scenario === scenario);
  const ratio = (a?: Measured, b?: Measured) => (a && b && b.requestsPerSecond ? Math.round((a.requestsPerSecond / b.requestsPerSecond) * 1000) / 1000 : null);
  const shareOfHealthz = Object.fromEntries(phases.map((p) => [p.phase, ratio(find(p.phase, PEOPLE_LIST.name), find(p.phase, HEALTHZ.name))]));
  return {
    /** Two instances against one, both behind HAProxy: req/s ratio and p95 of each scenario. */
    twoVsOne: SCENARIOS.map((s) => ({
      scenario: s.name,
      throughputRatio: ratio(find('2', s.name), find('1', s.name)),
      p95Ms: { one: find('1', s.name)?.latencyMs.p95 ?? null, two: find('2', s.name)?.latencyMs.p95 ?? null },
    })),
    /** One instance behind HAProxy against the same instance reached directly. */
    haproxyVsDirect: SCENARIOS.map((s) => ({ scenario: s.name, throughputRatio: ratio(find('1', s.name), find('direct', s.name)) })),
    /** The list page's throughput as a share of /healthz's in the same phase (issue 16's target: >= 0.4). */
    listPageShareOfHealthz: shareOfHealthz,
  };
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const haproxy = ensureHaproxy();
  const cores = os.cpus().length;
  log(`${haproxy}; ${cores} cores; ${CLIENTS} clients, ${DURATION} s per scenario after ${WARMUP} s of warm-up.`);
  if (cores <= 2) {
    log(`Note: on ${cores} cores the load generator (this process), HAProxy, PostgreSQL and the instances share the same cores; a second instance can only add throughput where one leaves a core idle.`);
  }
  const target = await throwawayDatabase('postgres', 'scale');
  if (!target) {
    process.exitCode = 1;
    return;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: target.databaseUrl,
    DATA_DIR: target.dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    MIGRATE_ON_START: 'false',
    TRUST_PROXY: 'loopback',
  };
  const instances: Instance[] = [];
  const phases: PhaseResult[] = [];
  try {
    log('\nMigrating the new database once (scripts/migrate.ts, as `npm run db:migrate`)...');
    await runScript(['scripts/migrate.ts'], env);
    log(`Loading the demo club (${args['per-kind']} people per kind)...`);
    await runScript(['scripts/demo-club.ts', '--per-kind', args['per-kind']], env);
    instances.push(await startInstance('app1', env));
    const auth = await signIn(instances[0].url);

    for (const phase of PHASES) {
      const database = target.pgName!;
      if (phase === 'direct') {
        phases.push(await measurePhase({ phase, url: instances[0].url, auth, instances: instances.slice(0, 1), database }));
        continue;
      }
      const wanted = Number(phase);
      while (instances.length < wanted) instances.push(await startInstance(`app${instances.length + 1}`, { ...env, JOBS: '0' }));
      const proxy = await startHaproxy(instances.slice(0, wanted));
      try {
        phases.push(await measurePhase({ phase, url: proxy.url, auth, instances: instances.slice(0, wanted), database, haproxy: proxy }));
      } finally {
        await proxy.stop();
      }
    }
  } finally {
    for (const instance of instances) await stopServer(instance.child);
    await target.cleanup();
  }

  const compared = summary(phases);
  log('\nTwo instances against one, both behind HAProxy:');
  for (const r of compared.twoVsOne) {
    log(`  ${r.scenario.padEnd(26)} throughput x${r.throughputRatio ?? 'n/a'}  p95 ${r.p95Ms.one ?? '-'} ms -> ${r.p95Ms.two ?? '-'} ms`);
  }
  log('HAProxy against the instance reached directly:');
  for (const r of compared.haproxyVsDirect) log(`  ${r.scenario.padEnd(26)} throughput x${r.throughputRatio ?? 'n/a'}`);
  log('GraphQL list page as a share of /healthz in the same phase (target >= 40 %):');
  for (const p of phases) {
    const share = compared.listPageShareOfHealthz[p.phase];
    log(`  ${p.label.padEnd(28)} ${share === null ? 'n/a' : `${(share * 100).toFixed(1)} %`}`);
  }
  if (cores <= 2) log(`(${cores} cores shared by the load generator, HAProxy, PostgreSQL and the instances.)`);
  await writeResults('scale', startedAt, loadAtStart, {
    haproxy,
    clients: CLIENTS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    note: cores <= 2 ? `On ${cores} cores the load generator, HAProxy, PostgreSQL and the instances share the same cores.` : undefined,
    phases,
    ...compared,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
