// CORS on /graphql and /api (server/http/cors.ts): no other site may read an answer unless CORS_ORIGINS lists it,
// and none ever gets credentials. Requests themselves are still answered (the Vite dev proxy forwards the
// browser's own Origin; a page of another site could not read them anyway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startTestApp, type TestApp } from '../support/test-app';

const PARTNER = 'https://federazione.example.it';
const EVIL = 'https://evil.example.com';
const GRAPHQL = { url: '/graphql', payload: JSON.stringify({ query: '{ __typename }' }) };
const REST = { url: '/api/login', payload: JSON.stringify({ email: 'nessuno@example.it', password: 'x' }) };

async function send(t: TestApp, target: typeof GRAPHQL, origin: string) {
  return t.app.inject({ method: 'POST', url: target.url, headers: { 'content-type': 'application/json', origin }, payload: target.payload });
}

async function preflight(t: TestApp, url: string, origin: string) {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization, x-club' },
  });
}

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS by default (no CORS_ORIGINS): same origin only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([GRAPHQL, REST])('$url answers another origin without any CORS header', async (target) => {
    const res = await send(t, target, EVIL);
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it.each([GRAPHQL.url, REST.url, '/api/athlete/load'])('a preflight to %s gets no permission', async (url) => {
    const res = await preflight(t, url, EVIL);
    expect(res.statusCode).toBe(204);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it("the Vite dev proxy's requests (the browser's own Origin, another Host) are answered as before", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', host: 'localhost:4000' },
      payload: GRAPHQL.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('CORS_ORIGINS lists the sites that may call the API from a browser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ corsOrigins: loadConfig({ CORS_ORIGINS: `${PARTNER}, http://localhost:8080` }).corsOrigins });
  });
  afterAll(() => t.close());

  it.each([GRAPHQL, REST])('$url: a listed origin may read the answer, without credentials', async (target) => {
    const res = await send(t, target, PARTNER);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it.each([GRAPHQL, REST])('$url: any other origin still gets nothing', async (target) => {
    const res = await send(t, target, EVIL);
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('a preflight from a listed origin allows the headers the API needs', async () => {
    const res = await preflight(t, '/graphql', 'http://localhost:8080');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(expect.arrayContaining(['authorization', 'cache-control', 'content-type', 'x-club']));
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the rest of the site (pages, files) gets no CORS header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: PARTNER } });
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe('the CORS_ORIGINS setting', () => {
  it('takes origins separated by commas', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example.it ,http://localhost:8080,' }).corsOrigins).toEqual(['https://a.example.it', 'http://localhost:8080']);
  });

  it.each(['*', 'https://a.example.it/', 'https://a.example.it/app', 'a.example.it', 'https://A.example.it'])('refuses %s at start', (value) => {
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
  });
});
