// How an import's (and an undo's) long write is committed. On PostgreSQL: one transaction, all or nothing, while other
// sessions go on. PGlite has ONE session: a transaction there holds every other request until it commits (a 100,000
// row import held them for 27 s), so it is committed slice by slice, other requests served between the slices, and
// all or nothing is kept by the run's state instead: a run being written is `writing` (undoing: `undoing`) until its
// last slice, a failure reverts the slices already committed, and a run found in either state at start is put back
// (import-recovery.service.ts). Meanwhile the rows already written are visible, as an import in progress.
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../context';
import type { Db } from '../../lib/club-rows';
import { isStatementTimeout } from '../../db/statement-timeout';
import { QueryTimeoutError } from '../../lib/errors';
import { breathe } from './import-write';
import { CLUB, clubSql } from '../../access/club-sql';

/** Runs `work` in a transaction: the same one for every slice (PostgreSQL), or a new one per slice (PGlite). */
export type Slice = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * A long write's own limits on PostgreSQL, beside the requests' STATEMENT_TIMEOUT_MS (10 s): the transaction may
 * run LONG_WRITE_TRANSACTION_MS and each of its statements LONG_WRITE_STATEMENT_MS. Its statements are bounded (a
 * few thousand rows each), but on a loaded machine one of them took over 10 s and the undo of a 100,000-row import
 * was cancelled in 2 of 3 tries with the search's message. Past either limit the work is refused as a whole (nothing
 * written), with its own message (IMPORT_MSG.writeTimeout, undoTimeout: longWriteTimedOut).
 */
export const LONG_WRITE_TRANSACTION_MS = 300_000;
export const LONG_WRITE_STATEMENT_MS = 60_000;

const TRANSACTION = { timeout: LONG_WRITE_TRANSACTION_MS, maxWait: 10_000 } as const;

/** Whether long writes are committed slice by slice: the database has a single session (PGlite). */
export const commitsInSlices = (deps: Pick<AppDeps, 'database'>) => deps.database === 'pglite';

/**
 * Runs `body`, whose writes go through `slice`: in one transaction unless `sliced`, where each slice commits on its
 * own and the event loop gets a turn after it (PGlite answers in this thread).
 */
export async function longWrite<T>(
  db: PrismaClient,
  { sliced, clubId, statementMs = LONG_WRITE_STATEMENT_MS }: { sliced: boolean; clubId: string; statementMs?: number },
  body: (slice: Slice) => Promise<T>,
): Promise<T> {
  if (!sliced) {
    return db.$transaction(async (tx) => {
      // SET LOCAL: for this transaction only (the club named, as the club-scoped client asks of raw SQL).
      await tx.$queryRaw(clubSql(clubId)`SELECT set_config('statement_timeout', ${String(statementMs)}, true) WHERE ${CLUB} IS NOT NULL`);
      return body((work) => work(tx));
    }, TRANSACTION);
  }
  return body(async (work) => {
    const result = await db.$transaction(work, TRANSACTION);
    await breathe();
    return result;
  });
}

/**
 * Whether `error` is a long write stopped by its limits: a statement cancelled by PostgreSQL (statement_timeout, which
 * the client turns into QueryTimeoutError) or the transaction past its time (Prisma P2028 on an expired transaction).
 */
export function longWriteTimedOut(error: unknown): boolean {
  if (error instanceof QueryTimeoutError || isStatementTimeout(error)) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P2028' && typeof message === 'string' && /expired transaction|timeout for this transaction/i.test(message);
}

// The most people per slice: IMPORT_SLICE_ROWS, a setting (config.ts), whose default is measured there.
export { IMPORT_SLICE_ROWS } from '../../config';

/**
 * How long a slice should hold the database: on PGlite every other request waits for a slice whole. Under load
 * (load average 15 on 2 cores) a slice of 2,500 people took 7 s, and /healthz waited up to a minute behind them.
 */
export const SLICE_TARGET_MS = 250;
/** The fewest people per slice (fewer make the per-slice work dominate). */
const MIN_SLICE_ROWS = 250;

/**
 * People per slice (or per batch of the undo's statements on PostgreSQL), fitted to the time the last one took:
 * from `min` (MIN_SLICE_ROWS, or `max` if smaller) up to `max`, at most doubling from one slice to the next, so a
 * slice lasts about SLICE_TARGET_MS on a quiet machine and on a loaded one alike.
 */
export function sliceSizer(max: number) {
  const min = Math.min(max, MIN_SLICE_ROWS);
  let size = min;
  return {
    min,
    get size() {
      return size;
    },
    /** `rows` people took `ms`. */
    took(rows: number, ms: number) {
      const fitted = Math.round((rows * SLICE_TARGET_MS) / Math.max(ms, 1));
      size = Math.max(min, Math.min(max, size * 2, fitted));
    },
  };
}

/** The tables a run, or its undo, writes thousands of rows of. */
const WRITTEN_TABLES = [
  'people',
  'person_roles',
  'addresses',
  'athlete_details',
  'coach_details',
  'member_details',
  'manager_details',
  'group_members',
  'medical_certificates',
  // a tesseramento list or a libro soci (import-season.ts)
  'cards',
  'register_members',
  'register_member_seasons',
  'import_run_changes',
  // the organisations' change feed: a row per role the run creates (its trigger), a tombstone per role the undo removes
  'person_role_changes',
];

/**
 * Refreshes the planner's statistics of those tables once a run or an undo has committed (in the background). Until
 * then PostgreSQL plans for the club as it was: after a 100,000-row import, before autovacuum got to the tables
 * (never, on a busy machine, within minutes; PGlite has no autovacuum at all), the people list page planned for a
 * few dozen rows took 7-10 s, and its queries held the pool's connections until /healthz waited for one too.
 * One table at a time, other requests let in between (PGlite runs ANALYZE in this thread).
 *
 * After an undo (`vacuum`), the dead rows go too, on both databases (PGlite has no autovacuum to take them later).
 * ANALYZE alone recorded a club left with no rows as tables of zero rows over many pages: the planner then reckons any
 * number of pages as empty, and the next import on PostgreSQL, by a club alone in its database (a new installation's
 * second try), planned its lookups by id as scans of a whole composite index and took 6-22 s a statement until the
 * transaction's limit refused it (docs/benchmarks.md, "Import"). Emptied pages at the end of a table are handed back,
 * and an empty table is estimated by its size again. On PGlite each VACUUM holds the thread: 0.2-0.4 s for a table
 * a 100,000-row undo emptied.
 */
export async function refreshStatistics(db: PrismaClient, { vacuum = false } = {}): Promise<void> {
  for (const table of WRITTEN_TABLES) {
    const analyze = () => db.$executeRaw(Prisma.sql`ANALYZE ${Prisma.raw(table)}`);
    // A large table's VACUUM can outlast the pool's statement limit (STATEMENT_TIMEOUT_MS): then at least analyzed.
    if (vacuum) await db.$executeRaw(Prisma.sql`VACUUM (ANALYZE) ${Prisma.raw(table)}`).catch(analyze);
    else await analyze();
    await breathe();
  }
}
