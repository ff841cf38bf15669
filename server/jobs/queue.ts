// The product's job queue (DESIGN.md "Jobs"): pg-boss, on PostgreSQL with its own small pool, and in-process on the
// embedded PGlite through the app's own instance (pg-boss `db.executeSql`; PGlite runs each call exclusively, so a
// job's statements never interleave with an open Prisma transaction). Its tables live in the schema "pgboss",
// which it creates and upgrades itself at start. Jobs are idempotent: each handler checks its own record first.
import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, type Job, type JobWithMetadata, type Queue, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Logger } from '../context';
import type { PoolCounts } from '../db/pool-counts';
import { currentRequestId, runInLogScope, type LogScope } from '../operations/log-scope';

export interface JobQueue {
  /** Settles once the queue has started (rejects if it could not). */
  readonly ready: Promise<void>;
  createQueue(name: string, options?: Omit<Queue, 'name'>): Promise<void>;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement, each with the queue's own policy (retries, expiry). */
  sendMany(name: string, data: object[]): Promise<void>;
  work<T extends object>(name: string, options: WorkOptions & { includeMetadata: true }, handler: (jobs: JobWithMetadata<T>[]) => Promise<unknown>): Promise<string>;
  /** Stops taking jobs; running ones get `timeoutMs` (default 3 s) to finish, an interrupted one is retried later. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Jobs waiting (deferred retries included) and running, for each queue this process created (the metrics). */
  depth(): Promise<QueueDepth[]>;
  /** pg-boss' own connections on PostgreSQL; null on PGlite, where it shares the app's one connection. */
  poolCounts(): PoolCounts | null;
}

export interface QueueDepth {
  queue: string;
  queued: number;
  active: number;
}

/** Enqueued by a request (or by a job it enqueued): the job carries its id, and its handler logs with it. */
function withRequestId(data: object): object {
  const requestId = currentRequestId();
  return requestId && !('requestId' in data) ? { ...data, requestId } : data;
}

/** The log scope of a job's handler: its queue and id, and the id of the request that enqueued it. */
function jobScope(queue: string, jobs: Job<object>[]): LogScope {
  if (jobs.length !== 1) return { job: queue };
  const requestId = (jobs[0].data as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === 'string' ? { requestId, job: queue, jobId: jobs[0].id } : { job: queue, jobId: jobs[0].id };
}

// pg-boss' job table (schema "pgboss") counted directly, not its queue statistics (refreshed every minute): the
// partial index on live jobs (job_i14) serves it.
const DEPTH_SQL = `SELECT name, count(*) FILTER (WHERE state <> 'active')::int AS queued, count(*) FILTER (WHERE state = 'active')::int AS active
  FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`;

export interface JobQueueOptions {
  databaseUrl?: string;
  pglite?: PGlite;
  log: Logger;
  /**
   * Only sends jobs (a web process whose jobs run in `npm run worker`, JOBS=worker): no workers are started, and the
   * queue's maintenance (expiry, retention) is left to the worker's instance.
   */
  sendOnly?: boolean;
}

/** pg-boss' `db` over PGlite: parameterised statements one at a time; its multi-statement scripts through exec. */
function pgliteExecutor(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return pglite.query(text, values as never[]);
      const results = await pglite.exec(text);
      return results.length === 1 ? results[0] : (results as unknown as { rows: unknown[] });
    },
  };
}

export function startJobQueue({ databaseUrl, pglite, log, sendOnly = false }: JobQueueOptions): JobQueue {
  if (!databaseUrl && !pglite) throw new Error('job queue: no database');
  const boss = databaseUrl
    ? new PgBoss({ connectionString: databaseUrl, max: 2, schedule: false, ...(sendOnly ? { supervise: false } : {}) })
    : new PgBoss({ db: pgliteExecutor(pglite!), schedule: false });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  const ready = boss.start().then(() => undefined);
  ready.catch((err: unknown) => log.error({ err }, 'job queue did not start'));
  let stopped = false;
  const queues = new Set<string>();
  return {
    ready,
    async createQueue(name, options) {
      queues.add(name);
      await ready;
      // Creating is safe when instances race (pg-boss inserts the queue once, under a lock). A queue's policy and
      // partitioning are fixed at creation (updateQueue refuses them); its other options follow the code at each start.
      if (!(await boss.getQueue(name))) return boss.createQueue(name, options);
      const { policy: _policy, partition: _partition, ...updatable } = options ?? {};
      if (Object.keys(updatable).length) await boss.updateQueue(name, updatable);
    },
    async send(name, data, options) {
      await ready;
      return boss.send(name, withRequestId(data), options ?? {});
    },
    async sendMany(name, data) {
      await ready;
      if (data.length) await boss.insert(name, data.map((d) => ({ data: withRequestId(d) })));
    },
    async work(name, options, handler) {
      if (sendOnly) throw new Error(`job queue: ${name} cannot be worked by a send-only queue (JOBS=worker)`);
      await ready;
      const run = handler as (jobs: Job<object>[]) => Promise<unknown>;
      return boss.work(name, options, (jobs: Job<object>[]) =>
        runInLogScope(jobScope(name, jobs), async () => {
          try {
            return await run(jobs);
          } catch (err) {
            log.warn({ err }, 'job failed');
            throw err; // pg-boss retries it or marks it failed
          }
        }),
      );
    },
    async stop({ timeoutMs = 3000 } = {}) {
      if (stopped) return;
      stopped = true;
      await ready.catch(() => {});
      // Jobs in flight get a grace; an interrupted one is retried later (handlers are idempotent).
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
    async depth() {
      await ready;
      const { rows } = await boss.getDb().executeSql(DEPTH_SQL);
      const counted = new Map((rows as Array<{ name: string; queued: number; active: number }>).map((r) => [r.name, r]));
      return [...queues].map((queue) => ({ queue, queued: counted.get(queue)?.queued ?? 0, active: counted.get(queue)?.active ?? 0 }));
    },
    poolCounts() {
      return databaseUrl ? (boss.getDb().poolCounts?.() ?? null) : null;
    },
  };
}
