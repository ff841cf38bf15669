// Registers legacy routes under /api: each is POST, gets the parsed body (JSON, or multipart/form-data turned into
// the same plain object with files as UploadedFile values) and a RequestContext, and answers the envelope. The
// handler only maps names; rules live in the services.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../lib/errors';
import { logRefusal } from '../http/refusal-log';
import type { AppDeps, RequestContext } from '../context';
import { buildRequestContext, requestMeta } from '../http/request-context';
import { routeRequestReads } from '../access/request-db';
import { isMultipartRequest, MultipartRefusedError, readMultipartBody, registerLegacyMultipart } from '../modules/files/legacy-multipart';
import type { MultipartLimits } from '../modules/files/multipart-reader';
import { failure, sendAppError, unexpected, type Envelope } from './envelope';
import { contentDisposition } from '../http/content-disposition';

export type Access = 'public' | 'session' | 'club';
export type LegacyBody = Record<string, unknown>;
/** A file a route answers instead of the envelope (a GET download such as /import/download-template). */
export interface LegacyDownload {
  download: { filename: string; contentType: string; body: string | Buffer };
}
export type LegacyHandler = (ctx: RequestContext, body: LegacyBody, req: FastifyRequest) => Promise<Envelope | LegacyDownload>;

export interface LegacyRoute {
  path: string;
  access: Access;
  handler: LegacyHandler;
  method?: 'POST' | 'GET';
  /** A multipart body's limits when not the uploads' own (the import's larger file). */
  uploadLimits?: MultipartLimits;
}

/**
 * The legacy routes that only read (a record, a page of a list, the app's settings, the account): their club-scoped
 * reads may go to a read replica (access/request-db.ts routeRequestReads). Every other route may write and reads
 * from the primary.
 */
const LEGACY_READ_ROUTE = /\/(single|load|by-type)$|^\/(me|app|site-config)$/;

export function registerLegacyRoutes(app: FastifyInstance, deps: AppDeps, routes: LegacyRoute[]): void {
  // Own scope: its multipart handling (any save may come as multipart/form-data) leaves /graphql alone.
  app.register(async (scope) => {
    registerLegacyMultipart(scope);
    for (const route of routes) registerLegacyRoute(scope, deps, route);
  });
}

function registerLegacyRoute(app: FastifyInstance, deps: AppDeps, route: LegacyRoute): void {
  app.route({
    method: route.method ?? 'POST',
    url: `/api${route.path}`,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      let finished = () => {};
      try {
        // Public routes ignore credentials, so a stale token never blocks login or recovery.
        const ctx =
          route.access === 'public'
            ? { deps, meta: requestMeta(req), viewer: null }
            : await buildRequestContext(deps, req);
        if (route.access !== 'public' && !ctx.viewer) throw new UnauthenticatedError();
        finished = routeRequestReads(ctx, LEGACY_READ_ROUTE.test(route.path));
        // Read only now, after the session check: routes open without a session take a form's fields only.
        const body = isMultipartRequest(req)
          ? await readMultipartBody(req, reply, { withFiles: route.access !== 'public', config: deps.config, limits: route.uploadLimits })
          : ((req.body && typeof req.body === 'object' ? req.body : {}) as LegacyBody);
        const answer = await route.handler(ctx, body, req);
        if ('download' in answer) return sendDownload(reply, answer.download);
        return reply.send(answer);
      } catch (error) {
        if (error instanceof MultipartRefusedError) return reply.status(error.refusal.status).send(failure(error.message));
        const refusal = sendAppError(reply, error);
        if (refusal) {
          logRefusal(req.log, { code: refusal.code, status: reply.statusCode, message: refusal.message });
          return reply;
        }
        req.log.error({ err: error }, 'legacy route failed');
        return reply.status(500).send(unexpected());
      } finally {
        finished();
      }
    },
  });
}

function sendDownload(reply: FastifyReply, file: LegacyDownload['download']) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename, 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
