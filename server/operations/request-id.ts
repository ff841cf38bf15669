// Every request has an id: the caller's X-Request-Id when it is a short safe token (a proxy or a client that
// already made one), otherwise a new UUID. It is echoed in the X-Request-Id response header, bound to fastify's
// `req.log`, and the request's work runs in a log scope holding it (log-scope.ts), so every line of the request,
// of the background work it started and of the jobs it enqueued carries `requestId`.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { logScopeMixin, markBound, runInLogScope, type LogScope } from './log-scope';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and . _ : - only, at most 64: nothing that could forge a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's options for the id and the logger: the id under `requestId` on every line, never twice. */
export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'logController' | 'childLoggerFactory'> & {
  mixin: typeof logScopeMixin;
} {
  return {
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // `req.log` has the id among its bindings (also for the lines fastify writes outside the scope: "incoming
    // request", "request completed"); the scope must not repeat it there.
    childLoggerFactory: (logger, bindings, options) => markBound(logger.child(bindings, options)),
    mixin: logScopeMixin,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    logScope: LogScope | null;
  }
}

export function registerRequestId(app: FastifyInstance): void {
  app.decorateRequest('logScope', null);
  // Registered first: the later hooks, the handler and whatever they start run inside the scope.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    req.logScope = { requestId: req.id };
    runInLogScope(req.logScope, done);
  });
  // The body is read in the socket's own async context, and the handler runs from its end: enter the scope again.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.logScope) runInLogScope(req.logScope, done);
    else done();
  });
}
