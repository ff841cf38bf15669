// The safety net under the validation rules: a value PostgreSQL refuses as data (text with NUL or bytes that are
// not UTF-8, a number beyond its column, an impossible date, a malformed uuid) is the client's input, not a server
// failure. Every query of the app's client goes through here, so a field someone forgets to validate answers 400
// (BadInputError) on both faces instead of 500; the statement failed (or was never sent), so nothing was written.
import type { PrismaClient } from '../generated/prisma/client.js';
import { BadInputError, QueryTimeoutError } from '../lib/errors';
import { sqlStateOf, type PrismaLikeError } from './sql-state';
import { isStatementTimeout } from './statement-timeout';

/** SQLSTATE data exceptions caused by the values a statement was given. */
const INPUT_SQLSTATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL, invalid UTF-8)
  '22P02', // invalid_text_representation (e.g. a malformed uuid)
  '22P05', // untranslatable_character
]);

/** Prisma's own codes for the same: value too long, invalid value, out of range, beyond 64 bits. */
const INPUT_PRISMA_CODES = new Set(['P2000', 'P2007', 'P2020', 'P2033']);

export function isDatabaseInputError(error: unknown): boolean {
  // Prisma refuses a value of the wrong type before sending the query (an integer beyond 64 bits, a number or an
  // array where an id goes, e.g. decoded from a crafted connection cursor): the value came from the client. Its
  // other validation errors (an unknown field, an empty select) are the server's own mistakes and stay failures.
  if ((error as PrismaLikeError)?.name === 'PrismaClientValidationError') {
    return /Invalid value provided|Unable to fit value/.test((error as Error).message);
  }
  if ((error as PrismaLikeError)?.name !== 'PrismaClientKnownRequestError') return false;
  const state = sqlStateOf(error);
  return (state !== undefined && INPUT_SQLSTATES.has(state)) || INPUT_PRISMA_CODES.has((error as PrismaLikeError).code ?? '');
}

/**
 * The same client, whose queries throw the client's refusals instead of the database's errors (with those as
 * `cause`): BadInputError for values the database refuses, QueryTimeoutError for a statement cancelled by
 * statement_timeout (statement-timeout.ts).
 */
export function translateDatabaseRefusals(prisma: PrismaClient): PrismaClient {
  return prisma.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return (await query(args)) as unknown;
        } catch (error) {
          if (isDatabaseInputError(error)) throw Object.assign(new BadInputError(), { cause: error });
          if (isStatementTimeout(error)) throw Object.assign(new QueryTimeoutError(), { cause: error });
          throw error;
        }
      },
    },
  }) as unknown as PrismaClient;
}
