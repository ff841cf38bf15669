// The server's field errors as the map the forms show (no zod here: the session, in every page of the app, reads
// it, and the validation library stays with the forms; lib/form-errors.ts).
import type { FieldErrors } from '../../../schema/validation/fields';

/** Server `ValidationError.fields` (camelCase input names) as the same map the client validation produces. */
export function fieldErrorsFromServer(fields: readonly { field: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of fields) if (!(field in out)) out[field] = message;
  return out;
}
