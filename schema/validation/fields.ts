import { z } from 'zod';

/** Trims strings and turns blank into undefined, so optional fields accept "" from forms and legacy clients. */
export const optionalText = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v),
  z.string().optional(),
);

/** A required text: missing, non-string or blank all fail with the given message. */
export const requiredText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).min(1, { error: message }),
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
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
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
