// Benchmark (not a test): throughput and latency of the everyday requests on the demo club, under 1 and 50
// concurrent clients, on PostgreSQL and on embedded PGlite, beside `/healthz` in the same run (issue 16 point 3).
// For each database: a fresh database, the demo club loaded (`npm run db:demo`), the real server started as its own
// process (`server/index.ts`, as in production: the load generator does not share its event loop), then autocannon
// drives each scenario for a fixed time. Latencies are measured by the client; the server's own time comes from
// its `Server-Timing: app;dur=` header.
// Each scenario first runs `--warmup` seconds unmeasured at the same concurrency (V8's compiled code, PostgreSQL's
// prepared plans and the caches settle), so the figures are the steady state. Beside the everyday requests, a
// signed-in `{ __typename }` measures what every GraphQL request pays before its own work (HTTP, session, pipeline).
// The list page is measured twice: as the admin client sends it (after the first request, the answer cache serves
// it: the share is printed as "answers kept"), and with `Cache-Control: no-cache`, computed on every request.
//   npm run bench:throughput [-- [--db postgres,pglite] [--clients 1,50] [--duration 10] [--warmup 2] [--per-kind 150] [--only <regex>]]
// (`--only save` measures the saves alone, with /healthz beside them.)
// Each save is measured twice: every client saving the same record (they queue on its row lock: the worst case) and
// "spread", each client saving a record of its own (what a club's users do). Every row also gives the server
// process's CPU per request (its user + system time from /proc over the run, divided by the requests): on a loaded
// machine this is the figure that compares between runs (PostgreSQL's own processes are not counted in it).
// Targets on PostgreSQL at 50 clients: the GraphQL list page at least 40 % of /healthz's throughput, p95 < 100 ms;
// one client alone under 2 ms p50 server time for the list page. The saves (GraphQL saveGroup, REST athlete/save, each
// updating one record of the demo club) at least 10 % of /healthz's throughput with p99 < 250 ms, and one client alone
// under 5 ms p50 server time (issue 33 point 2). On these 2-core machines the load generator runs on
// the same cores as the server: the figures are a floor, and ratios within one run are what compare.
// Results: a table on stdout and bench/results/throughput.json.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { taxCode } from '../scripts/seed/fake-people';
import { withDemoServer } from './support/demo-server';
import { checkScenario, driveSpread, graphql, HEALTHZ, PEOPLE_LIST, PEOPLE_PAGE, type Measured, type Scenario } from './support/load';
import { processTicks, TICKS_PER_SECOND } from './support/server-process';
import { log, logTargets, writeResults, type Target } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    clients: { type: 'string', default: '1,50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'per-kind': { type: 'string', default: '150' },
    only: { type: 'string' },
  },
});
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const CLIENTS = args.clients.split(',').map(Number);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const ONLY = args.only ? new RegExp(args.only, 'i') : undefined;

// The admin client's documents beside the list page's (client/src/features/...), sent as the client sends them.
const DASHBOARD = `query DashboardPage_Dashboard { dashboard { kinds { kind active addedToday addedThisWeek } people addedToday addedThisWeek
  certificatesValid certificatesExpiring certificatesExpired certificatesMissing postsThisWeek today weekStart certificatesExpiringUntil } }`;
const SAVE_GROUP = `mutation Bench_SaveGroup($input: SaveGroupInput!) { saveGroup(input: $input) { __typename ... on BaseError { message } } }`;

/** A scenario whose clients each send their own body (`perClient(i)` for the i-th client): one record each. */
type BenchScenario = Scenario & { perClient?: (client: number) => string };

const gql = (query: string, variables: object) => JSON.stringify({ query, variables });

/** A group saved again with its name (a new one first): the bench's saveGroup body. */
async function groupSave(url: string, auth: Record<string, string>, name: string): Promise<string> {
  const created = await graphql<{ saveGroup: { data: { group: { id: string } } } }>(url, auth, `mutation($input: SaveGroupInput!) { saveGroup(input: $input) { ... on MutationSaveGroupSuccess { data { group { id } } } } }`, {
    input: { name, type: 'athlete' },
  });
  return gql(SAVE_GROUP, { input: { id: created.saveGroup.data.group.id, name, type: 'athlete' } });
}

/** A new athlete (born on day `n` after 1 January 1990, so each has its own codice fiscale) saved again as the legacy form sends it: the profile alone. */
async function athleteSave(url: string, auth: Record<string, string>, n: number): Promise<string> {
  const birthday = new Date(Date.UTC(1990, 0, 1 + n));
  const profile = { firstname: 'Paola', lastname: 'Benchmark', tax_id_code: taxCode('Paola', 'Benchmark', 2, birthday, 'Roma', 'RM'), type_gender_id: 2 };
  const res = await fetch(`${url}/api/athlete/save`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ profile }) });
  const body = (await res.json()) as { status: boolean; message: string; context: { id: string } };
  if (!body.status) throw new Error(`athlete/save: ${body.message}`);
  return JSON.stringify({ id: body.context.id, profile });
}

const SAVE_SCENARIOS = ['GraphQL save (a group)', 'GraphQL save, spread', 'REST athlete/save', 'REST athlete/save, spread'];

async function scenarios(url: string, auth: Record<string, string>): Promise<BenchScenario[]> {
  // The records to save are made when any save scenario is measured (`--only "athlete/save"` too).
  const saves = !ONLY || SAVE_SCENARIOS.some((name) => ONLY.test(name));
  // The same-record saves use the first record; the spread ones one record per client.
  const records = saves ? Math.max(...CLIENTS) : 0;
  const groupBodies: string[] = [];
  const athleteBodies: string[] = [];
  for (let n = 0; n < records; n++) {
    groupBodies.push(await groupSave(url, auth, n ? `Benchmark ${n}` : 'Benchmark'));
    athleteBodies.push(await athleteSave(url, auth, n));
  }
  const list: BenchScenario[] = [
    HEALTHZ,
    { name: 'GraphQL { __typename }', method: 'POST', path: '/graphql', body: gql('query Bench_Typename { __typename }', {}), auth: true },
    PEOPLE_LIST,
    // The same page computed on every request: what a first view, or one after a change, costs.
    { ...PEOPLE_LIST, name: 'GraphQL list page, no-cache', headers: { 'cache-control': 'no-cache' } },
    { name: 'REST athlete/load', method: 'POST', path: '/api/athlete/load', body: JSON.stringify({}), auth: true },
    { name: 'GraphQL search "ros"', method: 'POST', path: '/graphql', body: gql(PEOPLE_PAGE, { kind: 'athlete', search: 'ros', first: 8, offset: 0 }), auth: true },
    { name: 'GraphQL dashboard', method: 'POST', path: '/graphql', body: gql(DASHBOARD, {}), auth: true },
    { name: 'GraphQL save (a group)', method: 'POST', path: '/graphql', body: groupBodies[0], auth: true },
    { name: 'GraphQL save, spread', method: 'POST', path: '/graphql', body: groupBodies[0], perClient: (i) => groupBodies[i], auth: true },
    { name: 'REST athlete/save', method: 'POST', path: '/api/athlete/save', body: athleteBodies[0], auth: true },
    { name: 'REST athlete/save, spread', method: 'POST', path: '/api/athlete/save', body: athleteBodies[0], perClient: (i) => athleteBodies[i], auth: true },
  ];
  return list.filter((s) => !ONLY || s === HEALTHZ || ONLY.test(s.name));
}

/** A row of the results: what autocannon measured, and the server process's CPU per request. */
type Row = Measured & { serverCpuMsPerRequest: number };

/** Drives `s` with `clients` connections (each its own body when the scenario spreads) and reads the server's CPU meanwhile. */
async function measure(url: string, auth: Record<string, string>, s: BenchScenario, clients: number, seconds: number, serverPid: number): Promise<Row> {
  const groups = s.perClient ? Array.from({ length: clients }, (_, i) => ({ auth, clients: 1, body: s.perClient!(i) })) : [{ auth, clients }];
  const before = processTicks(serverPid);
  const m = await driveSpread(url, s, groups, seconds);
  const cpuMs = ((processTicks(serverPid) - before) * 1000) / TICKS_PER_SECOND;
  return { ...m, serverCpuMsPerRequest: Math.round((cpuMs / Math.max(1, m.requests)) * 100) / 100 };
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<{ database: string; results: Row[] } | null> {
  return withDemoServer(database, { prefix: 'throughput', perKind: args['per-kind'] }, async (url, auth, server) => {
    const list = await scenarios(url, auth);
    const results: Row[] = [];
    for (const s of list) await checkScenario(url, auth, s);
    for (const clients of CLIENTS) {
      for (const s of list) {
        if (s.perClient && clients === 1) continue; // one client alone saves one record either way
        if (WARMUP > 0) await measure(url, auth, s, clients, WARMUP, server.pid!);
        const m = await measure(url, auth, s, clients, DURATION, server.pid!);
        results.push(m);
        log(
          `[${database}] ${String(clients).padStart(3)} clients  ${s.name.padEnd(28)} ${String(m.requestsPerSecond).padStart(6)} req/s  ` +
            `p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms  p99 ${m.latencyMs.p99} ms  cpu ${m.serverCpuMsPerRequest} ms/req` +
            (m.serverMs ? `  server p50 ${m.serverMs.p50} ms` : '') +
            (m.answersKept ? `  answers kept ${Math.round(m.answersKept * 100)} %` : '') +
            (m.errors + m.non2xx + m.timeouts ? `  errors ${m.errors} non-2xx ${m.non2xx} timeouts ${m.timeouts}` : ''),
        );
      }
    }
    return { database, results };
  });
}

function ratio(results: Measured[], scenario: string, clients: number): number | null {
  const health = results.find((r) => r.scenario === 'GET /healthz' && r.clients === clients);
  const page = results.find((r) => r.scenario === scenario && r.clients === clients);
  return health && page && health.requestsPerSecond ? page.requestsPerSecond / health.requestsPerSecond : null;
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const runs: { database: string; results: Row[] }[] = [];
  for (const database of DATABASES) {
    const r = await benchDatabase(database);
    if (r) runs.push(r);
  }
  const ratios = runs.flatMap(({ database, results }) =>
    CLIENTS.flatMap((clients) =>
      results
        .filter((r) => r.clients === clients && r.scenario !== 'GET /healthz')
        .map((r) => ({ database, clients, scenario: r.scenario, ofHealthz: ratio(results, r.scenario, clients) })),
    ),
  );
  log('\nThroughput as a share of /healthz in the same run:');
  for (const r of ratios) log(`  [${r.database}] ${String(r.clients).padStart(3)} clients  ${r.scenario.padEnd(28)} ${r.ofHealthz === null ? 'n/a' : `${(r.ofHealthz * 100).toFixed(1)} %`}`);

  const pg = runs.find((r) => r.database === 'postgres')?.results ?? [];
  // The page as the admin client asks it (served from the answer cache after the first request), then computed on
  // every request (`Cache-Control: no-cache`): the cache's share is in each row's `answersKept`.
  const targets: Target[] = [['GraphQL people list page', 'list page'], ['GraphQL list page, no-cache', 'list page computed (no-cache)']].flatMap(([scenario, label]) => {
    const at50 = pg.find((r) => r.scenario === scenario && r.clients === 50);
    const alone = pg.find((r) => r.scenario === scenario && r.clients === 1);
    const share = ratio(pg, scenario, 50);
    return [
      { target: `PostgreSQL, 50 clients: ${label} >= 40 % of /healthz`, value: share === null ? 'not measured' : `${(share * 100).toFixed(1)} %`, met: share === null ? null : share >= 0.4 },
      { target: `PostgreSQL, 50 clients: ${label} p95 < 100 ms`, value: at50 ? `${at50.latencyMs.p95} ms` : 'not measured', met: at50 ? at50.latencyMs.p95 < 100 : null },
      { target: `PostgreSQL, 1 client: ${label} server time p50 < 2 ms`, value: alone?.serverMs ? `${alone.serverMs.p50} ms` : 'not measured', met: alone?.serverMs ? alone.serverMs.p50 < 2 : null },
    ];
  });
  // The saves (issue 33 point 2).
  const saveTargets: Target[] = ['GraphQL save (a group)', 'GraphQL save, spread', 'REST athlete/save', 'REST athlete/save, spread'].flatMap((scenario) => {
    const at50 = pg.find((r) => r.scenario === scenario && r.clients === 50);
    const alone = pg.find((r) => r.scenario === scenario && r.clients === 1);
    const share = ratio(pg, scenario, 50);
    return [
      { target: `PostgreSQL, 50 clients: ${scenario} >= 10 % of /healthz`, value: share === null ? 'not measured' : `${(share * 100).toFixed(1)} %`, met: share === null ? null : share >= 0.1 },
      { target: `PostgreSQL, 50 clients: ${scenario} p99 < 250 ms`, value: at50 ? `${at50.latencyMs.p99} ms` : 'not measured', met: at50 ? at50.latencyMs.p99 < 250 : null },
      { target: `PostgreSQL, 1 client: ${scenario} server time p50 < 5 ms`, value: alone?.serverMs ? `${alone.serverMs.p50} ms` : 'not measured', met: alone?.serverMs ? alone.serverMs.p50 < 5 : null },
    ];
  });
  targets.push(...saveTargets);
  logTargets('Targets (issue 16, issue 33 point 2; GraphQL vs raw pg: npm run bench:people):', targets);
  await writeResults('throughput', startedAt, loadAtStart, { durationSeconds: DURATION, warmupSeconds: WARMUP, clients: CLIENTS, runs, ratios, targets });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
