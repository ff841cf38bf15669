// Client-side validation with the shared zod schemas, and the server's field errors as the same map.
// (A form's general message shown once above its fields: SchemaForm's `generalMessages`.)
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../../schema/validation/fields';

export type { FieldErrors };

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, values: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrorsOf(result.error) };
}

export { fieldErrorsFromServer } from './server-field-errors';
