// Builds the whole server (database, services' dependencies, GraphQL, legacy REST, static client) without
// listening, so tests drive the very same app in-process and index.ts only listens.
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import { MSG } from '../schema/messages';
import type { ServerConfig } from './config';
import type { AppDeps } from './context';
import { createAppDeps } from './app-deps';
import { scheduleAccessLogPruning } from './access/access-log';
import { listenOnPGlite, listenOnPostgres } from './auth/session-cache-listener';
import { DATA_CHANNEL } from './graphql/answer-cache';
import { clubDataChangeReader } from './db/club-data-changes';
import { DatabaseOpenError, openAppDatabase } from './db/database';
import { appErrorOf } from './db/database-busy';
import { HTTP_STATUS, ServiceBusyError } from './lib/errors';
import { clientGoneLogMethod } from './lib/client-gone';
import { systemClock, type Clock } from './lib/clock';
import { recoverInterruptedImports } from './modules/imports/import-recovery.service';
import { type Mailer } from './lib/mailer';
import { enqueueJobs, startJobs } from './jobs/start-jobs';
import { failure } from './compat/envelope';
import { registerLegacyRoutes } from './compat/router';
import { LEGACY_ROUTES } from './compat/routes';
import { registerCors } from './http/cors';
import { registerGraphQL } from './http/graphql-route';
import { logRefusal } from './http/refusal-log';
import { registerXsrf } from './http/xsrf';
import { STARTING_PAGE, STARTING_RETRY_SECONDS } from './http/starting-page';
import { registerFileRoutes } from './modules/files/files.http';
import { registerLeadRoutes } from './modules/leads/leads.http';
import { registerAccessLogRoutes } from './modules/access-log/access-log.http';
import { registerMemberRegisterRoutes } from './modules/seasons/register-export.http';
import { registerRegistrationRoutes } from './modules/registrations/registrations.http';
import { registerFamilyAreaRoutes } from './modules/family-area/family-area.http';
import { registerFeesRoutes } from './modules/fees/fees.http';
import { registerCalendarRoutes } from './modules/calendar/calendar.http';
import { registerNoticeRoutes } from './modules/notices/notices.http';
import { registerChannelRoutes } from './modules/channels/channels.http';
import { createLifecycle, registerHealthRoutes, type Lifecycle } from './operations/health';
import { countRefusals, createAppMetrics, registerRequestMetrics, type AppMetrics } from './operations/metrics';
import { registerMetricsRoute } from './operations/metrics-route';
import { registerRequestId, requestIdOptions } from './operations/request-id';

/** Origins of the Google tag (gtag.js) and its beacons, per Google's CSP guide for Google Analytics 4. */
export const ANALYTICS_CSP = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** JSON bodies above this are refused with 413 (uploads go through multipart with their own limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface CreateAppOptions {
  config: ServerConfig;
  /** Tests: a throwaway in-memory PGlite instead of DATA_DIR (ignored when config.databaseUrl is set). */
  inMemoryDatabase?: boolean;
  /**
   * Tests: a new embedded database (in memory or a new DATA_DIR) starts from this PGlite `dumpDataDir()` tarball,
   * the test run's database migrated once, instead of an empty one; migrations still run and find nothing pending.
   */
  loadDataDir?: Blob;
  /** Tests: mail goes straight to this instead of the outbox table and its delivery (still behind the throttle). */
  mailer?: Mailer;
  /**
   * false: answer as soon as the app is built, while migrations still run; data requests wait for them and
   * the client is served at once (npm start). Default true: resolve when the database is ready.
   */
  waitForDatabase?: boolean;
  /** Tests: where the JSON log lines go instead of stdout (to check what is logged, and at which level). */
  logStream?: { write(line: string): void };
  /** Tests: the clock of the calendar rules (AppDeps.now), e.g. lib/clock.ts clockFrom('2027-02-26T10:00:00+01:00'). */
  now?: Clock;
}

export interface CampoApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Settles with the migrations applied while starting; rejects when one fails. */
  databaseReady: Promise<string[]>;
  /** What /readyz reports; a stop sets `draining` (operations/shutdown.ts). */
  lifecycle: Lifecycle;
  metrics: AppMetrics;
}

export async function createApp({ config, inMemoryDatabase, loadDataDir, mailer, waitForDatabase = true, logStream, now = systemClock }: CreateAppOptions): Promise<CampoApp> {
  // Every log line of a request, and of the work and jobs it started, carries its requestId (operations/request-id.ts).
  const { mixin, ...requestIds } = requestIdOptions();
  const app = Fastify({
    // A client that went away is one line at info, whichever path logs it (lib/client-gone.ts).
    logger: { level: config.logLevel, mixin, hooks: { logMethod: clientGoneLogMethod }, ...(logStream ? { stream: logStream } : {}) },
    ...requestIds,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  registerRequestId(app);
  registerServerTiming(app);
  const db = openAppDatabase({ ...config, inMemory: inMemoryDatabase, loadDataDir, log: app.log });
  // Before any route: each route's metrics are prepared as it is registered (operations/metrics.ts).
  const metrics = createAppMetrics({ poolCounts: () => db.poolCounts(), jobs: () => deps.jobs, answerCache: () => deps.answerCache, log: app.log });
  registerRequestMetrics(app, metrics);
  const lifecycle = createLifecycle(config.jobsEnabled || config.jobsInWorker);
  db.migrated.then(
    () => (lifecycle.migrations = 'applied'),
    () => (lifecycle.migrations = 'failed'),
  );
  // Any close (a signal's graceful stop, the last-resort handler, tests): not ready from its first moment.
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });
  app.addHook('onClose', async () => {
    await db.migrated.catch(() => {});
    await db.close();
  });
  if (waitForDatabase) {
    try {
      await db.migrated;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  const { deps, outbox } = createAppDeps(app, { config, db, now, mailer, countLimits: (limits) => countRefusals(limits, metrics.rateLimitRefusals) });
  // The session cache serves once the changes of other instances are heard (with the schema's triggers in place);
  // it stops before the database closes. SESSION_CACHE=false: never listening, it never serves.
  const listening = db.migrated.then(
    () => {
      if (!config.sessionCache) return undefined;
      // The answer cache hears its clubs' changes on the same connection, with the same catch-up: on PGlite as
      // notifications, on PostgreSQL as rows read in each round trip (db/club-data-changes.ts).
      const changed = (payload: string) => deps.answerCache.changed(payload);
      return db.pglite
        ? listenOnPGlite(db.pglite, deps.sessionCache, app.log, [{ channel: DATA_CHANNEL, changed }])
        : listenOnPostgres(config.databaseUrl!, deps.sessionCache, app.log, { changes: clubDataChangeReader(changed) });
    },
    () => undefined,
  );
  app.addHook('onClose', async () => (await listening)?.close());
  // Registered after the database's onClose, so they run first: mail still being sent finishes, and the access
  // log's buffered rows are written, before the close.
  app.addHook('onClose', () => deps.background.idle());
  // The job queue and its periodic work (jobs/periodic.ts: once per period across the instances on one database)
  // start once the schema is current, here or, with JOBS=worker, in `npm run worker` (this process then only
  // enqueues: jobs/start-jobs.ts); they stop before the database closes.
  if (config.jobsEnabled || config.jobsInWorker) {
    const jobs = config.jobsEnabled ? startJobs({ deps, outbox, db }) : enqueueJobs({ deps, outbox, db });
    jobs.started.then(
      () => (lifecycle.jobs = 'started'),
      () => (lifecycle.jobs = 'failed'),
    );
    app.addHook('onClose', () => jobs.stop());
  }
  app.addHook('onClose', () => deps.accessLog.close());
  // The access log's retention: rows past it are deleted daily, by the job queue above; without it, on the embedded
  // database (one process) by this process, at start and daily. A PostgreSQL instance without the queue leaves it to
  // those with it.
  if (!config.jobsEnabled && db.kind === 'pglite') {
    let stopPruning = () => {};
    db.migrated.then(() => (stopPruning = scheduleAccessLogPruning(db.prisma, app.log)), () => {});
    app.addHook('onClose', async () => stopPruning());
  }
  // An import or undo a stop interrupted on PGlite is finished (import-recovery.service.ts).
  db.migrated.then(() => deps.background.run('import: interrupted runs', () => recoverInterruptedImports(deps)), () => {});
  db.migrated.then(
    (applied) => applied.length && app.log.info({ migrations: applied }, 'database migrations applied'),
    (err) => app.log.error({ err }, err instanceof DatabaseOpenError ? err.message : 'database migrations failed'),
  );
  // Data requests wait for the schema to be current; static files do not.
  app.addHook('onRequest', async (req, reply) => {
    if (!/^\/(api|graphql|healthz|files)(\/|\?|$)/.test(req.url)) return;
    try {
      await db.migrated;
    } catch {
      return reply.status(503).send(failure(MSG.unexpected));
    }
  });

  await app.register(fastifyCookie);
  // The Google tag's origins, allowed only when an analytics id is configured (the public site loads it only
  // after cookie consent; see client/src/features/site/consent/).
  const analytics = config.analyticsId ? ANALYTICS_CSP : { script: [], connect: [], img: [] };
  // helmet's middleware built once: @fastify/helmet built it again on every request (1.4 % of a list page's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics.script],
        styleSrc: ["'self'", "'unsafe-inline'"], // Chakra (emotion) injects its styles at run time
        imgSrc: ["'self'", 'data:', 'blob:', ...analytics.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analytics.connect],
        frameAncestors: ["'none'"],
        // Plain HTTP on a LAN address must keep loading its own assets.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  acceptEmptyJsonBodies(app);
  // Fastify reads text/plain by default; no route takes it (it would reach the legacy routes as {}): 415 instead.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(handleError);
  registerCors(app, config.corsOrigins);
  registerXsrf(app);

  app.get('/healthz', async (_req, reply) => {
    try {
      await deps.systemDb.$queryRaw`SELECT 1`;
      return { status: 'ok', database: db.kind };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'error', database: db.kind });
    }
  });
  registerHealthRoutes(app, { lifecycle, database: db.kind, ping: () => deps.systemDb.$queryRaw`SELECT 1`, log: app.log });
  registerMetricsRoute(app, metrics, config.metricsToken);
  registerGraphQL(app, deps);
  registerFileRoutes(app, deps);
  registerLeadRoutes(app, deps);
  registerAccessLogRoutes(app, deps);
  registerMemberRegisterRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerFamilyAreaRoutes(app, deps);
  registerFeesRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  await registerNoticeRoutes(app, deps);
  registerChannelRoutes(app, deps);
  registerLegacyRoutes(app, deps, LEGACY_ROUTES);
  await serveClient(app, config.clientDir, () => lifecycle.migrations === 'pending');

  return { app, deps, databaseReady: db.migrated, lifecycle, metrics };
}

/**
 * `Server-Timing: app;dur=<ms>` on /graphql and /api answers, from the first onRequest hook to onSend: the server
 * time the benchmarks report (bench/people-list.ts), also shown by the browser's dev tools.
 */
function registerServerTiming(app: FastifyInstance) {
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (req) => {
    started.set(req, performance.now());
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const start = started.get(req);
    if (start !== undefined && /^\/(api|graphql)(\/|\?|$)/.test(req.url)) {
      const other = reply.getHeader('server-timing'); // e.g. the answer cache's `cache;desc=hit`
      reply.header('server-timing', [`app;dur=${(performance.now() - start).toFixed(2)}`, other].filter(Boolean).join(', '));
    }
    return payload;
  });
}

/** Legacy clients POST with `Content-Type: application/json` and no body (/me, /logout, /app): that means {}. */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    void parseJson(req, body as string, done);
  });
}

/** Transport errors (bad JSON, oversize, wrong media type) and anything unexpected, in each face's format. */
function handleError(this: FastifyInstance, error: FastifyError, req: { url: string; log: FastifyInstance['log'] }, reply: import('fastify').FastifyReply) {
  let status: number;
  let message: string;
  let code: string;
  const refusal = appErrorOf(error);
  if (refusal) {
    [status, message, code] = [HTTP_STATUS[refusal.code], refusal.message, refusal.code];
    if (refusal instanceof ServiceBusyError) void reply.header('retry-after', String(refusal.retryAfterSeconds));
  } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    [status, message, code] = [413, MSG.bodyTooLarge, 'PAYLOAD_TOO_LARGE'];
  } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    [status, message, code] = [415, MSG.unsupportedMediaType, 'UNSUPPORTED_MEDIA_TYPE'];
  } else if (error.statusCode === 400 && (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP'))) {
    [status, message, code] = [400, MSG.malformedJson, 'BAD_REQUEST'];
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    [status, message, code] = [error.statusCode, MSG.operationFailed, 'BAD_REQUEST'];
  } else {
    req.log.error({ err: error }, 'request failed');
    [status, message, code] = [500, MSG.unexpected, 'INTERNAL'];
  }
  if (refusal || status < 500) logRefusal(req.log, { code, status, message: refusal?.message ?? error.message });
  const body = req.url.startsWith('/graphql')
    ? { errors: [{ message, extensions: { code } }] }
    : failure(message);
  return reply.status(status).send(body);
}

/**
 * The built client (Vite output) with history-API fallback; unknown /api paths answer the envelope. While the
 * database is `starting`, pages answer the starting page (http/starting-page.ts); the assets are served already.
 */
async function serveClient(app: FastifyInstance, clientDir: string, starting: () => boolean) {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (client/vite.config.ts): served by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ clientDir }, 'client not built: serving the API only (run `npm run build`)');
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') return reply.status(404).send(failure(MSG.routeNotFound));
    if (hasClient && (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/graphql')) {
      if (starting()) {
        return reply.status(503).header('retry-after', String(STARTING_RETRY_SECONDS)).header('cache-control', 'no-store').type('text/html').send(STARTING_PAGE);
      }
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: MSG.routeNotFound });
  });
}

