// Load on the running server: the demo owner's sign-in (once per run: login is rate-limited per IP and account,
// and the limits are shared by every instance on PostgreSQL), the admin client's people list document, a check that
// a scenario is really answered, and autocannon driving one scenario for a fixed time with the client's latencies
// and the server's own time (`Server-Timing: app;dur=`).
import autocannon from 'autocannon';
import { DEMO_LOGIN } from '../../scripts/seed/demo-club';
import { stats, type Stats } from '../throwaway-database';

// The admin client's own document (client/src/features/people/...), sent as the client sends it.
export const PEOPLE_PAGE = `query PeopleListPage_People($kind: PersonKind!, $search: String, $first: Int, $offset: Int) {
  people(kind: $kind, search: $search, first: $first, offset: $offset) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id kind isActive archivedAt certificateStatus person { id firstname lastname taxIdCode emailPrimary phonePrimary } groups { id name } } }
  }
}`;

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  auth: boolean;
  /** Sent besides the JSON content type and the session (e.g. `Cache-Control: no-cache`). */
  headers?: Record<string, string>;
}

export const HEALTHZ: Scenario = { name: 'GET /healthz', method: 'GET', path: '/healthz', auth: false };
export const PEOPLE_LIST: Scenario = {
  name: 'GraphQL people list page',
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query: PEOPLE_PAGE, variables: { kind: 'athlete', first: 8, offset: 0 } }),
  auth: true,
};

export interface Measured {
  scenario: string;
  clients: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: Stats;
  /** The server's own time per request (Server-Timing), where it sends one. */
  serverMs?: Stats;
  /** The share of answers the answer cache served (Server-Timing `cache;desc=hit`), where any was. */
  answersKept?: number;
  errors: number;
  non2xx: number;
  /** The non-2xx answers by HTTP status, where there were any. */
  statuses?: Record<string, number>;
  timeouts: number;
  /** When the slowest request was answered, in seconds from the start of the run, and its latency. */
  slowest: { atSecond: number; ms: number };
}

export async function graphql<T>(url: string, headers: Record<string, string>, query: string, variables: object = {}): Promise<T> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (!res.ok || body.errors) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Signs in as the demo owner: the session's bearer and the club's X-Club. */
export async function signIn(url: string): Promise<Record<string, string>> {
  const login = await graphql<{ login: { data?: { token: string } } }>(url, {}, `mutation($i: LoginInput!) { login(input: $i) { ... on MutationLoginSuccess { data { token } } } }`, {
    i: DEMO_LOGIN,
  });
  const token = login.login.data?.token;
  if (!token) throw new Error('the demo login failed');
  const me = await graphql<{ me: { profile: { clubs: { token: string }[] } } }>(url, { authorization: `Bearer ${token}` }, `{ me { profile { clubs { token } } } }`);
  return { authorization: `Bearer ${token}`, 'x-club': me.me.profile.clubs[0].token };
}

/** Checks that a scenario's request is answered correctly once, so the load is not measuring refusals. */
export async function checkScenario(url: string, auth: Record<string, string>, s: Scenario) {
  const res = await fetch(`${url}${s.path}`, { method: s.method, headers: { 'content-type': 'application/json', ...(s.auth ? auth : {}), ...s.headers }, body: s.body });
  const text = await res.text();
  // A save answers a union: its success member's name says it was accepted.
  const refused = text.includes('"errors"') || text.includes('"status":false') || (s.body?.includes('mutation') && !text.includes('Success'));
  if (!res.ok || refused) {
    throw new Error(`${s.name}: ${res.status} ${text.slice(0, 300)}`);
  }
}

/** `clients` concurrent connections sending scenario `s` to `url` for `durationSeconds`, each request timing out after 10 s. */
export function drive(url: string, auth: Record<string, string>, s: Scenario, clients: number, durationSeconds: number): Promise<Measured> {
  return driveSpread(url, s, [{ auth, clients }], durationSeconds);
}

/**
 * Scenario `s` sent at the same time by several groups of connections, each with its own credentials (one club's
 * saves each, for example), measured as one: requests, latencies and failures of all the groups together.
 */
export async function driveSpread(
  url: string,
  s: Scenario,
  groups: ReadonlyArray<{ auth: Record<string, string>; clients: number; /** this group's own body */ body?: string }>,
  durationSeconds: number,
): Promise<Measured> {
  const latencies: number[] = [];
  const server: number[] = [];
  let answersKept = 0;
  const startedAt = performance.now();
  const slowest = { atSecond: 0, ms: 0 };
  const runOne = (auth: Record<string, string>, clients: number, body = s.body) => {
    const options: autocannon.Options = {
      url,
      connections: clients,
      duration: durationSeconds,
      timeout: 10,
      requests: [
        {
          method: s.method,
          path: s.path,
          headers: { 'content-type': 'application/json', ...(s.auth ? auth : {}), ...s.headers },
          ...(body ? { body } : {}),
          onResponse: (_status, _body, _context, headers) => {
            const header = headers?.['server-timing'];
            const timing = /app;dur=([\d.]+)/.exec(typeof header === 'string' ? header : '');
            if (timing) server.push(Number(timing[1]));
            if (typeof header === 'string' && header.includes('cache;desc=hit')) answersKept++;
          },
        },
      ],
    };
    // With a callback autocannon returns its instance, whose 'response' events carry each request's latency.
    return new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(options, (error, done) => (error ? reject(error as Error) : resolve(done)));
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        latencies.push(responseTime);
        if (responseTime > slowest.ms) Object.assign(slowest, { ms: Math.round(responseTime), atSecond: Math.round((performance.now() - startedAt) / 100) / 10 });
      });
    });
  };
  const results = await Promise.all(groups.filter((g) => g.clients > 0).map((g) => runOne(g.auth, g.clients, g.body)));
  const total = (pick: (r: autocannon.Result) => number) => results.reduce((n, r) => n + pick(r), 0);
  const requests = total((r) => r.requests.total);
  const statuses = statusCounts(results);
  return {
    scenario: s.name,
    clients: groups.reduce((n, g) => n + g.clients, 0),
    requests,
    requestsPerSecond: Math.round(requests / durationSeconds),
    latencyMs: stats(latencies.length ? latencies : [0]),
    ...(server.length ? { serverMs: stats(server) } : {}),
    ...(answersKept ? { answersKept: Math.round((answersKept / Math.max(1, requests)) * 1000) / 1000 } : {}),
    errors: total((r) => r.errors),
    non2xx: total((r) => r.non2xx),
    ...(Object.keys(statuses).length ? { statuses } : {}),
    timeouts: total((r) => r.timeouts),
    slowest,
  };
}

/** How many answers of each non-2xx HTTP status (a 503 is a refusal to retry, a 500 a failure), summed over runs. */
function statusCounts(results: autocannon.Result[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) {
    for (const [status, { count }] of Object.entries(r.statusCodeStats ?? {}) as Array<[string, { count?: number }]>) {
      if (!status.startsWith('2') && count) counts[status] = (counts[status] ?? 0) + count;
    }
  }
  return counts;
}
