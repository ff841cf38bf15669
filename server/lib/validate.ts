import type { z } from 'zod';
import { MSG } from '../../schema/messages';
import { fieldErrorsOf } from '../../schema/validation/fields';
import { ValidationError } from './errors';

/**
 * Parses untrusted input (GraphQL args or a legacy body) with a shared schema, or throws ValidationError with
 * one message per field. `summary: 'first'` makes the overall message the first field's (the sign-up and
 * password screens show a single line); otherwise it is 'Alcuni campi non sono validi'.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, opts: { summary?: 'first' } = {}): z.output<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  const first = Object.values(fields)[0];
  throw new ValidationError(fields, opts.summary === 'first' && first ? first : MSG.invalidFields);
}
