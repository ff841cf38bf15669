// Benchmark (not a test): many users at once, with long work going on (issue 16 point 4). The demo club on a fresh
// database, the real server as its own process (`server/index.ts`), then for a fixed time `--clients` connections
// spread evenly over the everyday requests (the people list page, a search, REST athlete/load, the dashboard, a
// save, /healthz), each connection sending its next request as soon as the last is answered. Meanwhile, long work
// as a club runs it: an import of `--import-rows` athletes (POST /api/import, CSV) from the 5th second, then an
// export of every athlete (GraphQL exportList, xlsx). A request unanswered after 10 s counts as a
// timeout. Target: at 200 clients for 60 s on PGlite, no request times out, and the long work completes.
//   npm run bench:mixed [-- [--db pglite,postgres] [--clients 200] [--duration 60] [--per-kind 150] [--import-rows 50000]]
// Results: a table on stdout and bench/results/mixed-load.json.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { athletesFile } from './support/athletes-file';
import { withDemoServer } from './support/demo-server';
import { checkScenario, drive, graphql, HEALTHZ, PEOPLE_LIST, PEOPLE_PAGE, type Measured, type Scenario } from './support/load';
import { log, logTargets, writeResults, type Target } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    clients: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    'per-kind': { type: 'string', default: '150' },
    'import-rows': { type: 'string', default: '50000' },
  },
});
const DATABASES = args.db.split(',').map((s) => s.trim()) as Database[];
const CLIENTS = Number(args.clients);
const DURATION = Number(args.duration);
const IMPORT_ROWS = Number(args['import-rows']);
type Database = 'pglite' | 'postgres';

const DASHBOARD = `query DashboardPage_Dashboard { dashboard { kinds { kind active addedToday addedThisWeek } people addedToday addedThisWeek
  certificatesValid certificatesExpiring certificatesExpired certificatesMissing postsThisWeek today weekStart certificatesExpiringUntil } }`;
const SAVE_GROUP = `mutation Bench_SaveGroup($input: SaveGroupInput!) { saveGroup(input: $input) { __typename ... on BaseError { message } } }`;
const EXPORT = `query Bench_Export { exportList(list: people, kind: athlete, format: xlsx) { filename byteSize } }`;

async function scenarios(url: string, auth: Record<string, string>): Promise<Scenario[]> {
  const group = await graphql<{ saveGroup: { data: { group: { id: string } } } }>(url, auth, `mutation { saveGroup(input: { name: "Carico", type: athlete }) { ... on MutationSaveGroupSuccess { data { group { id } } } } }`);
  const gql = (query: string, variables: object) => JSON.stringify({ query, variables });
  return [
    HEALTHZ,
    PEOPLE_LIST,
    { name: 'GraphQL search "ros"', method: 'POST', path: '/graphql', body: gql(PEOPLE_PAGE, { kind: 'athlete', search: 'ros', first: 8, offset: 0 }), auth: true },
    { name: 'REST athlete/load', method: 'POST', path: '/api/athlete/load', body: JSON.stringify({}), auth: true },
    { name: 'GraphQL dashboard', method: 'POST', path: '/graphql', body: gql(DASHBOARD, {}), auth: true },
    { name: 'GraphQL save (a group)', method: 'POST', path: '/graphql', body: gql(SAVE_GROUP, { input: { id: group.saveGroup.data.group.id, name: 'Carico', type: 'athlete' } }), auth: true },
  ];
}

interface LongWork {
  name: string;
  /** When it started, in seconds from the start of the load. */
  startSecond: number;
  seconds: number;
  outcome: string;
}

async function timed(name: string, loadStart: number, work: () => Promise<string>): Promise<LongWork> {
  const t0 = performance.now();
  let outcome: string;
  try {
    outcome = await work();
  } catch (error) {
    outcome = `failed: ${(error as Error).message}`;
  }
  const tenths = (ms: number) => Math.round(ms / 100) / 10;
  return { name, startSecond: tenths(t0 - loadStart), seconds: tenths(performance.now() - t0), outcome };
}

/** The import, then the export, one after the other, as one administrator would. */
async function longWork(url: string, auth: Record<string, string>): Promise<LongWork[]> {
  const loadStart = performance.now();
  await new Promise((r) => setTimeout(r, 5_000));
  const done: LongWork[] = [];
  if (IMPORT_ROWS > 0) {
    const file = athletesFile(IMPORT_ROWS, 'csv');
    done.push(
      await timed(`import of ${IMPORT_ROWS.toLocaleString('en')} athletes (CSV)`, loadStart, async () => {
        const form = new FormData();
        form.set('type', 'athlete');
        form.set('dry_run', '0');
        form.set('file', new Blob([new Uint8Array(file)]), 'atleti.csv');
        const res = await fetch(`${url}/api/import`, { method: 'POST', headers: auth, body: form });
        const body = (await res.json()) as { status: boolean; message: string; context?: { counts?: Record<string, number> } };
        return body.status ? `ok ${JSON.stringify(body.context?.counts)}` : `refused: ${body.message}`;
      }),
    );
  }
  done.push(
    await timed('export of every athlete (xlsx)', loadStart, async () => {
      const { exportList } = await graphql<{ exportList: { filename: string; byteSize: number } }>(url, auth, EXPORT);
      return `ok ${exportList.filename} ${Math.round(exportList.byteSize / 1024)} KB`;
    }),
  );
  return done;
}

async function benchDatabase(database: Database): Promise<{ database: string; results: Measured[]; longWork: LongWork[] } | null> {
  return withDemoServer(database, { prefix: 'mixed', perKind: args['per-kind'] }, async (url, auth) => {
    const list = await scenarios(url, auth);
    for (const s of list) await checkScenario(url, auth, s);
    const share = (i: number) => Math.floor(CLIENTS / list.length) + (i < CLIENTS % list.length ? 1 : 0);
    log(`[${database}] ${CLIENTS} clients for ${DURATION} s over ${list.length} requests, long work from the 5th second...`);
    const [results, work] = await Promise.all([Promise.all(list.map((s, i) => drive(url, auth, s, share(i), DURATION))), longWork(url, auth)]);
    for (const m of results) {
      log(
        `[${database}] ${String(m.clients).padStart(3)} clients  ${m.scenario.padEnd(28)} ${String(m.requestsPerSecond).padStart(5)} req/s  ` +
          `p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms  p99 ${m.latencyMs.p99} ms  max ${m.latencyMs.max} ms at ${m.slowest.atSecond} s  ` +
          `errors ${m.errors} non-2xx ${m.non2xx} timeouts ${m.timeouts}`,
      );
    }
    for (const w of work) log(`[${database}] long work: ${w.name}: from ${w.startSecond} s for ${w.seconds} s, ${w.outcome}`);
    return { database, results, longWork: work };
  });
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const runs: Array<{ database: string; results: Measured[]; longWork: LongWork[] }> = [];
  for (const database of DATABASES) {
    const r = await benchDatabase(database);
    if (r) runs.push(r);
  }
  const targets: Target[] = runs.flatMap(({ database, results, longWork: work }) => {
    const requests = results.reduce((n, r) => n + r.requests, 0);
    const timeouts = results.reduce((n, r) => n + r.timeouts, 0);
    const failed = results.reduce((n, r) => n + r.errors + r.non2xx, 0) - timeouts;
    return [
      { target: `${database}, ${CLIENTS} clients for ${DURATION} s: no request times out`, value: `${timeouts} of ${requests}`, met: timeouts === 0 },
      { target: `${database}: no request fails`, value: `${failed} of ${requests}`, met: failed === 0 },
      { target: `${database}: the long work completes`, value: work.map((w) => `${w.seconds} s ${w.outcome.split(' ')[0]}`).join(', '), met: work.every((w) => w.outcome.startsWith('ok')) },
    ];
  });
  logTargets('Targets (issue 16 point 4):', targets);
  await writeResults('mixed-load', startedAt, loadAtStart, { clients: CLIENTS, durationSeconds: DURATION, importRows: IMPORT_ROWS, runs, targets });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
