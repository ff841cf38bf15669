// The client's IP (rate limits, sessions, the access log, the request log) comes from X-Forwarded-For only through
// the proxies TRUST_PROXY names: by default a client's own header is ignored. Real HTTP servers on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createClub, PASSWORD, type TestClub } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { leadPayload } from './leads/lead-fixtures';

const SUBMIT_LEAD = `mutation($input: SubmitLeadInput!) { submitLead(input: $input) { __typename } }`;

interface Served {
  t: TestApp;
  url: string;
  club: TestClub;
  logLines: Array<Record<string, any>>;
}

async function serve(trustProxy: false | string[]): Promise<Served> {
  const logLines: Array<Record<string, any>> = [];
  const t = await startTestApp({ trustProxy, logLevel: 'info' }, { logStream: { write: (line) => void logLines.push(JSON.parse(line)) } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  return { t, url: `http://127.0.0.1:${port}`, club: await createClub(t.deps), logLines };
}

/** Signs in through REST with this X-Forwarded-For; the IP the server saw, as the session and the access log keep it. */
async function signInFrom(s: Served, forwardedFor: string): Promise<{ session: string | null; accessLog: string | null; requestLog: string }> {
  const res = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: s.club.email, password: PASSWORD }),
  });
  const body = (await res.json()) as { status: boolean };
  expect(body.status).toBe(true);
  const session = await s.t.deps.systemDb.session.findFirstOrThrow({ where: { accountId: s.club.accountId }, orderBy: { createdAt: 'desc' } });
  await s.t.deps.accessLog.flush();
  const line = await s.t.deps.systemDb.accessLogEntry.findFirstOrThrow({ where: { actorAccountId: s.club.accountId, action: 'sign_in' }, orderBy: { id: 'desc' } });
  const logged = s.logLines.filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/login').at(-1);
  return { session: session.ip, accessLog: line.ip, requestLog: logged?.req?.remoteAddress };
}

/** Submits leads (10 an hour per IP), each with its own X-Forwarded-For; the answers' types. */
async function leadsFrom(s: Served, forwardedFor: string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const xff of forwardedFor) {
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      body: JSON.stringify({ query: SUBMIT_LEAD, variables: { input: leadPayload() } }),
    });
    answers.push(((await res.json()) as { data: { submitLead: { __typename: string } } }).data.submitLead.__typename);
  }
  return answers;
}

const spoofed = Array.from({ length: 11 }, (_, i) => `203.0.113.${i + 1}`);

describe('by default (TRUST_PROXY unset) nobody is trusted', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(loadConfig({}).trustProxy);
  });
  afterAll(() => s.t.close());

  it('a spoofed X-Forwarded-For is ignored: sessions, the access log and the request log keep the peer address', async () => {
    expect(await signInFrom(s, '203.0.113.7')).toEqual({ session: '127.0.0.1', accessLog: '127.0.0.1', requestLog: '127.0.0.1' });
  });

  it('and gives no fresh allowance: the 11th lead from one peer is refused whatever the header says', async () => {
    expect(await leadsFrom(s, spoofed)).toEqual([...Array(10).fill('MutationSubmitLeadSuccess'), 'RateLimitError']);
  });
});

describe('TRUST_PROXY names the proxies in front (here loopback, and an internal network)', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy);
  });
  afterAll(() => s.t.close());

  it('the address the trusted proxy adds is the client', async () => {
    expect(await signInFrom(s, '203.0.113.7')).toEqual({ session: '203.0.113.7', accessLog: '203.0.113.7', requestLog: '203.0.113.7' });
  });

  it('what the client wrote before it is not: only trusted hops are skipped', async () => {
    expect((await signInFrom(s, '198.51.100.9, 203.0.113.7')).session).toBe('203.0.113.7');
    // two trusted hops (the loopback proxy, then one on 10.x): the address before them is the client
    expect((await signInFrom(s, '198.51.100.9, 10.1.2.3')).session).toBe('198.51.100.9');
  });

  it('each client behind the proxy has its own allowance', async () => {
    expect(await leadsFrom(s, spoofed)).toEqual(Array(11).fill('MutationSubmitLeadSuccess'));
  });
});

describe('the TRUST_PROXY setting', () => {
  it('takes addresses, CIDR networks and the names loopback, linklocal, uniquelocal', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5 , 192.168.0.0/16,fd00::/8, loopback ' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it.each(['true', '1', '2'])('refuses %s (it would not say which proxies: a direct client could pick its own IP)', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=".*" non indica quali proxy/);
  });

  it.each(['10.0.0.300', '10.0.0.0/33', 'proxy.example.it', '10.0.0.0/8/1'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY contiene un valore non valido: "${value}"`);
  });
});
