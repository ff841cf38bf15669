// Where the job queue runs (JOBS, docs/configuration.md): its workers and periodic work start in the web process
// (JOBS=web, the default, and always on the embedded database) or in a process of their own (`npm run worker`,
// server/worker.ts), both through startJobs. A web process whose jobs run in the worker (JOBS=worker) still sends
// to the queue (enqueueJobs): its mail is handed to the worker instead of being attempted in the web process.
import type { AppDeps } from '../context';
import type { AppDatabase } from '../db/database';
import { startAccessLogPruning } from '../access/access-log';
import type { MailOutbox } from '../lib/mail-outbox';
import { startCertificateReminders } from '../modules/certificates/certificate-reminders.service';
import { startFeeReminders } from '../modules/fees/fee-reminders.job';
import { startNoticeDelivery } from '../modules/notices/notice-delivery.job';
import { startBounceListener } from '../modules/notices/bounce-listener';
import { startWebhooks } from '../modules/federation/webhook-delivery';
import { createMailQueue, startMailDelivery } from './mail-delivery';
import { startJobQueue } from './queue';

export interface RunningJobs {
  /** Settles once the queue and its workers run (rejects, already logged, when they could not start). */
  started: Promise<void>;
  /** Stops taking jobs; running ones get SHUTDOWN_TIMEOUT_SECONDS (an interrupted one is retried later). */
  stop(): Promise<void>;
}

interface JobsOptions {
  deps: AppDeps;
  outbox: MailOutbox;
  db: Pick<AppDatabase, 'migrated' | 'pglite'>;
}

/** The queue, its workers and the periodic work, once the schema is current. */
export function startJobs({ deps, outbox, db }: JobsOptions): RunningJobs {
  const { config, log } = deps;
  const stops: Array<() => void> = [];
  const started = db.migrated.then(async () => {
    const jobs = startJobQueue({ databaseUrl: config.databaseUrl, pglite: db.pglite, log });
    deps.jobs = jobs;
    const mail = await startMailDelivery(outbox, jobs, { retries: config.mailRetries, retrySeconds: config.mailRetrySeconds, log });
    stops.push(mail.stop);
    const webhooks = await startWebhooks(deps, jobs);
    stops.push(webhooks.stop);
    deps.scanWebhooks = webhooks.scanNow;
    const reminders = await startCertificateReminders(deps, jobs);
    stops.push(reminders.stop);
    const feeReminders = await startFeeReminders(deps, jobs);
    stops.push(feeReminders.stop);
    const notices = await startNoticeDelivery(deps, jobs);
    stops.push(notices.stop);
    if (config.bounceSmtpPort) {
      // A port that cannot be had is logged; the jobs run all the same.
      await startBounceListener(deps, config.bounceSmtpPort, config.bounceSmtpHost).then(
        (bounces) => stops.push(() => void bounces.close()),
        (err: unknown) => log.error({ err, port: config.bounceSmtpPort }, 'bounce listener did not start'),
      );
    }
    const pruning = await startAccessLogPruning(jobs, deps.systemDb, log);
    stops.push(pruning.stop);
    deps.periodicTasks = new Map([mail.sweep, webhooks.scan, reminders.scan, feeReminders.scan, notices.task, pruning].map((task) => [task.queue, task]));
  });
  return running(deps, started, stops);
}

/** JOBS=worker, in the web process: the queue only sends; mail is handed to it and delivered by the worker. */
export function enqueueJobs({ deps, outbox, db }: JobsOptions): RunningJobs {
  const { config, log } = deps;
  const stops: Array<() => void> = [];
  const started = db.migrated.then(async () => {
    const jobs = startJobQueue({ databaseUrl: config.databaseUrl, log, sendOnly: true });
    deps.jobs = jobs;
    // The worker may not have created the queue yet: pg-boss refuses to send to a queue that does not exist.
    await createMailQueue(jobs, { retries: config.mailRetries, retrySeconds: config.mailRetrySeconds });
    outbox.useQueue(jobs);
    // Mails written while the process closes are attempted here (and awaited with its background work).
    stops.push(() => outbox.useQueue(null));
  });
  return running(deps, started, stops);
}

function running(deps: AppDeps, started: Promise<void>, stops: Array<() => void>): RunningJobs {
  started.catch((err: unknown) => deps.log.error({ err }, 'job queue did not start'));
  return {
    started,
    async stop() {
      await started.catch(() => {});
      for (const stop of stops) stop();
      await deps.jobs?.stop({ timeoutMs: deps.config.shutdownTimeoutMs });
    },
  };
}
