// The one table of domain errors. Services throw these; GraphQL exposes them as typed results (errors plugin)
// and the legacy REST adapter turns them into its envelope. Anything else is logged and shown as MSG.unexpected.
import { MSG } from '../../schema/messages';
import type { FieldErrors } from '../../schema/validation/fields';

export type ErrorCode =
  | 'VALIDATION'
  | 'INVALID_CREDENTIALS'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'BAD_REQUEST'
  | 'QUERY_TIMEOUT'
  | 'SERVICE_BUSY'
  | 'TWO_FACTOR_CHALLENGE'
  | 'TWO_FACTOR_REQUIRED';

/** HTTP status of each code where it surfaces at transport level (REST refusals, GraphQL context errors). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  QUERY_TIMEOUT: 400,
  SERVICE_BUSY: 503,
  TWO_FACTOR_CHALLENGE: 401,
  TWO_FACTOR_REQUIRED: 403,
};

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
}

export class ValidationError extends AppError {
  readonly code = 'VALIDATION';
  constructor(
    readonly fields: FieldErrors,
    message: string = MSG.invalidFields,
  ) {
    super(message);
  }
  get fieldList() {
    return Object.entries(this.fields).map(([field, message]) => ({ field, message }));
  }
}

export class InvalidCredentialsError extends AppError {
  readonly code = 'INVALID_CREDENTIALS';
  constructor(message: string = MSG.loginFailed) {
    super(message);
  }
}

export class UnauthenticatedError extends AppError {
  readonly code = 'UNAUTHENTICATED';
  constructor(message: string = MSG.notAuthenticated) {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly code = 'FORBIDDEN';
  constructor(message: string = MSG.clubForbidden) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly code = 'NOT_FOUND';
  constructor(message: string = MSG.notFound) {
    super(message);
  }
}

export class ConflictError extends AppError {
  readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

export class RateLimitError extends AppError {
  readonly code = 'RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super(MSG.rateLimited(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  }
}

/**
 * Input the database refused as unstorable (NUL in text, a number beyond its column, an impossible date) that no
 * validation rule caught first: a 400 on both faces instead of a 500 (see server/db/input-refusals.ts).
 */
export class BadInputError extends AppError {
  readonly code = 'BAD_REQUEST';
  constructor(message: string = MSG.inputUnstorable) {
    super(message);
  }
}

/**
 * PostgreSQL cancelled one of the request's statements after STATEMENT_TIMEOUT_MS (server/db/statement-timeout.ts):
 * the request asked for too much at once, so it is refused (400) rather than failing as the server's fault.
 */
export class QueryTimeoutError extends AppError {
  readonly code = 'QUERY_TIMEOUT';
  constructor() {
    super(MSG.queryTimeout);
  }
}

/** What a busy answer asks the client to wait before trying again. */
export const SERVICE_BUSY_RETRY_SECONDS = 5;

/**
 * The database could not take the request within TRANSACTION_WAIT_MS (every connection busy, or PGlite's one session
 * taken for that long): nothing was written, so the client may send the same request again. 503 with Retry-After on
 * both faces (server/db/database-busy.ts recognises the database's own errors), never a masked 500.
 */
export class ServiceBusyError extends AppError {
  readonly code = 'SERVICE_BUSY';
  constructor(readonly retryAfterSeconds = SERVICE_BUSY_RETRY_SECONDS) {
    super(MSG.serverBusy);
  }
}

/**
 * The password was right, and the account signs in with a second factor: no session yet, but a short-lived,
 * single-use challenge that completeTwoFactorLogin exchanges, with a code, for one. A member of login's result
 * union (an older client that knows only BaseError shows its message).
 */
export class TwoFactorChallengeError extends AppError {
  readonly code = 'TWO_FACTOR_CHALLENGE';
  constructor(
    readonly challenge: string,
    readonly expiresAt: Date,
  ) {
    super(MSG.twoFactorChallenge);
  }
}

/**
 * The club requires the second factor of the roles that read health data, and this session did not pass it: the
 * whole request for that club is refused (403), with a code the client recognises to lead to the Security page.
 */
export class TwoFactorRequiredError extends AppError {
  readonly code = 'TWO_FACTOR_REQUIRED';
  constructor() {
    super(MSG.twoFactorRequiredByClub);
  }
}

/** The same error with its field names mapped by `rename` (each face names fields after its own input); any other error unchanged. */
export function renameErrorFields(error: unknown, rename: (path: string) => string): unknown {
  if (!(error instanceof ValidationError) && !(error instanceof ConflictError)) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([path, message]) => [rename(path), message]));
  return error instanceof ValidationError ? new ValidationError(fields, error.message) : new ConflictError(error.message, fields);
}
