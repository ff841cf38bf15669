// The app's dependencies (AppDeps), built once per process by whichever process serves: the web process (app.ts)
// and the job worker (worker.ts, `npm run worker`) build the same ones, so a job runs the same services with the
// same mail, rate limits and access log wherever it runs. The caller owns the Fastify instance whose onClose hooks
// stop them (the worker's never listens).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './context';
import { createAccessLogBuffer } from './access/access-log';
import { guardedClient } from './access/club-scope';
import { createSessionCache } from './auth/session-cache';
import type { AppDatabase } from './db/database';
import { createAnswerCache } from './graphql/answer-cache';
import { createBackground } from './lib/background';
import type { Clock } from './lib/clock';
import { createMailer, throttledMailer, type Mailer } from './lib/mailer';
import { createMailOutbox, type MailOutbox } from './lib/mail-outbox';
import { createRateLimits, type RateLimits } from './lib/rate-limits';
import { memoryRateLimitStore, postgresRateLimitStore } from './lib/rate-limit-store';
import { createApiBudget } from './modules/federation/api-usage';
import type { ServerConfig } from './config';

export interface AppDepsOptions {
  config: ServerConfig;
  db: AppDatabase;
  now: Clock;
  /** Tests: mail goes straight to this instead of the outbox table and its delivery (still behind the throttle). */
  mailer?: Mailer;
  /** The web process counts the limits' refusals in its metrics (operations/metrics.ts countRefusals). */
  countLimits?: (limits: RateLimits) => RateLimits;
}

export function createAppDeps(app: FastifyInstance, { config, db, now, mailer, countLimits = (l) => l }: AppDepsOptions): { deps: AppDeps; outbox: MailOutbox } {
  // On PostgreSQL the counts are shared by every instance (rate-limit-store.ts). Its connections close after the
  // background work (onClose hooks run last-registered first), which may still count mail.
  const rateLimitStore = config.databaseUrl ? postgresRateLimitStore(config.databaseUrl, app.log) : memoryRateLimitStore;
  app.addHook('onClose', () => rateLimitStore.close());
  const limits = countLimits(createRateLimits(config.rateLimitFactor, {
    mail: { recipient: config.mailPerRecipientHourly, club: config.mailPerClubHourly },
  }, rateLimitStore));
  // Every mail is a row of the outbox first, delivered through the transport (SMTP, or .eml files in DATA_DIR/outbox)
  // by the job queue with retries, or in the background by a process without it (lib/mail-outbox.ts).
  const background = createBackground(app.log);
  const transport = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  // Registered before the hooks that finish sending (background work, the job queue): runs after them.
  app.addHook('onClose', async () => transport.close?.());
  const outbox = createMailOutbox({ db: db.prisma, transport, background, from: config.mailFrom, bounceAddress: config.mailBounceAddress, log: app.log });
  const sessionCache = createSessionCache();
  const deps: AppDeps = {
    db: guardedClient(db.prisma),
    systemDb: db.prisma,
    replicas: db.replicas,
    database: db.kind,
    config,
    log: app.log,
    now,
    limits,
    mailer: throttledMailer(mailer ?? outbox.mailer, limits, [config.feedbackEmail, config.salesEmail]),
    background,
    accessLog: createAccessLogBuffer(db.prisma, app.log),
    // The API keys' points budget counts in the same store as the rate limits: shared by every instance.
    apiBudget: createApiBudget(config.apiKeyPointsHourly, rateLimitStore),
    sessionCache,
    answerCache: createAnswerCache(sessionCache, config.answerCache),
  };
  return { deps, outbox };
}
