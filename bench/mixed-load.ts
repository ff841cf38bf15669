// Benchmark (not a test): many users at once, with long work going on (issue 16 point 4, issue 33 point 1). The demo
// club and `--clubs` - 1 more clubs (signed up through the API) on a fresh database, the real server as its own
// process (`server/index.ts`), then for a fixed time `--clients` connections, each sending its next request as soon
// as the last is answered: `--writes` of them saving (GraphQL saveGroup and sendNotice, REST athlete/save and post/save, spread
// evenly over the clubs, each club saving its own records), the others reading the demo club (the people list page, a
// search, REST athlete/load, the dashboard) or /healthz. Meanwhile, long work as a club runs it: an import of
// `--import-rows` athletes (POST /api/import, CSV) from the 5th second, then an export of every athlete (GraphQL
// exportList, xlsx). A request unanswered after 10 s counts as a timeout. Targets: at 200 clients for 60 s, on both
// databases, no request times out, none answers 5xx (a 503 "try again" included), and the long work completes.
//   npm run bench:mixed [-- [--db pglite,postgres] [--clients 200] [--writes 0.4] [--clubs 10] [--duration 60] [--per-kind 150] [--import-rows 50000]]
// Results: a table on stdout and bench/results/mixed-load.json.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { athletesFile } from './support/athletes-file';
import { withDemoServer } from './support/demo-server';
import { checkScenario, driveSpread, graphql, HEALTHZ, PEOPLE_LIST, PEOPLE_PAGE, type Measured, type Scenario } from './support/load';
import { log, logTargets, writeResults, type Target } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    clients: { type: 'string', default: '200' },
    writes: { type: 'string', default: '0.4' },
    clubs: { type: 'string', default: '10' },
    duration: { type: 'string', default: '60' },
    'per-kind': { type: 'string', default: '150' },
    'import-rows': { type: 'string', default: '50000' },
  },
});
const DATABASES = args.db.split(',').map((s) => s.trim()) as Database[];
const CLIENTS = Number(args.clients);
/** The share of the clients that save (the audit's mix: 40 %), and the clubs they save in. */
const WRITES = Number(args.writes);
const CLUBS = Math.max(1, Number(args.clubs));
const DURATION = Number(args.duration);
const IMPORT_ROWS = Number(args['import-rows']);
type Database = 'pglite' | 'postgres';

const DASHBOARD = `query DashboardPage_Dashboard { dashboard { kinds { kind active addedToday addedThisWeek } people addedToday addedThisWeek
  certificatesValid certificatesExpiring certificatesExpired certificatesMissing postsThisWeek today weekStart certificatesExpiringUntil } }`;
const SEND_NOTICE = `mutation Bench_SendNotice($input: SendNoticeInput!) { sendNotice(input: $input) { __typename ... on BaseError { message } } }`;
const SAVE_GROUP = `mutation Bench_SaveGroup($input: SaveGroupInput!) { saveGroup(input: $input) { __typename ... on BaseError { message } } }`;
const EXPORT = `query Bench_Export { exportList(list: people, kind: athlete, format: xlsx) { filename byteSize } }`;

const SIGN_UP = `mutation Bench_SignUp($input: SignUpInput!) { signUp(input: $input) { ... on MutationSignUpSuccess { data { token } } ... on BaseError { message } } }`;
const gql = (query: string, variables: object) => JSON.stringify({ query, variables });

/** The reads, all on the demo club (its people fill the pages), and /healthz. */
function readScenarios(): Scenario[] {
  return [
    HEALTHZ,
    PEOPLE_LIST,
    { name: 'GraphQL search "ros"', method: 'POST', path: '/graphql', body: gql(PEOPLE_PAGE, { kind: 'athlete', search: 'ros', first: 8, offset: 0 }), auth: true },
    { name: 'REST athlete/load', method: 'POST', path: '/api/athlete/load', body: JSON.stringify({}), auth: true },
    { name: 'GraphQL dashboard', method: 'POST', path: '/graphql', body: gql(DASHBOARD, {}), auth: true },
  ];
}

/** A club of the run: who signs in for it, and the body of each of its saves (its own group, athlete and post). */
interface Club {
  auth: Record<string, string>;
  saves: Record<string, string>;
}

const WRITE_KINDS: Scenario[] = [
  { name: 'GraphQL saveGroup', method: 'POST', path: '/graphql', auth: true },
  { name: 'REST athlete/save', method: 'POST', path: '/api/athlete/save', auth: true },
  { name: 'REST post/save', method: 'POST', path: '/api/post/save', auth: true },
  // A notice to the club's athletes: recorded, then mailed by the delivery job (past the club's daily limit, a 4xx).
  { name: 'GraphQL sendNotice', method: 'POST', path: '/graphql', auth: true },
];

async function rest<T>(url: string, auth: Record<string, string>, path: string, body: object): Promise<T> {
  const res = await fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { status: boolean; message: string; context: T };
  if (!answer.status) throw new Error(`${path}: ${res.status} ${answer.message}`);
  return answer.context;
}

/** The demo club (signed in already) and `CLUBS - 1` more signed up through the API, each with a record of each kind to save. */
async function clubs(url: string, demoAuth: Record<string, string>): Promise<Club[]> {
  const list: Club[] = [];
  for (let n = 0; n < CLUBS; n++) {
    let auth = demoAuth;
    if (n > 0) {
      const signUp = await graphql<{ signUp: { data?: { token: string }; message?: string } }>(url, {}, SIGN_UP, {
        input: {
          taxIdCode: 'RSSMRA80A01H501U', firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: 1, fullName: `ASD Carico ${n}`,
          foundation: 1990, vatNumber: '12345678901', typeSport: 'rugby', email: `carico-${n}-${Date.now()}@example.it`,
          password: 'password-sicura-1', passwordConfirmation: 'password-sicura-1',
        },
      });
      if (!signUp.signUp.data) throw new Error(`sign-up of club ${n}: ${signUp.signUp.message}`);
      const bearer = { authorization: `Bearer ${signUp.signUp.data.token}` };
      const me = await graphql<{ me: { profile: { clubs: { token: string }[] } } }>(url, bearer, `{ me { profile { clubs { token } } } }`);
      auth = { ...bearer, 'x-club': me.me.profile.clubs[0].token };
    }
    const group = await graphql<{ saveGroup: { data: { group: { id: string } } } }>(url, auth, `mutation { saveGroup(input: { name: "Carico", type: athlete }) { ... on MutationSaveGroupSuccess { data { group { id } } } } }`);
    const profile = { firstname: 'Paola', lastname: 'Carico', tax_id_code: 'CRCPLA90A41H501O', type_gender_id: 2 };
    const athlete = await rest<{ id: string }>(url, auth, '/athlete/save', { profile });
    const post = await rest<{ id: string }>(url, auth, '/post/save', { title: 'Carico', caption: 'Avviso', priority: 1, group_ids: [] });
    list.push({
      auth,
      saves: {
        'GraphQL saveGroup': gql(SAVE_GROUP, { input: { id: group.saveGroup.data.group.id, name: 'Carico', type: 'athlete' } }),
        'REST athlete/save': JSON.stringify({ id: athlete.id, profile }),
        'REST post/save': JSON.stringify({ id: post.id, title: 'Carico', caption: 'Avviso', priority: 1, group_ids: [] }),
        'GraphQL sendNotice': gql(SEND_NOTICE, { input: { title: 'Carico', body: 'Avviso di carico.', audience: { roleKinds: ['athlete'] } } }),
      },
    });
  }
  return list;
}

/** `n` clients over `k` parts, as evenly as can be. */
const split = (n: number, k: number) => Array.from({ length: k }, (_, i) => Math.floor(n / k) + (i < n % k ? 1 : 0));

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
    const reads = readScenarios();
    const saving = await clubs(url, auth);
    for (const s of reads) await checkScenario(url, auth, s);
    for (const club of saving) for (const s of WRITE_KINDS) await checkScenario(url, club.auth, { ...s, body: club.saves[s.name] });
    const writers = Math.round(CLIENTS * WRITES);
    const readers = split(CLIENTS - writers, reads.length);
    const perKind = split(writers, WRITE_KINDS.length);
    log(`[${database}] ${CLIENTS} clients for ${DURATION} s: ${CLIENTS - writers} reading, ${writers} saving in ${saving.length} clubs; long work from the 5th second...`);
    const load = [
      ...reads.map((s, i) => driveSpread(url, s, [{ auth, clients: readers[i] }], DURATION)),
      ...WRITE_KINDS.map((s, i) =>
        driveSpread(url, s, split(perKind[i], saving.length).map((clients, c) => ({ auth: saving[c].auth, clients, body: saving[c].saves[s.name] })), DURATION),
      ),
    ];
    const [results, work] = await Promise.all([Promise.all(load), longWork(url, auth)]);
    for (const m of results) {
      log(
        `[${database}] ${String(m.clients).padStart(3)} clients  ${m.scenario.padEnd(28)} ${String(m.requestsPerSecond).padStart(5)} req/s  ` +
          `p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms  p99 ${m.latencyMs.p99} ms  max ${m.latencyMs.max} ms at ${m.slowest.atSecond} s  ` +
          `errors ${m.errors} non-2xx ${m.non2xx}${m.statuses ? ` ${JSON.stringify(m.statuses)}` : ''} timeouts ${m.timeouts}`,
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
    const count = (pick: (status: number) => boolean) => results.reduce((n, r) => n + Object.entries(r.statuses ?? {}).reduce((m, [s, c]) => m + (pick(Number(s)) ? c : 0), 0), 0);
    const saves = results.filter((r) => WRITE_KINDS.some((k) => k.name === r.scenario)).reduce((n, r) => n + r.requests, 0);
    return [
      { target: `${database}: no request answers 5xx (of them 503, try again)`, value: `${count((s) => s >= 500)} (${count((s) => s === 503)}) of ${requests}, ${saves} saves`, met: count((s) => s >= 500) === 0 },
      { target: `${database}, ${CLIENTS} clients for ${DURATION} s: no request times out`, value: `${timeouts} of ${requests}`, met: timeouts === 0 },
      { target: `${database}: no request fails`, value: `${failed} of ${requests}`, met: failed === 0 },
      { target: `${database}: the long work completes`, value: work.map((w) => `${w.seconds} s ${w.outcome.split(' ')[0]}`).join(', '), met: work.every((w) => w.outcome.startsWith('ok')) },
    ];
  });
  logTargets('Targets (issue 16 point 4, issue 33 point 1):', targets);
  await writeResults('mixed-load', startedAt, loadAtStart, { clients: CLIENTS, writes: WRITES, clubs: CLUBS, durationSeconds: DURATION, importRows: IMPORT_ROWS, runs, targets });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
