// Medical certificates and staff qualifications: the rules of Italian practice, shared by the server (status on the
// lists, the dashboard, reminders, the organisations' API) and the client (form, badges). Sources:
//   - DM 18 febbraio 1982 (tutela sanitaria dell'attività sportiva agonistica): the agonistic certificate, issued by
//     a sports medicine doctor, annual for most sports and biennial for a few listed in its table A;
//   - DM 24 aprile 2013 ("decreto Balduzzi") art. 3 and the Linee guida of DM 8 agosto 2014: the non-agonistic
//     certificate (family doctor, paediatrician or sports doctor), valid one year from its issue; no certificate is
//     needed for children in pre-school age (0-6 years) unless the paediatrician asks for one;
//   - DL 69/2013 art. 42-bis (converted by L. 98/2013): the certificate for ludico-motorial (non-sporting) activity
//     is no longer compulsory; a club may still keep one, valid one year.
// Status of a person on a day: under 6 years, `notRequired`; else from the latest certificate's last valid day:
// `expired` before today, `expiring` from today to today + 30, `valid` after, `missing` when none is recorded.
import { addDays, CERTIFICATE_EXPIRING_DAYS } from './club-time';

export const MEDICAL_CERTIFICATE_TYPES = ['agonistico', 'non_agonistico', 'ludico_motorio'] as const;
export type MedicalCertificateType = (typeof MEDICAL_CERTIFICATE_TYPES)[number];

export interface CertificateTypeRule {
  label: string;
  /** The longest validity the law allows, in months from the issue date. */
  maxMonths: number;
  /** The usual validity, the form's suggested expiry. */
  usualMonths: number;
  /** The legacy `type_medical_examination_id` it is mirrored as (null: the legacy field has no value for it). */
  legacyTypeId: number | null;
  source: string;
}

export const CERTIFICATE_TYPE_RULES: Record<MedicalCertificateType, CertificateTypeRule> = {
  agonistico: { label: 'Agonistico', maxMonths: 24, usualMonths: 12, legacyTypeId: 1, source: 'DM 18/02/1982' },
  non_agonistico: { label: 'Non agonistico', maxMonths: 12, usualMonths: 12, legacyTypeId: 2, source: 'DM 24/04/2013, DM 08/08/2014' },
  ludico_motorio: { label: 'Ludico-motorio', maxMonths: 12, usualMonths: 12, legacyTypeId: null, source: 'DL 69/2013 art. 42-bis' },
};

/** The legacy coded type (1 agonistica, 2 non agonistica) as a certificate type. */
export const typeOfLegacyId = (id: number | null | undefined): MedicalCertificateType | null =>
  id == null ? null : (MEDICAL_CERTIFICATE_TYPES.find((t) => CERTIFICATE_TYPE_RULES[t].legacyTypeId === id) ?? null);

/** Below this age (in whole years) no certificate is required (Linee guida, DM 08/08/2014). */
export const CERTIFICATE_FREE_AGE = 6;

export const CERTIFICATE_STATES = ['valid', 'expiring', 'expired', 'missing', 'notRequired'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  valid: 'Valido',
  expiring: 'In scadenza',
  expired: 'Scaduto',
  missing: 'Mancante',
  notRequired: 'Non richiesto',
};

/** A calendar day `months` later (the same day of the month, or the month's last day: 31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The last day on which someone born on `birthday` is still under CERTIFICATE_FREE_AGE: born after `today - 6 years`. */
export const certificateFreeBornAfter = (today: string): string => addMonths(today, -12 * CERTIFICATE_FREE_AGE);

export const needsCertificate = (birthday: string | null | undefined, today: string): boolean =>
  !birthday || birthday <= certificateFreeBornAfter(today);

/** The window of "expiring": from today to this day, both included. */
export const expiringUntil = (today: string): string => addDays(today, CERTIFICATE_EXPIRING_DAYS);

/** An expiry's state on `today` (YYYY-MM-DD), ignoring age: what staff qualifications use too. */
export function expiryState(expiresOn: string | null | undefined, today: string): 'valid' | 'expiring' | 'expired' | 'missing' {
  if (!expiresOn) return 'missing';
  return expiresOn < today ? 'expired' : expiresOn <= expiringUntil(today) ? 'expiring' : 'valid';
}

/** A person's certificate state on `today`: their latest certificate's expiry and their birthday (YYYY-MM-DD). */
export function certificateState(latestExpiry: string | null | undefined, birthday: string | null | undefined, today: string): CertificateState {
  return needsCertificate(birthday, today) ? expiryState(latestExpiry, today) : 'notRequired';
}

/** Whether the state lets the athlete train and play on that day. */
export const mayPlay = (state: CertificateState): boolean => state === 'valid' || state === 'expiring' || state === 'notRequired';

/** The expiry the form suggests for a certificate issued on `issuedOn`. */
export const suggestedExpiry = (type: MedicalCertificateType, issuedOn: string): string =>
  addMonths(issuedOn, CERTIFICATE_TYPE_RULES[type].usualMonths);

/** The latest expiry the law allows for a certificate of this type issued on `issuedOn`. */
export const latestAllowedExpiry = (type: MedicalCertificateType, issuedOn: string): string =>
  addMonths(issuedOn, CERTIFICATE_TYPE_RULES[type].maxMonths);

// ---- staff qualifications (spec: has_blsd, has_first_aid, has_fire_prevention, each with an expiry) ----

export const QUALIFICATIONS = ['blsd', 'firstAid', 'firePrevention'] as const;
export type Qualification = (typeof QUALIFICATIONS)[number];
export const QUALIFICATION_LABELS: Record<Qualification, string> = { blsd: 'BLSD', firstAid: 'Primo soccorso', firePrevention: 'Antincendio' };

/** A qualification's state: `missing` when not held; held without a date counts as valid (no expiry recorded). */
export function qualificationState(held: boolean, expiresOn: string | null | undefined, today: string): 'valid' | 'expiring' | 'expired' | 'missing' {
  if (!held) return 'missing';
  return expiresOn ? expiryState(expiresOn, today) : 'valid';
}
