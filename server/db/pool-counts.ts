// How busy the app's database connections are, for the metrics (server/operations/metrics.ts): on PostgreSQL the
// pg pool behind the Prisma adapter; on PGlite its single connection and the calls queued behind it.

/** The same shape as pg-boss' own pool counts, so the job queue's pool is reported the same way. */
export interface PoolCounts {
  /** Connections the pool may open. */
  max: number;
  /** Connections open now. */
  total: number;
  /** Open connections doing nothing. */
  idle: number;
  /** Queries (or transactions) waiting for a connection. */
  waiting: number;
}

export const NO_CONNECTIONS: PoolCounts = { max: 0, total: 0, idle: 0, waiting: 0 };

/** What pg.Pool exposes (pg's defaults: at most 10 connections). */
export interface PgPoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

export const pgPoolCounts = (pool: PgPoolLike): PoolCounts => ({
  max: pool.options?.max ?? 10,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The PGlite entry every query, exec and transaction goes through one at a time (its transaction mutex). */
interface PGliteExclusive {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * PGlite runs one statement or transaction at a time, Prisma's and pg-boss' alike: every call waits on one mutex,
 * which PGlite does not count. Counting the calls that entered it and have not finished gives the honest "pool":
 * one connection, busy or idle, and how many calls wait behind it.
 */
export function countPGliteCalls(pglite: PGliteExclusive): () => PoolCounts {
  const run = pglite._runExclusiveTransaction.bind(pglite);
  let pending = 0;
  pglite._runExclusiveTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    pending++;
    try {
      return await run(fn);
    } finally {
      pending--;
    }
  };
  return () => ({ max: 1, total: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) });
}
