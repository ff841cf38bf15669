// The job worker: `npm run worker` (issue 34 point 6). Runs the job queue's workers and periodic work (mail delivery,
// certificate reminders, webhooks, the access log's pruning: jobs/start-jobs.ts) in a process of its own, with no
// HTTP, beside web processes started with JOBS=worker, which only enqueue. PostgreSQL only (DATABASE_URL): the
// embedded database is opened by one process, which runs its jobs itself. Several workers may run at once (pg-boss
// hands each job to one; periodic work runs once per period across them). SIGTERM or SIGINT: stops taking jobs,
// gives running ones SHUTDOWN_TIMEOUT_SECONDS, writes the access log's buffered rows, closes the database, exits 0.
import Fastify from 'fastify';
import { createAppDeps } from './app-deps';
import { loadConfig } from './config';
import { openAppDatabase } from './db/database';
import { startJobs } from './jobs/start-jobs';
import { clientGoneLogMethod } from './lib/client-gone';
import { systemClock } from './lib/clock';
import { installLastResortHandlers } from './lib/last-resort';
import { requestIdOptions } from './operations/request-id';
import { shutdownDeadlineMs } from './operations/shutdown';

// This process works the jobs whatever JOBS says (web processes beside it have JOBS=worker).
const config = { ...loadConfig(), jobsEnabled: true, jobsInWorker: false };
if (!config.databaseUrl) {
  console.error('npm run worker richiede DATABASE_URL: con il database incorporato i job girano nel processo web (npm start). / npm run worker needs DATABASE_URL: on the embedded database the jobs run in the web process.');
  process.exit(1);
}

// A Fastify instance that never listens: the same logger (with the job's log scope) and the same ordered onClose
// hooks as the web process, so both stop their parts the same way.
const { mixin } = requestIdOptions();
const app = Fastify({ logger: { level: config.logLevel, mixin, hooks: { logMethod: clientGoneLogMethod } } });
const db = openAppDatabase({ ...config, log: app.log });
app.addHook('onClose', async () => {
  await db.migrated.catch(() => {});
  await db.close();
});
const { deps, outbox } = createAppDeps(app, { config, db, now: systemClock });
app.addHook('onClose', () => deps.background.idle());
const jobs = startJobs({ deps, outbox, db });
app.addHook('onClose', () => jobs.stop());
app.addHook('onClose', () => deps.accessLog.close());
installLastResortHandlers({ log: app.log, shutdown: () => app.close() });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'worker: shutting down');
  setTimeout(() => {
    app.log.error({ signal }, 'worker: shutdown did not finish in time: exiting anyway');
    process.exit(1);
  }, shutdownDeadlineMs({ delayMs: 0, timeoutMs: config.shutdownTimeoutMs })).unref();
  await app.close();
  app.log.info({ signal }, 'worker: shut down');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await db.migrated;
  await jobs.started;
  app.log.info({ queues: [...(deps.periodicTasks?.keys() ?? [])] }, 'CampoBase worker pronto: job queue started');
} catch (err) {
  app.log.error({ err }, 'worker: the database or the job queue did not start');
  await app.close();
  process.exit(1);
}
