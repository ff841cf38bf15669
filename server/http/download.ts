// Every file the server answers over HTTP instead of JSON goes through here: a stored file (GET /files/:id), the CSV
// exports (leads, access log) and the legacy routes' downloads (import templates and error reports). One place sets
// the headers a download needs (its type, Content-Disposition with the exact UTF-8 name, nosniff, never cached) and
// refuses in one way: the legacy envelope with the plain HTTP statuses (404, 403, ...), since a download is judged by
// its status. A database too busy to take the request is a refusal too (db/database-busy.ts): 503 with Retry-After,
// as on the other faces, never a 500.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { failure, unexpected } from '../compat/envelope';
import type { AppDeps, RequestContext } from '../context';
import { appErrorOf } from '../db/database-busy';
import { HTTP_STATUS, RateLimitError, ServiceBusyError, ValidationError } from '../lib/errors';
import { buildRequestContext } from './request-context';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export interface Download {
  filename: string;
  contentType: string;
  /** The bytes, or a CSV's chunks streamed as they are produced (a large export never sits in memory whole). */
  body: Buffer | string | AsyncIterable<string>;
  /** `attachment` (the default: saved) or `inline` (a stored file the client shows). */
  disposition?: 'attachment' | 'inline';
}

/** RFC 6266 / 5987: a plain ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(filename: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendDownload(reply: FastifyReply, { filename, contentType, body, disposition = 'attachment' }: Download): FastifyReply {
  void reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(filename, disposition))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (Buffer.isBuffer(body)) void reply.header('content-length', String(body.length));
  return reply.send(typeof body === 'string' || Buffer.isBuffer(body) ? body : Readable.from(body));
}

/** Answers `error` of the download `what`; anything unexpected is logged and answered 500 without details. */
export function sendDownloadRefusal(req: FastifyRequest, reply: FastifyReply, error: unknown, what: string): FastifyReply {
  const refusal = appErrorOf(error);
  if (!refusal) {
    req.log.error({ err: error }, `${what} failed`);
    return reply.status(500).send(unexpected());
  }
  if (refusal instanceof ServiceBusyError || refusal instanceof RateLimitError) reply.header('retry-after', String(refusal.retryAfterSeconds));
  // A refused parameter names itself (context.errors), as the legacy envelope does for a form.
  return reply.status(HTTP_STATUS[refusal.code]).send(failure(refusal.message, refusal instanceof ValidationError ? refusal.fields : undefined));
}

/**
 * The handler of a GET download route: the request's scope built once (session, X-Club), `produce` asks the
 * module's service for the file (which decides who may have it), the answer is the file or the refusal.
 * `what` names the download in the log line of an unexpected failure.
 */
export function downloadRoute<R extends RouteGenericInterface>(deps: AppDeps, what: string, produce: (ctx: RequestContext, req: FastifyRequest<R>) => Promise<Download>) {
  return async (req: FastifyRequest<R>, reply: FastifyReply) => {
    try {
      const ctx = await buildRequestContext(deps, req);
      return sendDownload(reply, await produce(ctx, req));
    } catch (error) {
      return sendDownloadRefusal(req, reply, error, what);
    }
  };
}
