// The mail outbox's delivery on the job queue (server/lib/mail-outbox.ts): one job per mail, retried with
// exponential backoff after a failure (MAIL_RETRY_SECONDS, about doubling at each of MAIL_RETRIES retries, at most an
// hour apart); the last failure marks the mail `failed` and is logged as an error. Once a minute across the instances
// with the queue (jobs/periodic.ts), a sweep hands over the mails nobody handed over and deletes old settled ones.
import type { JobResult } from 'pg-boss';
import type { Logger } from '../context';
import { MAIL_QUEUE, type MailOutbox } from '../lib/mail-outbox';
import { startPeriodicTask, type PeriodicTask } from './periodic';
import type { JobQueue } from './queue';

export const MAIL_SWEEP_QUEUE = 'mail-sweep';
const MAIL_BATCH = 20;
/** Mails of a batch delivered at once: the SMTP transport's pooled connections (lib/mailer.ts). */
const MAIL_CONCURRENCY = 2;
const SWEEP_SECONDS = 60;

/**
 * The mail queue with its retry policy, created (or brought up to date) by every process that sends to it: the
 * worker that works it, and a web process that only enqueues (JOBS=worker) and may start first.
 */
export function createMailQueue(jobs: JobQueue, { retries, retrySeconds }: { retries: number; retrySeconds: number }): Promise<void> {
  return jobs.createQueue(MAIL_QUEUE, { retryLimit: retries, retryDelay: retrySeconds, retryBackoff: true, retryDelayMax: 3600 });
}

export async function startMailDelivery(
  outbox: MailOutbox,
  jobs: JobQueue,
  { retries, retrySeconds, log }: { retries: number; retrySeconds: number; log: Logger },
): Promise<{ sweep: PeriodicTask; stop: () => void }> {
  await createMailQueue(jobs, { retries, retrySeconds });
  // Up to MAIL_BATCH mails a fetch, fetched again at once while fetches come back full: one mail a poll would cap
  // the outbox at 60 mails a minute (a notice to hundreds of families). Each mail settles on its own: a failure is
  // retried later with backoff, the others of its batch are done.
  await jobs.work<{ mailId: string }>(
    MAIL_QUEUE,
    { includeMetadata: true, batchSize: MAIL_BATCH, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds: 1 },
    async (batch) => {
      const results = new Array<JobResult>(batch.length);
      // MAIL_CONCURRENCY mails of the batch at a time, one per pooled SMTP connection: each waits on the SMTP
      // server's answer, not on the process.
      let next = 0;
      const lane = async () => {
        for (let i = next++; i < batch.length; i = next++) {
          const job = batch[i];
          const outcome = await outbox.deliver(job.data.mailId, job.retryCount >= job.retryLimit);
          results[i] =
            outcome === 'retry'
              ? { id: job.id, status: 'failed', output: { message: `mail ${job.data.mailId} not delivered (attempt ${job.retryCount + 1}): retried later` } }
              : { id: job.id, status: 'completed' };
        }
      };
      await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, lane));
      return results;
    },
  );
  outbox.useQueue(jobs);
  const sweep = await startPeriodicTask(jobs, { queue: MAIL_SWEEP_QUEUE, everySeconds: SWEEP_SECONDS, run: () => outbox.sweep(), log });
  return {
    sweep,
    stop() {
      sweep.stop();
      // Mails written while the app closes are attempted in the process (and awaited with its background work).
      outbox.useQueue(null);
    },
  };
}
