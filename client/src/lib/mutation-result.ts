// Mutations answer a union (errors plugin): `Mutation<Name>Success { data }` or an error implementing BaseError
// `{ code message }`, ValidationError adding `fields { field message }`. One reading of that union for every form.
import { MSG } from '../../../schema/messages';
// Not through ./form-errors: that module brings zod, which a list's archive button does not need.
import type { FieldErrors } from './form-errors';
import { fieldErrorsFromServer } from './server-field-errors';

interface TypedResult {
  __typename?: string;
}

type SuccessOf<R> = Extract<R, { __typename?: `${string}Success` }>;
type DataOf<R> = SuccessOf<R> extends { data: infer D } ? D : never;

export type MutationOutcome<D> =
  | { ok: true; data: D }
  /** `message`: what to show above the form; `fieldErrors`: messages by input path (empty unless ValidationError). */
  | { ok: false; message: string; fieldErrors: FieldErrors; code: string | undefined };

function isSuccess(result: TypedResult): result is TypedResult & { data: unknown } {
  return typeof result.__typename === 'string' && result.__typename.endsWith('Success') && 'data' in result;
}

/**
 * Reads a mutation's result union: the success's `data`, or the error's message (a ValidationError's is 'Alcuni
 * campi non sono validi') with its field messages keyed by input path (e.g. `profile.firstname`).
 * Select the errors with `...MutationError` (lib/mutation-error.ts).
 */
export function readMutationResult<R extends TypedResult>(result: R | null | undefined): MutationOutcome<DataOf<R>> {
  if (!result) return { ok: false, message: MSG.unexpected, fieldErrors: {}, code: undefined };
  if (isSuccess(result)) return { ok: true, data: result.data as DataOf<R> };
  const error = result as { message?: unknown; code?: unknown; fields?: unknown };
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = typeof error.message === 'string' && error.message ? error.message : MSG.unexpected;
  // ValidationError (and a ConflictError naming fields, e.g. a tax code already used) carry `fields`.
  const fieldErrors = Array.isArray(error.fields) ? fieldErrorsFromServer(error.fields as { field: string; message: string }[]) : {};
  return { ok: false, message, fieldErrors, code };
}
