// Ordinary client errors are logged at info, one line without a stack; only unexpected failures reach the error
// level, with their stack. The app's real pino logger writes to a stream the test reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  refusal?: { code?: string; status?: number; message: string };
}

const INFO = 30;
const ERROR = 50;
let lines: LogLine[] = [];
let t: TestApp;
let club: TestClub;

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } });
  club = await createClub(t.deps);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const signedIn = () => ({ ...json, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken });

/** Sends one request and answers the log lines it produced (but Fastify's own request/response lines). */
async function logged(request: Request) {
  lines = [];
  const res = await t.app.inject(request);
  return { status: res.statusCode, lines: lines.filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed') };
}

interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const gqlBody = (query: string, variables?: unknown) => JSON.stringify({ query, variables });

describe('client errors: info, no stack', () => {
  const CASES: Array<[string, Request]> = [
    ['malformed JSON (REST)', { method: 'POST', url: '/api/login', headers: json, payload: '{"email":' }],
    ['malformed JSON (GraphQL)', { method: 'POST', url: '/graphql', headers: json, payload: '{"query":' }],
    ['unsupported media type', { method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }],
    ['no session (REST)', { method: 'POST', url: '/api/me', headers: json, payload: '{}' }],
    ['another club (REST)', { method: 'POST', url: '/api/app', headers: { 'x-club': 'altro' }, payload: '{}' }],
    ['invalid fields (REST)', { method: 'POST', url: '/api/athlete/save', headers: {}, payload: '{}' }],
    ['GraphQL syntax error', { method: 'POST', url: '/graphql', headers: json, payload: gqlBody('{ me ') }],
    ['GraphQL unknown field', { method: 'POST', url: '/graphql', headers: json, payload: gqlBody('{ nope }') }],
    ['GraphQL variable of the wrong type', { method: 'POST', url: '/graphql', headers: json, payload: gqlBody('query($n: Int) { myNotifications(first: $n) { id } }', { n: 'x' }) }],
    ['GraphQL without a session', { method: 'POST', url: '/graphql', headers: json, payload: gqlBody('{ club { id } }') }],
    ['GraphQL negative first', { method: 'POST', url: '/graphql', headers: {}, payload: gqlBody('{ groups(first: -1) { edges { cursor } } }') }],
    ['GraphQL crafted cursor', { method: 'POST', url: '/graphql', headers: {}, payload: gqlBody(`{ groups(after: "${Buffer.from('GPC:N:5').toString('base64')}") { edges { cursor } } }`) }],
  ];

  it.each(CASES)('%s', async (_label, request) => {
    const headers = signedInIfEmpty(request.headers);
    const { status, lines: out } = await logged({ ...request, headers });
    expect(status).toBeLessThan(500);
    expect(out.filter((l) => l.level >= ERROR)).toEqual([]);
    for (const line of out) {
      expect(line.level).toBe(INFO);
      expect(line.err).toBeUndefined();
      expect(JSON.stringify(line)).not.toMatch(/\bat .+:\d+:\d+/); // no stack frame anywhere in the line
    }
  });

  it('a refusal says what was refused', async () => {
    const { lines: out } = await logged({ method: 'POST', url: '/api/me', headers: json, payload: '{}' });
    expect(out).toEqual([expect.objectContaining({ level: INFO, msg: 'request refused', refusal: expect.objectContaining({ code: 'UNAUTHENTICATED', status: 401 }) })]);
  });

  it('a rate limit is a refusal too', async () => {
    let last: Awaited<ReturnType<typeof logged>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await logged({ method: 'POST', url: '/api/login', headers: json, payload: JSON.stringify({ email: club.email, password: 'sbagliata-123' }) });
    }
    expect(last!.status).toBe(429);
    expect(last!.lines).toEqual([expect.objectContaining({ level: INFO, refusal: expect.objectContaining({ code: 'RATE_LIMITED' }) })]);
  });
});

describe('unexpected failures: error, with the stack', () => {
  it('on both faces', async () => {
    const original = t.deps.systemDb;
    t.deps.systemDb = original.$extends({
      query: { group: { findMany: () => Promise.reject(new Error('disco pieno')) } },
    }) as unknown as typeof original;
    try {
      const api = await logged({ method: 'POST', url: '/api/group/by-type', headers: signedIn(), payload: '{"type":"athlete"}' });
      expect(api.status).toBe(500);
      const graphql = await logged({ method: 'POST', url: '/graphql', headers: signedIn(), payload: gqlBody('{ groups { edges { cursor } } }') });
      expect(graphql.status).toBeLessThan(500); // GraphQL answers the masked error in the body
      for (const { lines: out } of [api, graphql]) {
        const failures = out.filter((l) => l.level === ERROR);
        expect(failures).toHaveLength(1);
        expect(failures[0].err?.stack).toMatch(/disco pieno/);
      }
    } finally {
      t.deps.systemDb = original;
    }
  });
});

/** Cases without headers, or naming only X-Club, are sent signed in (the club exists only after beforeAll). */
function signedInIfEmpty(headers: Record<string, string>): Record<string, string> {
  const keys = Object.keys(headers);
  return keys.length === 0 || (keys.length === 1 && keys[0] === 'x-club') ? { ...signedIn(), ...headers } : headers;
}
