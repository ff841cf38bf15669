// The product's job queue (DESIGN.md "Jobs"): pg-boss, on PostgreSQL with its own small pool, and in-process on the
// embedded PGlite through the app's own instance (pg-boss `db.executeSql`; PGlite runs each call exclusively, so a
// job's statements never interleave with an open Prisma transaction). Its tables live in the schema "pgboss",
// which it creates and upgrades itself at start. Jobs are idempotent: each handler checks its own record first.
import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, type Job, type JobWithMetadata, type Queue, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Logger } from '../context';

export interface JobQueue {
  /** Settles once the queue has started (rejects if it could not). */
  readonly ready: Promise<void>;
  createQueue(name: string, options?: Omit<Queue, 'name'>): Promise<void>;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  work<T extends object>(name: string, options: WorkOptions & { includeMetadata: true }, handler: (jobs: JobWithMetadata<T>[]) => Promise<unknown>): Promise<string>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  databaseUrl?: string;
  pglite?: PGlite;
  log: Logger;
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

export function startJobQueue({ databaseUrl, pglite, log }: JobQueueOptions): JobQueue {
  if (!databaseUrl && !pglite) throw new Error('job queue: no database');
  const boss = databaseUrl
    ? new PgBoss({ connectionString: databaseUrl, max: 2, schedule: false })
    : new PgBoss({ db: pgliteExecutor(pglite!), schedule: false });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  const ready = boss.start().then(() => undefined);
  ready.catch((err: unknown) => log.error({ err }, 'job queue did not start'));
  let stopped = false;
  return {
    ready,
    async createQueue(name, options) {
      await ready;
      if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
      else if (options) await boss.updateQueue(name, options);
    },
    async send(name, data, options) {
      await ready;
      return boss.send(name, data, options ?? {});
    },
    async work(name, options, handler) {
      await ready;
      return boss.work(name, options, handler as (jobs: Job<object>[]) => Promise<unknown>);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await ready.catch(() => {});
      // Jobs in flight get a short grace; an interrupted one is retried later (handlers are idempotent).
      await boss.stop({ graceful: true, timeout: 3000, close: true });
    },
  };
}
