// The "Nuovo certificato" form's pure pieces: the expiry proposed from the type's usual validity until the user types
// one, the shared schema's messages (the server's own), and the input sent with the file.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import {
  changeCertificate,
  emptyCertificateValues,
  proposedExpiry,
  toCertificateInput,
  validateCertificate,
  validityHint,
} from '../../client/src/components/certificates/certificate-form-values';

const TODAY = '2026-03-10';

describe('certificate form values', () => {
  it('proposes the usual validity once type and issue date are there, and follows them until an expiry is typed', () => {
    let v = emptyCertificateValues();
    v = changeCertificate(v, 'issuedOn', '2026-02-28', false);
    expect(v.expiresOn).toBe('');
    v = changeCertificate(v, 'type', 'agonistico', false);
    expect(v.expiresOn).toBe('2027-02-28');
    v = changeCertificate(v, 'issuedOn', '2026-01-31', false);
    expect(v.expiresOn).toBe('2027-01-31');
    // typed by the user: a new date no longer moves it
    v = { ...v, expiresOn: '2027-06-30' };
    expect(changeCertificate(v, 'issuedOn', '2026-02-01', true).expiresOn).toBe('2027-06-30');
    expect(changeCertificate(v, 'sport', 'Calcio', false).expiresOn).toBe('2027-06-30');
    expect(proposedExpiry({ type: 'non_agonistico', issuedOn: '2024-02-29' })).toBe('2025-02-28');
    expect(proposedExpiry({ type: '', issuedOn: '2024-02-29' })).toBeNull();
    expect(proposedExpiry({ type: 'agonistico', issuedOn: '2024-02' })).toBeNull();
  });

  it('says the usual and longest validity of the type', () => {
    expect(validityHint('agonistico')).toBe('Validità abituale 12 mesi, al massimo 24 (DM 18/02/1982).');
    expect(validityHint('non_agonistico')).toBe('Validità abituale 12 mesi (DM 24/04/2013, DM 08/08/2014).');
    expect(validityHint('')).toBeUndefined();
  });

  it('checks with the shared rules: required fields, no future issue, expiry after issue and within the law', () => {
    expect(validateCertificate(emptyCertificateValues(), TODAY)).toEqual({
      type: MSG.certificateTypeRequired,
      issuedOn: MSG.certificateIssuedOnRequired,
      expiresOn: MSG.certificateExpiresOnRequired,
    });
    const base = { ...emptyCertificateValues(), type: 'non_agonistico' as const, issuedOn: '2026-03-01', expiresOn: '2027-03-01' };
    expect(validateCertificate(base, TODAY)).toEqual({});
    expect(validateCertificate({ ...base, issuedOn: '2026-03-11' }, TODAY).issuedOn).toBe(MSG.certificateIssuedInFuture);
    expect(validateCertificate({ ...base, expiresOn: '2026-03-01' }, TODAY).expiresOn).toBe(MSG.certificateExpiryBeforeIssue);
    expect(validateCertificate({ ...base, expiresOn: '2027-03-02' }, TODAY).expiresOn).toBe(MSG.certificateExpiryTooLate('Non agonistico', 12));
  });

  it('sends blanks as null and the file only when chosen', () => {
    const values = { type: 'agonistico' as const, sport: ' Calcio ', issuedOn: '2026-03-01', expiresOn: '2027-03-01', issuer: '' };
    expect(toCertificateInput('p1', values, null)).toEqual({
      personId: 'p1',
      type: 'agonistico',
      sport: 'Calcio',
      issuedOn: '2026-03-01',
      expiresOn: '2027-03-01',
      issuer: null,
    });
    const file = new File(['%PDF-1.4'], 'certificato.pdf', { type: 'application/pdf' });
    expect(toCertificateInput('p1', values, file).file).toBe(file);
  });
});
