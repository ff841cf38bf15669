// Registers legacy routes under /api: each is POST, gets the parsed body (JSON, or multipart/form-data turned into
// the same plain object with files as UploadedFile values) and a RequestContext, and answers the envelope. Who may
// call a route is the operation table's (access/operation-rules.ts REST_RULES), applied here before the handler;
// the handler only maps names, and the services keep row-level narrowing and conditional rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { logRefusal } from '../http/refusal-log';
import type { AppDeps, RequestContext } from '../context';
import { buildRequestContext, requestMeta } from '../http/request-context';
import { routeRequestReads } from '../access/request-db';
import { isMultipartRequest, MultipartRefusedError, readMultipartBody, registerLegacyMultipart } from '../modules/files/legacy-multipart';
import type { MultipartLimits } from '../modules/files/multipart-reader';
import { failure, sendAppError, unexpected, type Envelope } from './envelope';
import { enforceOperationRule, ruleTakesKind } from '../access/operation-access';
import { REST_RULES, type OperationRule } from '../access/operation-rules';
import { PERSON_KINDS, type PersonKindKey } from '../../schema/constants';
import { sendDownload, type Download } from '../http/download';

export type Access = 'public' | 'session' | 'club';
export type LegacyBody = Record<string, unknown>;
/** A file a route answers instead of the envelope (a GET download such as /import/download-template). */
export interface LegacyDownload {
  download: Download;
}
export type LegacyHandler = (ctx: RequestContext, body: LegacyBody, req: FastifyRequest) => Promise<Envelope | LegacyDownload>;

/** A route as its module declares it; who may call it is the table's, looked up by `path` (tableRoutes). */
export interface LegacyRoute {
  path: string;
  handler: LegacyHandler;
  method?: 'POST' | 'GET';
  /** A multipart body's limits when not the uploads' own (the import's larger file). */
  uploadLimits?: MultipartLimits;
}

/** A route with its rule from the table, and what that means for the request's credentials (`access`). */
export type TabledRoute = LegacyRoute & { rule: OperationRule; access: Access };

const accessOf = (rule: OperationRule): Access => (rule.who === 'anyone' ? 'public' : rule.who === 'member' ? 'club' : 'session');

/**
 * Each route with its rule from `rules`: a route the table does not name throws, so a new route without an entry
 * stops the app from starting (and every test).
 */
export function tableRoutes(routes: LegacyRoute[], rules: Readonly<Record<string, OperationRule>> = REST_RULES): TabledRoute[] {
  return routes.map((route) => {
    const rule = rules[route.path];
    if (!rule) throw new Error(`/api${route.path} has no entry in the operation table (server/access/operation-rules.ts REST_RULES): say who may call it there.`);
    return { ...route, rule, access: accessOf(rule) };
  });
}

/** A people route's kind is its path's resource (`/athlete/save`); /archive/load names it in the body's `type`. */
function kindOfPath(routePath: string): PersonKindKey | undefined {
  const resource = routePath.split('/')[1];
  return PERSON_KINDS.find((kind) => kind === resource);
}

/**
 * The legacy routes that only read (a record, a page of a list, the app's settings, the account): their club-scoped
 * reads may go to a read replica (access/request-db.ts routeRequestReads). Every other route may write and reads
 * from the primary.
 */
const LEGACY_READ_ROUTE = /\/(single|load|by-type)$|^\/(me|app|site-config)$/;

export function registerLegacyRoutes(app: FastifyInstance, deps: AppDeps, routes: TabledRoute[]): void {
  // Own scope: its multipart handling (any save may come as multipart/form-data) leaves /graphql alone.
  app.register(async (scope) => {
    registerLegacyMultipart(scope);
    for (const route of routes) registerLegacyRoute(scope, deps, route);
  });
}

function registerLegacyRoute(app: FastifyInstance, deps: AppDeps, route: TabledRoute): void {
  const pathKind = kindOfPath(route.path);
  const kindFromBody = ruleTakesKind(route.rule) && !pathKind;
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
        await enforceOperationRule(ctx, route.rule, pathKind);
        finished = routeRequestReads(ctx, LEGACY_READ_ROUTE.test(route.path));
        // Read only now, after the session check: routes open without a session take a form's fields only.
        const body = isMultipartRequest(req)
          ? await readMultipartBody(req, reply, { withFiles: route.access !== 'public', config: deps.config, limits: route.uploadLimits })
          : ((req.body && typeof req.body === 'object' ? req.body : {}) as LegacyBody);
        // The kind named in the body (/archive/load's `type`) is checked once the body is read.
        if (kindFromBody) await enforceOperationRule(ctx, route.rule, body.type);
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
