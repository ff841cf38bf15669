// GET /api/site-config: the public facts the public site reads (analytics id, data controller, the founding-tester
// offer's dates), from configuration.
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLE_LEGAL_ENTITY, loadConfig } from '../../../server/config';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const get = async (app: TestApp['app']) => {
  const res = await app.inject({ method: 'GET', url: '/api/site-config' });
  return { statusCode: res.statusCode, body: res.json() };
};

describe('GET /api/site-config', () => {
  it('answers the example controller and no analytics on a fresh installation', async () => {
    t = await startTestApp({ salesEmail: 'vendite@campobase.test' });
    const res = await get(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: '',
      context: {
        analytics_id: null,
        controller: {
          name: EXAMPLE_LEGAL_ENTITY.name,
          address: EXAMPLE_LEGAL_ENTITY.address,
          vat_number: EXAMPLE_LEGAL_ENTITY.vatNumber,
          email: EXAMPLE_LEGAL_ENTITY.email,
          pec: EXAMPLE_LEGAL_ENTITY.pec,
          configured: false,
        },
        // the spec's dates (§9) until OFFER_* say otherwise
        offer: { free_until: '2025-12', price_locked_until: '2026-07' },
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('vendite@');
  });

  it('answers the configured values, with no credentials needed', async () => {
    const env = {
      ANALYTICS_ID: 'G-AB12CD34EF',
      LEGAL_NAME: 'Sport Digitale S.r.l.',
      LEGAL_ADDRESS: 'Corso Garibaldi 12, 20121 Milano (MI)',
      LEGAL_VAT: '12345678901',
      LEGAL_EMAIL: 'privacy@sportdigitale.it',
      LEGAL_PEC: 'sportdigitale@pec.it',
      OFFER_FREE_UNTIL: '2027-06',
      OFFER_PRICE_LOCKED_UNTIL: '2027-12',
    };
    const { analyticsId, legal, offer } = loadConfig(env);
    t = await startTestApp({ analyticsId, legal, offer });
    const res = await get(t.app);
    expect(res.body.context).toEqual({
      analytics_id: 'G-AB12CD34EF',
      controller: { name: env.LEGAL_NAME, address: env.LEGAL_ADDRESS, vat_number: env.LEGAL_VAT, email: env.LEGAL_EMAIL, pec: env.LEGAL_PEC, configured: true },
      offer: { free_until: '2027-06', price_locked_until: '2027-12' },
    });
  });
});

describe('settings', () => {
  it('fills unset LEGAL_* from the example and marks the controller configured once any is set', () => {
    expect(loadConfig({ LEGAL_NAME: 'ASD Esempio' }).legal).toMatchObject({ name: 'ASD Esempio', address: EXAMPLE_LEGAL_ENTITY.address, configured: true });
  });

  it('accepts one or more sales addresses and refuses malformed ones at start', () => {
    expect(loadConfig({ SALES_EMAIL: ' vendite@esempio.it , marco@esempio.it ' }).salesEmail).toBe('vendite@esempio.it, marco@esempio.it');
    expect(loadConfig({}).salesEmail).toBeUndefined();
    expect(() => loadConfig({ SALES_EMAIL: 'vendite' })).toThrow(/SALES_EMAIL/);
  });

  it('reads the offer months (YYYY-MM) and refuses a malformed month or a lock ending before the free period', () => {
    expect(loadConfig({}).offer).toEqual({ freeUntil: '2025-12', priceLockedUntil: '2026-07' });
    expect(loadConfig({ OFFER_FREE_UNTIL: ' 2027-06 ', OFFER_PRICE_LOCKED_UNTIL: '2027-06' }).offer).toEqual({ freeUntil: '2027-06', priceLockedUntil: '2027-06' });
    expect(() => loadConfig({ OFFER_FREE_UNTIL: 'giugno 2027' })).toThrow(/OFFER_FREE_UNTIL/);
    expect(() => loadConfig({ OFFER_PRICE_LOCKED_UNTIL: '2027-13' })).toThrow(/OFFER_PRICE_LOCKED_UNTIL/);
    expect(() => loadConfig({ OFFER_FREE_UNTIL: '2027-06', OFFER_PRICE_LOCKED_UNTIL: '2027-01' })).toThrow(/non può precedere/);
  });

  it('refuses an analytics id that could break out of a script URL', () => {
    expect(() => loadConfig({ ANALYTICS_ID: 'G-1"><script>' })).toThrow(/ANALYTICS_ID/);
  });
});
