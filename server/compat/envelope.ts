// The legacy REST contract (spec §7): every answer is `{status, context, message}`. Business outcomes are
// HTTP 200 with status false; a missing or revoked session is 401 (the legacy client then logs out);
// refusals and malformed requests use their 4xx status with the same envelope.
import type { FastifyReply } from 'fastify';
import { legacyWording, MSG } from '../../schema/messages';
import { toSnakeKeys } from './naming';
import { appErrorOf } from '../db/database-busy';
import { ConflictError, RateLimitError, ServiceBusyError, ValidationError, type ErrorCode } from '../lib/errors';

export interface Envelope {
  status: boolean;
  context: unknown;
  message: string;
}

const LEGACY_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 200,
  CONFLICT: 200,
  INVALID_CREDENTIALS: 200,
  NOT_FOUND: 200,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  QUERY_TIMEOUT: 400,
  SERVICE_BUSY: 503,
  // a business outcome of /login (status false): the legacy login takes the code in the same call
  TWO_FACTOR_CHALLENGE: 200,
  TWO_FACTOR_REQUIRED: 403,
};

// Messages leave in the spec's own words, even where MSG corrects its Italian (legacyWording, schema/messages.ts).
export const ok = (context: unknown, message = ''): Envelope => ({ status: true, context, message: legacyWording(message) });

export function failure(message: string, errors?: Record<string, string>): Envelope {
  const legacyErrors = errors && Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, legacyWording(text)]));
  return { status: false, context: legacyErrors && Object.keys(legacyErrors).length ? { errors: legacyErrors } : null, message: legacyWording(message) };
}

/**
 * Sends an expected error (or a database too busy to take the request: 503) in the envelope; returns it, or undefined
 * for anything unexpected (the caller logs it).
 */
export function sendAppError(reply: FastifyReply, thrown: unknown) {
  const error = appErrorOf(thrown);
  if (!error) return undefined;
  const fields = error instanceof ValidationError || error instanceof ConflictError ? toSnakeKeys(error.fields) : undefined;
  if (error instanceof RateLimitError || error instanceof ServiceBusyError) reply.header('retry-after', String(error.retryAfterSeconds));
  reply.status(LEGACY_STATUS[error.code]).send(failure(error.message, fields));
  return error;
}

export const unexpected = (): Envelope => failure(MSG.unexpected);
