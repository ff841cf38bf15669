// Golden envelopes of the legacy lead route (spec §7: POST /api/lead, no auth) and of the operators' CSV refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { rest } from '../support/http';
import { readOutbox, startTestApp, type TestApp } from '../support/test-app';
import { legacyLeadPayload } from '../server/leads/lead-fixtures';

let t: TestApp;
beforeAll(async () => {
  // A generous allowance here: these tests all come from the same address; the limit has its own app below.
  t = await startTestApp({ salesEmail: 'vendite@campobase.test', rateLimitFactor: 50 });
});
afterAll(() => t.close());

describe('POST /api/lead', () => {
  it('stores the lead and answers it in the legacy names with the confirmation', async () => {
    const payload = legacyLeadPayload({ funnel_name: 'volantino-2026' });
    const res = await rest(t.app, '/lead', payload);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: MSG.leadSent,
      context: {
        lead: {
          id: expect.any(String),
          name: 'Giulia Ferrari',
          email: payload.email,
          phone: '3331234567',
          club_name: 'ASD Pallavolo Riviera',
          role: 'Presidente',
          region: 'Liguria',
          members: '51 - 200',
          funnel_name: 'volantino-2026',
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      },
    });
    const stored = await t.deps.systemDb.lead.findUniqueOrThrow({ where: { id: res.body.context.lead.id } });
    expect(stored).toMatchObject({ funnelName: 'volantino-2026', ip: '127.0.0.1', userAgent: 'lightMyRequest' });
    expect((await readOutbox(t.dataDir)).some((m) => m.to === 'vendite@campobase.test' && m.text.includes(payload.email))).toBe(true);
  });

  it("takes the funnel from `fn` too, funnel_name first, and records 'direct' without either", async () => {
    const fn = await rest(t.app, '/lead', legacyLeadPayload({ fn: 'Fiera Rimini' }));
    expect(fn.body.context.lead.funnel_name).toBe('fiera-rimini');
    const both = await rest(t.app, '/lead', legacyLeadPayload({ fn: 'altro', funnel_name: 'newsletter' }));
    expect(both.body.context.lead.funnel_name).toBe('newsletter');
    const none = await rest(t.app, '/lead', legacyLeadPayload({ region: null }));
    expect(none.body.context.lead).toMatchObject({ funnel_name: 'direct', region: null });
  });

  it("answers status false, 'Alcuni campi non sono validi' and the errors under the legacy field names", async () => {
    const before = await t.deps.systemDb.lead.count();
    const res = await rest(t.app, '/lead', { name: 'Solo Nome', email: 'non-una-email', phone: '12ab', region: 'Atlantide' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: false,
      message: MSG.invalidFields,
      context: {
        errors: {
          email: MSG.emailInvalid,
          phone: MSG.leadPhoneInvalid,
          club_name: MSG.leadClubRequired,
          role: MSG.leadRoleRequired,
          region: MSG.leadRegionInvalid,
          members: MSG.leadMembersRequired,
        },
      },
    });
    expect(await t.deps.systemDb.lead.count()).toBe(before);
  });

  it('needs no credentials and ignores a stale session token', async () => {
    const res = await rest(t.app, '/lead', legacyLeadPayload(), { token: 'sessione-scaduta' });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
  });

  it('answers an empty body with every required field', async () => {
    const res = await rest(t.app, '/lead', {});
    expect(res.body.status).toBe(false);
    expect(Object.keys(res.body.context.errors)).toEqual(['name', 'email', 'phone', 'club_name', 'role', 'members']);
  });
});

describe('POST /api/lead rate limit', () => {
  it('answers 429 with Retry-After and the Italian message past 3 requests an hour for one email', async () => {
    const limited = await startTestApp();
    try {
      const payload = legacyLeadPayload();
      for (let i = 0; i < 3; i++) expect((await rest(limited.app, '/lead', payload)).body.status).toBe(true);
      const res = await rest(limited.app, '/lead', payload);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      expect(res.body).toEqual({ status: false, context: null, message: MSG.rateLimited(60) });
      expect(await limited.deps.systemDb.lead.count()).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/leads/export.csv refusals', () => {
  it('401 without a session, 403 for a club account: the envelope, never a row', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/leads/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: false, context: null, message: MSG.notAuthenticated });

    const signup = await rest(t.app, '/register', {
      tax_id_code: 'VRDLGU85M41F205T', firstname: 'Luigia', lastname: 'Verdi', birthday: '1985-08-01', role: 1,
      full_name: 'SSD Nuoto Verdi', foundation: '2001', vat_number: '09876543210', type_sport: 'nuoto',
      email: 'luigia.lead@example.it', password: 'segreta-123', password_confirmation: 'segreta-123',
    });
    const refused = await t.app.inject({ method: 'GET', url: '/api/leads/export.csv', headers: { authorization: `Bearer ${signup.body.context.token}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, context: null, message: MSG.operatorsOnly });
  });
});
