// Bad input at the transport level: clear Italian messages, 4xx statuses, the server keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { startTestApp, type TestApp } from '../support/test-app';
import { rest } from '../support/http';
import { createClub } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('transport errors', () => {
  it('malformed JSON: 400 with the envelope (REST) or a GraphQL error', async () => {
    const r = await post('/api/login', '{"email": "a@b.it",');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ status: false, context: null, message: MSG.malformedJson });
    const g = await post('/graphql', '{"query": ');
    expect(g.statusCode).toBe(400);
    expect(g.json()).toEqual({ errors: [{ message: MSG.malformedJson, extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('a 10 MB body: 413 and nothing stored', async () => {
    const before = await t.deps.systemDb.account.count();
    const huge = JSON.stringify({ email: 'grande@example.it', password: 'x'.repeat(10 * 1024 * 1024) });
    const r = await post('/api/register', huge);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ status: false, context: null, message: MSG.bodyTooLarge });
    expect(await t.deps.systemDb.account.count()).toBe(before);
  });

  it('an unsupported media type: 415', async () => {
    const r = await post('/api/login', 'email=a', { 'content-type': 'text/csv' });
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toBe(MSG.unsupportedMediaType);
  });

  it('an empty JSON body on a no-payload call is accepted as {}', async () => {
    const club = await createClub(t.deps);
    const r = await t.app.inject({ method: 'POST', url: '/api/me', headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe(true);
  });

  it('an unknown /api route: 404 envelope', async () => {
    const r = await post('/api/inesistente', '{}');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ status: false, context: null, message: MSG.routeNotFound });
  });

  it('an invalid club header: 403 with the Italian message', async () => {
    const club = await createClub(t.deps);
    const r = await rest(t.app, '/app', undefined, { token: club.token, club: 'non-esiste' });
    expect(r.statusCode).toBe(403);
    expect(r.body.message).toBe(MSG.clubForbidden);
  });

  it('keeps serving after all of the above', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: t.databaseKind });
  });
});

describe('XSRF-TOKEN', () => {
  it('issues the cookie, accepts a matching X-XSRF-TOKEN and refuses a forged one', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();

    const matching = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.it', password: 'x' },
      cookies: { 'XSRF-TOKEN': cookie!.value },
      headers: { 'x-xsrf-token': cookie!.value },
    });
    expect(matching.statusCode).toBe(200);
    expect(matching.json().message).toBe(MSG.loginFailed);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.it', password: 'x' },
      cookies: { 'XSRF-TOKEN': cookie!.value },
      headers: { 'x-xsrf-token': 'falso' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ status: false, context: null, message: MSG.xsrfMismatch });
  });
});
