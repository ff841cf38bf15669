// Client-side validation with the shared zod schemas, and how errors are laid out on a form.
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../../schema/validation/fields';

export type { FieldErrors };

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, values: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrorsOf(result.error) };
}

/** Server `ValidationError.fields` (camelCase input names) as the same map the client validation produces. */
export function fieldErrorsFromServer(fields: readonly { field: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of fields) if (!(field in out)) out[field] = message;
  return out;
}

export interface ErrorLayout {
  /** One message for the whole form (a "fill in every field" message, shown once above the fields). */
  summary: string | undefined;
  /** Fields to mark invalid. */
  invalid: ReadonlySet<string>;
  /** Messages specific to one field, shown under it. */
  messages: Readonly<Record<string, string>>;
}

/**
 * A step's general message ("Tutti i campi sono obbligatori.") is shown once, above the form, and the fields it
 * concerns are only marked invalid; a message about one field ("Inserisci un'email valida.") goes under that field.
 */
export function layoutErrors(errors: FieldErrors, generalMessages: readonly string[] = []): ErrorLayout {
  let summary: string | undefined;
  const invalid = new Set<string>();
  const messages: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field === '_') {
      summary ??= message;
      continue;
    }
    invalid.add(field);
    if (generalMessages.includes(message)) summary ??= message;
    else messages[field] = message;
  }
  return { summary, invalid, messages };
}
