// The security headers every answer carries (helmet, configured in server/app.ts): the content security policy the
// client and the public site are built for, and helmet's other defaults. Analytics origins only when ANALYTICS_ID
// is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_CSP } from '../../server/app';
import { startTestApp, type TestApp } from '../support/test-app';

const directives = (csp: unknown) =>
  Object.fromEntries(String(csp).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

const ANSWERS = [
  { name: 'GET /healthz', request: { method: 'GET', url: '/healthz' } },
  { name: 'POST /graphql', request: { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query":"{ __typename }"}' } },
  { name: 'POST /api/login (legacy, refused)', request: { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{}' } },
  { name: 'an unknown page', request: { method: 'GET', url: '/nessuna-pagina' } },
] as const;

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(ANSWERS)('$name carries the policy and helmet\'s defaults', async ({ request }) => {
    const res = await t.app.inject(request);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });
});

describe('security headers with analytics (ANALYTICS_ID)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ analyticsId: 'G-TEST123' });
  });
  afterAll(() => t.close());

  it('allows the Google tag\'s origins, and nothing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", ...ANALYTICS_CSP.script]);
    expect(csp['connect-src']).toEqual(["'self'", ...ANALYTICS_CSP.connect]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', ...ANALYTICS_CSP.img]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });
});
