// The download routes (a stored file, the leads and access-log exports) refuse in the legacy envelope but with the
// plain HTTP statuses (404, 403, ...): a download is judged by its status. A database too busy to take the request
// is a refusal too (db/database-busy.ts): 503 with Retry-After, as on the other faces, never a 500.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure, unexpected } from '../compat/envelope';
import { appErrorOf } from '../db/database-busy';
import { HTTP_STATUS, RateLimitError, ServiceBusyError } from '../lib/errors';

/** Answers `error` of the download `what`; anything unexpected is logged and answered 500 without details. */
export function sendDownloadRefusal(req: FastifyRequest, reply: FastifyReply, error: unknown, what: string): FastifyReply {
  const refusal = appErrorOf(error);
  if (!refusal) {
    req.log.error({ err: error }, `${what} failed`);
    return reply.status(500).send(unexpected());
  }
  if (refusal instanceof ServiceBusyError || refusal instanceof RateLimitError) reply.header('retry-after', String(refusal.retryAfterSeconds));
  return reply.status(HTTP_STATUS[refusal.code]).send(failure(refusal.message));
}
