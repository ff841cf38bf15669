// GET /metrics (docs/operations.md): closed without METRICS_TOKEN, a bearer token otherwise; requests counted by
// GraphQL operation name or route pattern (never a URL, an id or a name a client made up), rate-limit refusals by
// action, the database connections and Node's process metrics, on the real app and database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { metricsOf, sample } from '../../support/prometheus';

const TOKEN = 'test-metrics-token-0123456789abcdefghij';
let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp({ metricsToken: TOKEN });
  club = await createClub(t.deps);
});
afterAll(() => t.close());

const scrape = () => metricsOf(t.app, TOKEN);

describe('who may read /metrics', () => {
  it('nobody while METRICS_TOKEN is not set: 404, as for any unknown address', async () => {
    const closed = await startTestApp();
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG.routeNotFound });
    } finally {
      await closed.close();
    }
  });

  it('with the token set, only a request bearing it; others get 401 and learn nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('campobase_');
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe('requests', () => {
  it('are counted by GraphQL operation name and by route pattern, with their status class', async () => {
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) => sample(text, 'campobase_http_request_duration_seconds_count', labels) ?? 0;

    // An operation of the admin client, by its name.
    const me = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}` },
      payload: JSON.stringify({ operationName: 'Session_Me', query: 'query Session_Me { me { id } }' }),
    });
    expect(me.statusCode).toBe(200);
    // Names the client does not define (or none) are all "other".
    for (const operationName of ['Made_Up_By_A_Script', `Id_${randomUUID().replace(/-/g, '')}`, undefined]) {
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ operationName, query: `query ${operationName ?? ''} { __typename }` }),
      });
    }
    // REST: the route's pattern, whatever the id in the URL.
    const fileId = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/files/${fileId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/athlete/load', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/nowhere/${fileId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const after = await scrape();
    const grew = (labels: Record<string, string>) => count(after, labels) - count(before, labels);
    expect(grew({ kind: 'graphql', operation: 'Session_Me', status: '2xx' })).toBe(1);
    expect(grew({ kind: 'graphql', operation: 'other', status: '2xx' })).toBe(3);
    expect(grew({ kind: 'http', operation: 'GET /files/:id', status: '4xx' })).toBe(1);
    expect(grew({ kind: 'http', operation: 'POST /api/athlete/load', status: '4xx' })).toBe(1);
    expect(grew({ kind: 'http', operation: 'unmatched', status: '4xx' })).toBe(1);
    expect(grew({ kind: 'http', operation: 'GET /healthz', status: '2xx' })).toBe(1);
    // The latency is there too: buckets and a sum.
    expect(sample(after, 'campobase_http_request_duration_seconds_bucket', { operation: 'Session_Me', le: '+Inf' })).toBe(count(after, { operation: 'Session_Me' }));
    expect(sample(after, 'campobase_http_request_duration_seconds_sum', { operation: 'Session_Me' })).toBeGreaterThan(0);
    // No raw URL, id or made-up name became a label value.
    expect(after).not.toContain(fileId);
    expect(after).not.toContain('Made_Up_By_A_Script');
    expect(after).not.toMatch(/operation="[^"]*nowhere/);
  });

  it('count each rate-limit refusal by action', async () => {
    const LOGIN = 'mutation Session_Login($input: LoginInput!) { login(input: $input) { __typename } }';
    const attempt = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ operationName: 'Session_Login', query: LOGIN, variables: { input: { email: club.email, password: 'sbagliata-1' } } }),
      });
      return res.json<{ data: { login: { __typename: string } } }>().data.login.__typename;
    };
    // The account's allowance is 10 attempts in 15 minutes.
    for (let i = 0; i < 10; i++) expect(await attempt()).toBe('InvalidCredentialsError');
    expect(sample(await scrape(), 'campobase_rate_limit_refusals_total', { action: 'login' })).toBe(0);
    expect(await attempt()).toBe('RateLimitError');
    expect(await attempt()).toBe('RateLimitError');
    const text = await scrape();
    expect(sample(text, 'campobase_rate_limit_refusals_total', { action: 'login' })).toBe(2);
    expect(sample(text, 'campobase_http_request_duration_seconds_count', { operation: 'Session_Login' })).toBe(12);
  });
});

describe('the database and the process', () => {
  it("report the app's connections: PostgreSQL's pool, or PGlite's one connection", async () => {
    await gql(t.app, '{ __typename }');
    const text = await scrape();
    const app = { pool: 'app' };
    if (t.databaseKind === 'postgres') {
      expect(sample(text, 'campobase_db_pool_max_connections', app)).toBe(10);
      expect(sample(text, 'campobase_db_pool_open_connections', app)).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(text, 'campobase_db_pool_max_connections', app)).toBe(1);
      expect(sample(text, 'campobase_db_pool_open_connections', app)).toBe(1);
    }
    // The scrape runs no query: nothing waits for a connection now.
    expect(sample(text, 'campobase_db_pool_waiting', app)).toBe(0);
    expect(sample(text, 'campobase_db_pool_idle_connections', app)).toBeGreaterThanOrEqual(1);
  });

  it("include Node's process metrics", async () => {
    const text = await scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(sample(text, name, {}), name).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the answer cache', () => {
  it('counts the queries it served from memory and those it executed', async () => {
    const LIST = 'query PeopleListPage_People($kind: PersonKind!) { people(kind: $kind, first: 8) { totalCount edges { node { id } } } }';
    const creds = { token: club.token, club: club.clubToken };
    await vi.waitFor(() => expect(t.deps.sessionCache.serving).toBe(true)); // it serves once changes are heard
    const before = await scrape();
    const [hits, misses] = [sample(before, 'campobase_answer_cache_answers_total', { outcome: 'hit' }), sample(before, 'campobase_answer_cache_answers_total', { outcome: 'miss' })];
    for (let i = 0; i < 3; i++) expect((await gql(t.app, LIST, { kind: 'coach' }, creds)).body.errors).toBeUndefined();
    const text = await scrape();
    expect(sample(text, 'campobase_answer_cache_answers_total', { outcome: 'miss' })).toBe((misses ?? 0) + 1);
    expect(sample(text, 'campobase_answer_cache_answers_total', { outcome: 'hit' })).toBe((hits ?? 0) + 2);
  });
});
