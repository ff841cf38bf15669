// A medical certificate form's values (the staff's "Nuovo certificato", the personal area's "Carica un nuovo
// certificato"): empty, the expiry proposed from the type's usual validity while the user has not typed one, checked
// with the shared schema (schema/validation/medical-certificate.ts, the server's own) and sent as
// AddMedicalCertificateInput or SubmitMyCertificateInput (the same fields). Pure functions (unit-tested in
// tests/client/certificate-form-values.test.ts).
import {
  CERTIFICATE_TYPE_RULES,
  MEDICAL_CERTIFICATE_TYPES,
  suggestedExpiry,
  type MedicalCertificateType,
} from '../../../../schema/medical-certificates';
import { medicalCertificateInput } from '../../../../schema/validation/medical-certificate';
import { formSchema } from '../form/use-schema-form';
import type { AddMedicalCertificateInput } from '../../gql/graphql';
import { validate, type FieldErrors } from '../../lib/form-errors';

/** What both certificate mutations take (AddMedicalCertificateInput and SubmitMyCertificateInput have the same fields). */
export type CertificateInput = AddMedicalCertificateInput;

export interface CertificateFormValues {
  type: MedicalCertificateType | '';
  sport: string;
  issuedOn: string;
  expiresOn: string;
  issuer: string;
}

export const emptyCertificateValues = (): CertificateFormValues => ({ type: '', sport: '', issuedOn: '', expiresOn: '', issuer: '' });

/** What the form holds: the typed values and the file chosen (a File value, sent with the save). */
export interface CertificateFormFields extends CertificateFormValues {
  file: File | null;
}

export const emptyCertificateFields = (): CertificateFormFields => ({ ...emptyCertificateValues(), file: null });

/** The form's schema: the shared rules on the club's `today` check the values; the output is the mutation's input. */
export const certificateFormSchema = (personId: string, today: string) =>
  formSchema(medicalCertificateInput(today), (fields: CertificateFormFields) => toCertificateInput(personId, fields, fields.file));

export const CERTIFICATE_TYPE_OPTIONS = MEDICAL_CERTIFICATE_TYPES.map((type) => ({ value: type, label: CERTIFICATE_TYPE_RULES[type].label }));

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());

/** The expiry the type's usual validity gives from the issue date; null until both are there. */
export function proposedExpiry(values: Pick<CertificateFormValues, 'type' | 'issuedOn'>): string | null {
  return values.type && isDay(values.issuedOn) ? suggestedExpiry(values.type, values.issuedOn) : null;
}

/**
 * The values after `key` changed. While the user has not typed an expiry of their own (`expiryTyped`), a new type
 * or issue date moves the expiry to the proposed one.
 */
export function changeCertificate<K extends keyof CertificateFormValues>(
  values: CertificateFormValues,
  key: K,
  value: CertificateFormValues[K],
  expiryTyped: boolean,
): CertificateFormValues {
  const next = { ...values, [key]: value };
  if (!expiryTyped && (key === 'type' || key === 'issuedOn')) next.expiresOn = proposedExpiry(next) ?? '';
  return next;
}

/** "Validità abituale 12 mesi, al massimo 24 (DM 18/02/1982)": under the expiry field, once a type is chosen. */
export function validityHint(type: CertificateFormValues['type']): string | undefined {
  if (!type) return undefined;
  const rule = CERTIFICATE_TYPE_RULES[type];
  const usual = `Validità abituale ${rule.usualMonths} mesi`;
  return `${rule.maxMonths > rule.usualMonths ? `${usual}, al massimo ${rule.maxMonths}` : usual} (${rule.source}).`;
}

/** Checks the form with the server's rules on the club's `today`; errors keyed `type`, `issuedOn`, `expiresOn`... */
export function validateCertificate(values: CertificateFormValues, today: string): FieldErrors {
  const result = validate(medicalCertificateInput(today), values);
  return result.ok ? {} : result.errors;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The mutation's input; the file travels as a File (multipart request), no file no key. */
export function toCertificateInput(personId: string, values: CertificateFormValues, file: File | null): CertificateInput {
  const input: CertificateInput = {
    personId,
    type: values.type || null,
    sport: orNull(values.sport),
    issuedOn: orNull(values.issuedOn),
    expiresOn: orNull(values.expiresOn),
    issuer: orNull(values.issuer),
  };
  if (file) input.file = file;
  return input;
}
