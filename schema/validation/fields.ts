import { z } from 'zod';
import { MSG } from '../messages';
import { normalizePhone } from '../text';

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

// PostgreSQL text cannot hold NUL (the database would fail the whole statement), and a lone UTF-16 surrogate
// cannot be encoded as UTF-8 (it would be stored as U+FFFD, not as sent): such text is refused with a field message.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (s: string) => !UNSTORABLE_TEXT.test(s);

/** The largest value of an `Int` column (PostgreSQL `integer`). */
export const INT4_MAX = 2_147_483_647;

/** Trims strings and turns blank into undefined, so optional fields accept "" from forms and legacy clients. */
export const optionalText = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v),
  z.string().refine(isStorableText, { error: MSG.textUnstorable }).optional(),
);

/** A required text: missing, non-string or blank all fail with the given message. */
export const requiredText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).min(1, { error: message }).refine(isStorableText, { error: MSG.textUnstorable }),
  );

/** Accepts YYYY-MM-DD (or an ISO date-time) and yields YYYY-MM-DD; rejects impossible dates. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, { error: message })
    .transform((s) => s.slice(0, 10))
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      // Year 0000 exists for JavaScript, not for PostgreSQL.
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1;
    }, { error: message });

export type FieldErrors = Record<string, string>;

/** First message per field, keyed by the dotted path: what the forms show under each field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** An optional email, trimmed and lower-cased. */
export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : blankToUndefined(v)),
  z.email({ error: MSG.emailInvalid }).max(254, { error: MSG.textTooLong }).optional(),
);

/** The phone rule (spec §5): digits after removing spaces and the usual separators, an optional leading + (or 00); stored normalised. */
export const phone = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.\-/()]/g, '') || undefined : typeof v === 'number' ? String(v) : blankToUndefined(v)),
    z.string({ error: message }).regex(/^(\+|00)?\d{3,20}$/, { error: message }).transform(normalizePhone).optional(),
  );
