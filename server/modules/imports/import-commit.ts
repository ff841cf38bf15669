// How an import's (and an undo's) long write is committed. On PostgreSQL: one transaction, all or nothing, while other
// sessions go on. PGlite has ONE session: a transaction there holds every other request until it commits (a 100,000
// row import held them for 27 s), so it is committed slice by slice, other requests served between the slices, and
// all or nothing is kept by the run's state instead: a run being written is `writing` (undoing: `undoing`) until its
// last slice, a failure reverts the slices already committed, and a run found in either state at start is put back
// (import-recovery.service.ts). Meanwhile the rows already written are visible, as an import in progress.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../context';
import type { Db } from '../../lib/club-rows';
import { breathe } from './import-write';

/** Runs `work` in a transaction: the same one for every slice (PostgreSQL), or a new one per slice (PGlite). */
export type Slice = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

const TRANSACTION = { timeout: 300_000, maxWait: 10_000 } as const;

/** Whether long writes are committed slice by slice: the database has a single session (PGlite). */
export const commitsInSlices = (deps: Pick<AppDeps, 'database'>) => deps.database === 'pglite';

/**
 * Runs `body`, whose writes go through `slice`: in one transaction unless `sliced`, where each slice commits on its
 * own and the event loop gets a turn after it (PGlite answers in this thread).
 */
export async function longWrite<T>(db: PrismaClient, sliced: boolean, body: (slice: Slice) => Promise<T>): Promise<T> {
  if (!sliced) return db.$transaction((tx) => body((work) => work(tx)), TRANSACTION);
  return body(async (work) => {
    const result = await db.$transaction(work, TRANSACTION);
    await breathe();
    return result;
  });
}

/**
 * People written (or undone) per slice on PGlite, unless IMPORT_SLICE_ROWS says otherwise (config.ts). Measured on this 2-core machine (npm run bench:import): 1,000 kept
 * other requests' p95 at 0.6 s but a 10,000-row import took 6.5 s (target 5) and 100,000 took 52 s; 2,500 gives
 * 4.4 s and 41 s with other requests' p95 at 0.9 s (target 1 s).
 */
export const IMPORT_SLICE_ROWS = 2_500;
