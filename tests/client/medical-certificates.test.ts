// The certificate rules shared by the server and the form (schema/medical-certificates.ts and its validation):
// the state per age and expiry, the validity per type, the suggested expiry, the qualifications' state, the
// Italian messages of a refused certificate.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import {
  addMonths,
  certificateState,
  latestAllowedExpiry,
  mayPlay,
  needsCertificate,
  qualificationState,
  suggestedExpiry,
  typeOfLegacyId,
} from '../../schema/medical-certificates';
import { fieldErrorsOf } from '../../schema/validation/fields';
import { medicalCertificateInput, reminderSettingsInput } from '../../schema/validation/medical-certificate';

const TODAY = '2026-11-26';

describe('who needs a certificate', () => {
  it.each([
    ['born today', '2026-11-26', false],
    ['5 years and 364 days old', '2020-11-27', false],
    ['6 years old today', '2020-11-26', true],
    ['an adult', '1990-05-01', true],
    ['an unknown birthday (counted as needing one)', null, true],
  ])('%s', (_label, birthday, needed) => {
    expect(needsCertificate(birthday, TODAY)).toBe(needed);
  });
});

describe('the state on a day', () => {
  it.each([
    ['no certificate, an adult', null, '1990-01-01', 'missing'],
    ['no certificate, a 4-year-old', null, '2022-03-01', 'notRequired'],
    ['an expired certificate, a 4-year-old', '2026-01-01', '2022-03-01', 'notRequired'],
    ['expired yesterday', '2026-11-25', '2000-01-01', 'expired'],
    ['expires today (its last valid day)', '2026-11-26', '2000-01-01', 'expiring'],
    ['expires in 30 days', '2026-12-26', '2000-01-01', 'expiring'],
    ['expires in 31 days', '2026-12-27', '2000-01-01', 'valid'],
  ] as const)('%s', (_label, expiry, birthday, state) => {
    expect(certificateState(expiry, birthday, TODAY)).toBe(state);
  });

  it('lets valid, expiring and not-required athletes play, not expired or missing ones', () => {
    expect(['valid', 'expiring', 'notRequired'].every((s) => mayPlay(s as never))).toBe(true);
    expect(['expired', 'missing'].some((s) => mayPlay(s as never))).toBe(false);
  });
});

describe('validity per type', () => {
  it('adds months on the calendar, keeping the end of short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-11-26', -72)).toBe('2020-11-26');
  });

  it('suggests one year and allows 24 months for agonistico, 12 for the others', () => {
    expect(suggestedExpiry('agonistico', '2026-03-10')).toBe('2027-03-10');
    expect(latestAllowedExpiry('agonistico', '2026-03-10')).toBe('2028-03-10');
    expect(latestAllowedExpiry('non_agonistico', '2026-03-10')).toBe('2027-03-10');
    expect(latestAllowedExpiry('ludico_motorio', '2026-03-10')).toBe('2027-03-10');
  });

  it('maps the legacy coded type', () => {
    expect([typeOfLegacyId(1), typeOfLegacyId(2), typeOfLegacyId(3), typeOfLegacyId(null)]).toEqual(['agonistico', 'non_agonistico', null, null]);
  });
});

describe('the form and API input', () => {
  const errors = (input: Record<string, unknown>) => {
    const parsed = medicalCertificateInput(TODAY).safeParse(input);
    return parsed.success ? null : fieldErrorsOf(parsed.error);
  };
  const ok = { type: 'non_agonistico', issuedOn: '2026-11-01', expiresOn: '2027-11-01' };

  it('accepts a certificate within its validity', () => {
    expect(errors(ok)).toBeNull();
    expect(errors({ ...ok, type: 'agonistico', expiresOn: '2028-11-01', sport: ' Calcio ', issuer: 'Centro di medicina sportiva' })).toBeNull();
  });

  it('refuses each wrong field with its Italian message', () => {
    expect(errors({})).toEqual({
      type: MSG.certificateTypeRequired,
      issuedOn: MSG.certificateIssuedOnRequired,
      expiresOn: MSG.certificateExpiresOnRequired,
    });
    expect(errors({ ...ok, type: 'olimpico' })).toEqual({ type: MSG.certificateTypeRequired });
    expect(errors({ ...ok, issuedOn: '2026-11-27', expiresOn: '2027-11-27' })).toEqual({ issuedOn: MSG.certificateIssuedInFuture });
    expect(errors({ ...ok, expiresOn: '2026-11-01' })).toEqual({ expiresOn: MSG.certificateExpiryBeforeIssue });
    expect(errors({ ...ok, expiresOn: '2027-11-02' })).toEqual({ expiresOn: MSG.certificateExpiryTooLate('Non agonistico', 12) });
    expect(errors({ ...ok, expiresOn: '2027-02-30' })).toEqual({ expiresOn: MSG.certificateExpiresOnRequired });
  });

  it('takes reminder days as 1 to 6 distinct days from 0 to 365, largest first', () => {
    expect(reminderSettingsInput.parse({ days: [0, 30, 7] })).toEqual({ days: [30, 7, 0] });
    for (const days of [[], [1, 1], [400], [-1], [1.5], [1, 2, 3, 4, 5, 6, 7]]) {
      expect(reminderSettingsInput.safeParse({ days }).success, JSON.stringify(days)).toBe(false);
    }
  });
});

describe('staff qualifications', () => {
  it('are missing when not held, valid when held without a date, else by their expiry', () => {
    expect(qualificationState(false, '2030-01-01', TODAY)).toBe('missing');
    expect(qualificationState(true, null, TODAY)).toBe('valid');
    expect(qualificationState(true, '2026-12-01', TODAY)).toBe('expiring');
    expect(qualificationState(true, '2026-11-01', TODAY)).toBe('expired');
  });
});
