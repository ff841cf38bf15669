// The founding-tester offer on the public site (client/src/lib/offer.ts): the dates come from configuration
// (GET /api/site-config's `offer`, the spec's by default), and a period already over is never advertised.
import { describe, expect, it } from 'vitest';
import { offerCopy, offerDatesFrom, offerTerms, SPEC_OFFER_DATES } from '../../client/src/lib/offer';

const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12); // local noon: no time-zone edge
const copyAt = (now: Date, dates = SPEC_OFFER_DATES) => offerCopy(offerTerms(dates, now));
/** Every text a page may show, in one string. */
const everything = (copy: ReturnType<typeof offerCopy>) => JSON.stringify(copy);

describe('offerTerms', () => {
  it("the spec's dates: free until December 2025, the price locked January to July 2026", () => {
    expect(offerTerms(SPEC_OFFER_DATES, at(2025, 10, 1))).toEqual({
      phase: 'free',
      freeUntil: 'dicembre 2025',
      lockedFrom: 'gennaio',
      lockedFromMonth: 'gennaio 2026',
      lockedUntil: 'luglio 2026',
    });
  });

  it('each period includes its last month, to its last day', () => {
    expect(offerTerms(SPEC_OFFER_DATES, new Date(2025, 11, 31, 23, 59)).phase).toBe('free');
    expect(offerTerms(SPEC_OFFER_DATES, new Date(2026, 0, 1, 0, 0)).phase).toBe('priceLocked');
    expect(offerTerms(SPEC_OFFER_DATES, new Date(2026, 6, 31, 23, 59)).phase).toBe('priceLocked');
    expect(offerTerms(SPEC_OFFER_DATES, new Date(2026, 7, 1, 0, 0)).phase).toBe('ended');
  });

  it('names the first locked month with its year when the lock starts in another year than it ends', () => {
    const terms = offerTerms({ freeUntil: '2026-12', priceLockedUntil: '2027-03' }, at(2026, 6, 1));
    expect(terms).toMatchObject({ lockedFrom: 'gennaio', lockedFromMonth: 'gennaio 2027', lockedUntil: 'marzo 2027' });
    expect(offerTerms({ freeUntil: '2026-06', priceLockedUntil: '2027-06' }, at(2026, 1, 1))).toMatchObject({
      lockedFrom: 'luglio 2026',
      lockedUntil: 'giugno 2027',
    });
  });
});

describe('offerCopy', () => {
  it('before the end of the free period: both dates, as the spec words them', () => {
    const copy = copyAt(at(2025, 11, 15));
    expect(copy.headline).toBe('Gratis fino a dicembre 2025. Nessuna carta di credito.');
    expect(copy.dated.map((d) => d.title)).toEqual(['Gratis fino a dicembre 2025', 'Prezzo bloccato da gennaio a luglio 2026']);
    expect(copy.faq?.question).toBe('Cosa succede a gennaio 2026?');
    expect(copy.overBudget).toContain('gratis fino a dicembre 2025');
  });

  it('after the free period: no free months promised, the locked price until its end', () => {
    const copy = copyAt(at(2026, 3, 10));
    expect(everything(copy)).not.toContain('dicembre 2025');
    expect(everything(copy)).not.toMatch(/gratis fino/i);
    expect(copy.headline).toBe('Prezzo bloccato fino a luglio 2026. Nessuna carta di credito per iniziare.');
    expect(copy.dated.map((d) => d.title)).toEqual(['Prezzo bloccato fino a luglio 2026']);
    expect(copy.timeline).toHaveLength(1);
  });

  it('once both periods are over (today, with the spec dates): no date at all, the current conditions', () => {
    const copy = copyAt(at(2026, 11, 26));
    expect(everything(copy)).not.toMatch(/2025|2026|fino a/);
    expect(copy).toMatchObject({ dated: [], timeline: [], cart: [], faq: null });
    expect(copy.overBudget).toBe('Costa più del budget che hai indicato: puoi iniziare con il piano Gratis e passare a questo quando ti serve.');
    expect(copy.headline).toBe('Inizia con il piano Gratis. Nessuna carta di credito.');
  });

  it('dates from configuration move the offer: the same day advertises a later one', () => {
    const copy = copyAt(at(2026, 11, 26), { freeUntil: '2027-06', priceLockedUntil: '2027-12' });
    expect(copy.headline).toBe('Gratis fino a giugno 2027. Nessuna carta di credito.');
    expect(copy.dated.map((d) => d.title)).toEqual(['Gratis fino a giugno 2027', 'Prezzo bloccato da luglio a dicembre 2027']);
  });
});

describe('offerDatesFrom (the server answer)', () => {
  it('reads {free_until, price_locked_until}; anything else is refused (the spec dates are kept)', () => {
    expect(offerDatesFrom({ free_until: '2027-06', price_locked_until: '2027-12' })).toEqual({ freeUntil: '2027-06', priceLockedUntil: '2027-12' });
    expect(offerDatesFrom(undefined)).toBeNull();
    expect(offerDatesFrom({ free_until: '2027-13', price_locked_until: '2027-12' })).toBeNull();
    expect(offerDatesFrom({ free_until: '2027-06', price_locked_until: '2027-01' })).toBeNull();
    expect(offerDatesFrom({ free_until: 2027, price_locked_until: '2027-12' })).toBeNull();
  });
});
