// Periodic work on the job queue, run once per period across every instance on one database (issue 16 point 1):
// certificate-reminder scans, webhook scans, the mail outbox's sweep, the access log's pruning.
//
// Each instance with the queue sends a tick job at start and then every period, with pg-boss' `singletonSeconds` set
// to the period: pg-boss files the job under its time slot (the database's now, rounded down to a multiple of the
// period since the epoch) and its unique index on (queue, slot) keeps one job per slot, so the other instances'
// ticks in that slot insert nothing (`send` answers null). Whichever instance's worker fetches the job does the work.
// The database's clock decides the slot, so the instances' own clocks may disagree; a restart within a period does
// not run it again. The queue is 'stately': a run that outlasts its period keeps at most one tick waiting behind it.
import type { QueueOptions } from 'pg-boss';
import type { Logger } from '../context';
import type { JobQueue } from './queue';

export interface PeriodicTask {
  queue: string;
  /** The length of a slot: at most one run starts in each. */
  slotSeconds: number;
  /** Sends this slot's tick now, as the timer does: the new job's id, or null when the slot already has its job. */
  tick: () => Promise<string | null>;
  /** Stops this process's timer (its worker stops with the queue). */
  stop: () => void;
}

export interface PeriodicTaskOptions {
  queue: string;
  everySeconds: number;
  run: () => Promise<unknown>;
  log: Logger;
  /** Retries of a failed run (default none: the next period's run is the retry). */
  retries?: Pick<QueueOptions, 'retryLimit' | 'retryDelay'>;
}

/** How long after a slot's start (by this process's clock) the timer sends its tick. */
const SLOT_SLACK_MS = 250;

export async function startPeriodicTask(jobs: JobQueue, { queue, everySeconds, run, log, retries }: PeriodicTaskOptions): Promise<PeriodicTask> {
  // pg-boss' slots are whole seconds.
  const slotSeconds = Math.max(1, Math.round(everySeconds));
  await jobs.createQueue(queue, {
    policy: 'stately',
    retryLimit: 0,
    ...retries,
    // A finished tick must outlive its slot, or a later tick in the same slot would make a second job.
    deleteAfterSeconds: Math.max(2 * slotSeconds, 3600),
  });
  const tick = () => jobs.send(queue, {}, { singletonSeconds: slotSeconds });
  const timed = () => tick().catch((err: unknown) => log.error({ err, queue }, 'periodic job not queued'));
  // The start's tick before the worker, whose first fetch then finds it instead of waiting for its next poll.
  await timed();
  await jobs.work(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: Math.min(5, Math.max(0.5, everySeconds / 4)) }, () => run());
  // The timer fires just after each slot begins (by this process's clock; the slack covers a small disagreement
  // with the database's): a tick sent late in a slot that `tick()` already filled would insert nothing, and the
  // work would wait for the slot after.
  const periodMs = everySeconds * 1000;
  let timer: NodeJS.Timeout = setTimeout(() => {
    void timed();
    timer = setInterval(() => void timed(), periodMs);
    timer.unref();
  }, periodMs - (Date.now() % periodMs) + SLOT_SLACK_MS);
  timer.unref();
  return { queue, slotSeconds, tick, stop: () => clearTimeout(timer) };
}
