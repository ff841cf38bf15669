// What every service and job receives: one Scope = the app's dependencies (AppDeps, built once per process by
// app.ts) + the request's own (RequestOwn: who is asking, from where, per-request flags). GraphQL and REST build it
// once per request (http/request-context.ts), a job or script once per run (access/scope.ts systemScope), so a rule
// never depends on the face it came through. The database access follows the actor (access/scope.ts).
import type { PrismaClient } from './generated/prisma/client.js';
import type { AccessLogBuffer, HealthReadRecord } from './access/access-log';
import type { Actor } from './access/actor';
import type { ApiBudget, ApiUsage } from './modules/federation/api-usage';
import type { PeriodicTask } from './jobs/periodic';
import type { JobQueue } from './jobs/queue';
import type { ClubRole } from './access/permissions';
import type { SessionCache } from './auth/session-cache';
import type { AnswerCache } from './graphql/answer-cache';
import type { ServerConfig } from './config';
import type { ReadReplicas } from './db/read-replicas';
import type { Background } from './lib/background';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { RateLimits } from './lib/rate-limits';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AppDeps {
  /**
   * The guarded client: account-side models only. Club-owned models and raw SQL throw MissingClubScopeError here;
   * services reach them through the request's club-scoped client (access/request-db.ts `clubDb(ctx)`).
   */
  db: PrismaClient;
  /**
   * The unguarded client. Only jobs, scripts, migrations and the files of eslint.config.js's SYSTEM_DB_ALLOWLIST
   * (each with its reason) may name it: everything else reaches data through the scope (access/scope.ts).
   */
  systemDb: PrismaClient;
  /**
   * Read replicas (DATABASE_REPLICA_URLS), absent without them: the club-scoped reads of read-only requests go there
   * (access/request-db.ts, db/read-replicas.ts). `db` and `systemDb` always use the primary.
   */
  replicas?: ReadReplicas;
  /** Which database serves the app: the embedded PGlite (one session) or a PostgreSQL server. */
  database: 'pglite' | 'postgres';
  mailer: Mailer;
  limits: RateLimits;
  config: ServerConfig;
  log: Logger;
  /**
   * What time it is for calendar rules (the club's today: certificate states, reminders, eligibility, dashboard,
   * list filters, season label): the system clock, or a test's (lib/clock.ts).
   */
  now: Clock;
  /** Work started by a request and finished after its answer (logged on failure). */
  background: Background;
  /** The access log's rows written in batches: sign-ins, health-data reads, exports (access/access-log.ts). */
  accessLog: AccessLogBuffer;
  /** Organisation API keys' points per hour (modules/federation/api-usage.ts). */
  apiBudget: ApiBudget;
  /** What resolveViewer reads, kept while every change to it is heard (auth/session-cache.ts). */
  sessionCache: SessionCache;
  /** Whole answers of the admin pages' read-only queries, per session, kept while every change is heard. */
  answerCache: AnswerCache;
  /** The job queue (server/jobs/queue.ts), once started; absent when JOBS=0 (and in most tests). */
  jobs?: JobQueue;
  /** Looks at the change feed for webhooks now instead of at the next tick (tests, and after a restart). */
  scanWebhooks?: () => Promise<number>;
  /** The periodic work on the job queue, by queue name (jobs/periodic.ts), once started; absent when JOBS=0. */
  periodicTasks?: ReadonlyMap<string, PeriodicTask>;
}

export interface Viewer {
  accountId: string;
  sessionId: string;
  /** The session passed the second factor (TOTP or a recovery code at sign-in, or by turning it on). */
  secondFactor?: boolean;
  /** The membership named by the X-Club header, when the request named a club. */
  membership: { id: string; clubId: string; role: ClubRole; token: string; /** allenatore: the groups they coach */ groupIds?: string[] } | null;
}

/** The request's own: where it came from, who asked, and what the request decided along the way. */
export interface RequestOwn {
  meta: { ip?: string; userAgent?: string };
  viewer: Viewer | null;
  /**
   * An organisation's API key presented as the bearer (`cbk_…`) instead of a session: viewer is then null. What the
   * request reads and costs is counted in `apiUsage` (modules/federation/api-usage.ts) for limits and the log.
   */
  apiKey?: Extract<Actor, { kind: 'apiKey' }> | null;
  apiUsage?: ApiUsage;
  /**
   * A job or script acting for the product itself (access/scope.ts systemScope): the only scope whose database
   * access is unguarded. Never set by a request.
   */
  system?: { reason: string; clubId?: string };
  /**
   * The request only reads (a GraphQL query, a legacy read route) and its session wrote nothing in the last seconds:
   * its club-scoped reads may be served by a read replica. Set by the face (routeRequestReads in access/request-db.ts).
   */
  replicaReads?: boolean;
  /** Set while the answer cache may keep this request's answer: the health reads it logs (access/access-log.ts). */
  healthReads?: HealthReadRecord[];
  /** The request's `Cache-Control`: `no-cache`, computed now (and kept); `no-store`, computed and not kept. */
  answerCacheControl?: 'no-cache' | 'no-store';
  /** What the answer cache did with this request (graphql/answer-cache.ts), for the Server-Timing header. */
  answerCache?: 'hit' | 'miss';
}

/**
 * What every service and job receives: the app's dependencies and the request's (or job's) own. The actor and the
 * database access that follows it are derived from it in access/scope.ts (actorOf, clubDb, apiKeyDb, ...).
 */
export interface Scope extends RequestOwn {
  deps: AppDeps;
}

/** The name services have always used for their scope: a request's Scope. */
export type RequestContext = Scope;
