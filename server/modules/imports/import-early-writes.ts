// On PostgreSQL an import's validation is this process's CPU and its writes are PostgreSQL's: one after the other, a
// 100,000-row workbook kept Node busy 6 s while PostgreSQL waited, then PostgreSQL 23 s while Node waited
// (docs/benchmarks.md, "Import"). Here the rows already decided are written in parts while the next ones are
// validated, in the run's one transaction, opened with the first part: all or nothing still holds, since an invalid
// row (unless only the valid ones are imported), a failed write or any error rolls that transaction back, and the
// run is then recorded as before. Not on PGlite (it answers in this thread: nothing to overlap), nor for a file with
// the libro soci's columns (its new soci are numbered after the file's highest number, known only at its end).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/club-rows';
import { longWrite } from './import-commit';
import { writeCount, type ImportWrites, type OnRows } from './import-write';

/** What the run's held transaction does: open the run (its id), write a part of it. */
export interface EarlyWriteSteps {
  openRun(tx: Db): Promise<string>;
  writePart(tx: Db, runId: string, part: ImportWrites, onRows: OnRows): Promise<void>;
}

/** The transaction's outcome, decided once the validation ends: the last work in it, or a rollback (null). */
type Ending = ((tx: Db, runId: string) => Promise<void>) | null;

/** Thrown inside the held transaction to roll it back; never leaves this module. */
const ROLLBACK = new Error('import: rolled back');

export class EarlyWrites {
  /** People of the run written early (or queued): a part is handed over once this many are decided. */
  readonly partRows: number;
  private opened: Promise<{ tx: Db; runId: string }> | null = null;
  private ended: Promise<void> | null = null;
  private end: ((ending: Ending) => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private stopped = false;
  private written = 0;
  private planned = 0;
  private report: OnRows | null = null;

  constructor(
    private readonly db: PrismaClient,
    private readonly clubId: string,
    private readonly steps: EarlyWriteSteps,
    partRows: number,
  ) {
    this.partRows = Math.max(1, partRows);
  }

  /** Whether a part was handed over (the held transaction is open, or being opened). */
  get started(): boolean {
    return this.opened !== null;
  }

  /** Whether parts are still taken: no invalid row stopped them (all or nothing), no write failed. */
  get taking(): boolean {
    return !this.stopped && !this.failure;
  }

  /** Writes `part` (whole people, in the file's order) after those handed over before it; errors wait for `finish`. */
  write(part: ImportWrites): void {
    if (!this.taking) return;
    const opened = this.opened ?? this.open();
    this.planned += writeCount(part);
    this.queue = this.queue
      .then(async () => {
        if (!this.taking) return;
        const { tx, runId } = await opened;
        await this.steps.writePart(tx, runId, part, (rows) => {
          this.written += rows;
          this.report?.(rows);
        });
      })
      .catch((error: unknown) => {
        this.failure ??= { error };
      });
  }

  /** No more parts: the run will not be written (an invalid row of an all-or-nothing run). Call `rollback` at the end. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Writes `rest` too, runs `last` in the same transaction and commits; answers the run's id. `progress` hears of the
   * rows written from now on, after `start(done, total)` with those written and to write.
   */
  async finish(rest: ImportWrites, last: (tx: Db, runId: string) => Promise<void>, progress: { start(done: number, total: number): void; add: OnRows }): Promise<string> {
    if (!this.opened) throw new Error('import: finish before any part was written');
    if (rest.changes.length) this.write(rest);
    progress.start(this.written, this.planned);
    this.report = progress.add;
    await this.queue;
    if (this.failure || this.stopped) {
      await this.rollback();
      throw this.failure ? this.failure.error : new Error('import: finish after stop');
    }
    const { runId } = await this.opened;
    this.end!(last);
    await this.ended;
    return runId;
  }

  /** Rolls back whatever was written (nothing if no part was); waits for the transaction to be over. */
  async rollback(): Promise<void> {
    if (!this.opened) return;
    this.stopped = true;
    await this.queue;
    this.end?.(null);
    await this.ended!.catch(() => undefined);
  }

  private open(): Promise<{ tx: Db; runId: string }> {
    let ready!: (held: { tx: Db; runId: string }) => void;
    let failed!: (error: unknown) => void;
    const opened = new Promise<{ tx: Db; runId: string }>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    const ending = new Promise<Ending>((resolve) => (this.end = resolve));
    const ended = longWrite(this.db, { sliced: false, clubId: this.clubId }, (slice) =>
      slice(async (tx) => {
        const runId = await this.steps.openRun(tx);
        ready({ tx, runId });
        const last = await ending;
        if (!last) throw ROLLBACK;
        await last(tx, runId);
      }),
    );
    // The transaction never opened (no connection, the run refused): the parts waiting for it fail with that error.
    ended.catch(failed);
    this.ended = ended.catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
    // Handled here; `finish` and `rollback` read the outcome from `ended`.
    this.ended.catch(() => undefined);
    opened.catch(() => undefined);
    this.opened = opened;
    return opened;
  }
}
