// Benchmark (not a test): throughput and latency of the everyday requests on the demo club, under 1 and 50
// concurrent clients, on PostgreSQL and on embedded PGlite, beside `/healthz` in the same run (issue 16 point 3).
// For each database: a fresh database, the demo club loaded (`npm run db:demo`), the real server started as its own
// process (`server/index.ts`, as in production: the load generator does not share its event loop), then autocannon
// drives each scenario for a fixed time. Latencies are measured by the client; the server's own time comes from
// its `Server-Timing: app;dur=` header.
//   npm run bench:throughput [-- [--db postgres,pglite] [--clients 1,50] [--duration 10] [--per-kind 150]]
// Targets on PostgreSQL at 50 clients: the GraphQL list page at least 40 % of /healthz's throughput, p95 < 100 ms;
// one client alone under 2 ms p50 server time for the list page. On these 2-core machines the load generator runs on
// the same cores as the server: the figures are a floor, and ratios within one run are what compare.
// Results: a table on stdout and bench/results/throughput.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_LOGIN } from '../scripts/seed/demo-club';
import { log, logTargets, stats, throwawayDatabase, writeResults, type Stats, type Target } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    clients: { type: 'string', default: '1,50' },
    duration: { type: 'string', default: '10' },
    'per-kind': { type: 'string', default: '150' },
  },
});
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const CLIENTS = args.clients.split(',').map(Number);
const DURATION = Number(args.duration);
const ROOT = path.resolve(import.meta.dirname, '..');

// The admin client's own documents (client/src/features/...), sent as the client sends them.
const PEOPLE_PAGE = `query PeopleListPage_People($kind: PersonKind!, $search: String, $first: Int, $offset: Int) {
  people(kind: $kind, search: $search, first: $first, offset: $offset) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id kind isActive archivedAt certificateStatus person { id firstname lastname taxIdCode emailPrimary phonePrimary } groups { id name } } }
  }
}`;
const DASHBOARD = `query DashboardPage_Dashboard { dashboard { kinds { kind active addedToday addedThisWeek } people addedToday addedThisWeek
  certificatesValid certificatesExpiring certificatesExpired certificatesMissing postsThisWeek today weekStart certificatesExpiringUntil } }`;
const SAVE_GROUP = `mutation Bench_SaveGroup($input: SaveGroupInput!) { saveGroup(input: $input) { __typename ... on BaseError { message } } }`;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  auth: boolean;
}

interface Measured {
  scenario: string;
  clients: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: Stats;
  /** The server's own time per request (Server-Timing), where it sends one. */
  serverMs?: Stats;
  errors: number;
  non2xx: number;
  timeouts: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function run(command: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...command], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command.join(' ')} exited with ${code}`))));
  });
}

async function startServer(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /healthz within 120 s');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function graphql<T>(url: string, headers: Record<string, string>, query: string, variables: object = {}): Promise<T> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (!res.ok || body.errors) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Signs in as the demo owner: the session's bearer and the club's X-Club. */
async function signIn(url: string): Promise<Record<string, string>> {
  const login = await graphql<{ login: { data?: { token: string } } }>(url, {}, `mutation($i: LoginInput!) { login(input: $i) { ... on MutationLoginSuccess { data { token } } } }`, {
    i: DEMO_LOGIN,
  });
  const token = login.login.data?.token;
  if (!token) throw new Error('the demo login failed');
  const me = await graphql<{ me: { profile: { clubs: { token: string }[] } } }>(url, { authorization: `Bearer ${token}` }, `{ me { profile { clubs { token } } } }`);
  return { authorization: `Bearer ${token}`, 'x-club': me.me.profile.clubs[0].token };
}

async function scenarios(url: string, auth: Record<string, string>): Promise<Scenario[]> {
  const group = await graphql<{ saveGroup: { data: { group: { id: string } } } }>(url, auth, `mutation { saveGroup(input: { name: "Benchmark", type: athlete }) { ... on MutationSaveGroupSuccess { data { group { id } } } } }`);
  const gql = (query: string, variables: object) => JSON.stringify({ query, variables });
  return [
    { name: 'GET /healthz', method: 'GET', path: '/healthz', auth: false },
    { name: 'GraphQL people list page', method: 'POST', path: '/graphql', body: gql(PEOPLE_PAGE, { kind: 'athlete', first: 8, offset: 0 }), auth: true },
    { name: 'REST athlete/load', method: 'POST', path: '/api/athlete/load', body: JSON.stringify({}), auth: true },
    { name: 'GraphQL search "ros"', method: 'POST', path: '/graphql', body: gql(PEOPLE_PAGE, { kind: 'athlete', search: 'ros', first: 8, offset: 0 }), auth: true },
    { name: 'GraphQL dashboard', method: 'POST', path: '/graphql', body: gql(DASHBOARD, {}), auth: true },
    { name: 'GraphQL save (a group)', method: 'POST', path: '/graphql', body: gql(SAVE_GROUP, { input: { id: group.saveGroup.data.group.id, name: 'Benchmark', type: 'athlete' } }), auth: true },
  ];
}

/** Checks that a scenario's request is answered correctly once, so the load is not measuring refusals. */
async function checkScenario(url: string, auth: Record<string, string>, s: Scenario) {
  const res = await fetch(`${url}${s.path}`, { method: s.method, headers: { 'content-type': 'application/json', ...(s.auth ? auth : {}) }, body: s.body });
  const text = await res.text();
  // A save answers a union: its success member's name says it was accepted.
  const refused = text.includes('"errors"') || text.includes('"status":false') || (s.body?.includes('mutation') && !text.includes('Success'));
  if (!res.ok || refused) {
    throw new Error(`${s.name}: ${res.status} ${text.slice(0, 300)}`);
  }
}

async function drive(url: string, auth: Record<string, string>, s: Scenario, clients: number): Promise<Measured> {
  const latencies: number[] = [];
  const server: number[] = [];
  const options: autocannon.Options = {
    url,
    connections: clients,
    duration: DURATION,
    timeout: 10,
    requests: [
      {
        method: s.method,
        path: s.path,
        headers: { 'content-type': 'application/json', ...(s.auth ? auth : {}) },
        ...(s.body ? { body: s.body } : {}),
        onResponse: (_status, _body, _context, headers) => {
          const header = headers?.['server-timing'];
          const timing = /app;dur=([\d.]+)/.exec(typeof header === 'string' ? header : '');
          if (timing) server.push(Number(timing[1]));
        },
      },
    ],
  };
  // With a callback autocannon returns its instance, whose 'response' events carry each request's latency.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error as Error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    scenario: s.name,
    clients,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / DURATION),
    latencyMs: stats(latencies.length ? latencies : [0]),
    ...(server.length ? { serverMs: stats(server) } : {}),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<{ database: string; results: Measured[] } | null> {
  const target = await throwawayDatabase(database, 'throughput');
  if (!target) return null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    // The benchmark signs in once and sends thousands of requests from one address: no throttle may bite.
    RATE_LIMIT_FACTOR: '1000',
  };
  if (!target.databaseUrl) delete env.DATABASE_URL;
  let server: ChildProcess | undefined;
  try {
    log(`\n[${database}] loading the demo club (${args['per-kind']} people per kind)...`);
    await run(['scripts/demo-club.ts', '--per-kind', args['per-kind']], env);
    server = await startServer(env, url);
    const auth = await signIn(url);
    const list = await scenarios(url, auth);
    const results: Measured[] = [];
    for (const s of list) await checkScenario(url, auth, s);
    for (const clients of CLIENTS) {
      for (const s of list) {
        const m = await drive(url, auth, s, clients);
        results.push(m);
        log(
          `[${database}] ${String(clients).padStart(3)} clients  ${s.name.padEnd(28)} ${String(m.requestsPerSecond).padStart(6)} req/s  ` +
            `p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms` +
            (m.serverMs ? `  server p50 ${m.serverMs.p50} ms` : '') +
            (m.errors + m.non2xx + m.timeouts ? `  errors ${m.errors} non-2xx ${m.non2xx} timeouts ${m.timeouts}` : ''),
        );
      }
    }
    return { database, results };
  } finally {
    if (server) await stopServer(server);
    await target.cleanup();
  }
}

function ratio(results: Measured[], scenario: string, clients: number): number | null {
  const health = results.find((r) => r.scenario === 'GET /healthz' && r.clients === clients);
  const page = results.find((r) => r.scenario === scenario && r.clients === clients);
  return health && page && health.requestsPerSecond ? page.requestsPerSecond / health.requestsPerSecond : null;
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const runs: { database: string; results: Measured[] }[] = [];
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
  const listAt50 = pg.find((r) => r.scenario === 'GraphQL people list page' && r.clients === 50);
  const listAlone = pg.find((r) => r.scenario === 'GraphQL people list page' && r.clients === 1);
  const share = ratio(pg, 'GraphQL people list page', 50);
  const targets: Target[] = [
    { target: 'PostgreSQL, 50 clients: GraphQL list page >= 40 % of /healthz', value: share === null ? 'not measured' : `${(share * 100).toFixed(1)} %`, met: share === null ? null : share >= 0.4 },
    { target: 'PostgreSQL, 50 clients: GraphQL list page p95 < 100 ms', value: listAt50 ? `${listAt50.latencyMs.p95} ms` : 'not measured', met: listAt50 ? listAt50.latencyMs.p95 < 100 : null },
    {
      target: 'PostgreSQL, 1 client: GraphQL list page server time p50 < 2 ms',
      value: listAlone?.serverMs ? `${listAlone.serverMs.p50} ms` : 'not measured',
      met: listAlone?.serverMs ? listAlone.serverMs.p50 < 2 : null,
    },
  ];
  logTargets('Targets (issue 16; GraphQL vs raw pg: npm run bench:people):', targets);
  await writeResults('throughput', startedAt, loadAtStart, { durationSeconds: DURATION, clients: CLIENTS, runs, ratios, targets });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
