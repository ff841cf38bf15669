// How an instance on PostgreSQL hears that a club's data changed (migration 20261129070000_answer_cache_change_rows):
// the triggers append a row per club and statement to club_data_changes, and the session cache's catch-up round trip
// (auth/session-cache-listener.ts), which every request waits for before anything is served from memory, reads the
// rows committed since the previous round trip. A NOTIFY would do the same with no table, but PostgreSQL serialises
// the commits of all transactions that notified: every save in every club waited for the previous one's flush.
//
// Which rows are new, without reading them all again: ids come from a sequence, so a row committed before a round
// trip's snapshot and not seen by it either has a larger id than any row seen so far, or was written by a
// transaction that snapshot listed as in progress. Each round trip reads exactly those (`id > $1` or its
// transaction among the previous snapshot's in-progress ones) and the new snapshot, in one statement.
//
// The rows are pruned by the readers: a row whose transaction had ended one PRUNE_AFTER_MS before has been read by
// every instance, since an instance that has not completed a round trip for STALE_AFTER_MS starts afresh (it keeps
// nothing it cached) instead of reading on.

/** A round trip's rows: the changes (`club` null for every club) and, as a row of its own, the snapshot. */
export interface ChangeRow {
  id: string | null;
  club: string | null;
  snapshot: string | null;
}

/** A round trip's statement (prepared once per connection when named). */
export interface ChangeStatement {
  name?: string;
  text: string;
  values?: unknown[];
}

/** The longest an instance may go without a completed round trip and still read on (else it starts afresh). */
export const STALE_AFTER_MS = 60_000;
/** How long rows are kept after their transaction ended, at least: far more than STALE_AFTER_MS. */
export const PRUNE_AFTER_MS = 5 * 60_000;

const START: ChangeStatement = {
  text: `SELECT coalesce(max(id), 0)::text AS id, NULL::text AS club, pg_current_snapshot()::text AS snapshot FROM club_data_changes`,
};
/** The most rows one round trip reads; past it every club counts as changed (the rest are read by the next ones). */
export const CATCH_UP_MAX_ROWS = 5_000;
// Two index scans (the newest rows in id order, the rows of the transactions in progress at the previous snapshot),
// prepared once per connection: with the order and the limit, the generic plan reads the index, never the table.
const CATCH_UP_TEXT = `(SELECT id::text AS id, club_id::text AS club, NULL::text AS snapshot FROM club_data_changes WHERE id > $1::bigint ORDER BY club_data_changes.id LIMIT ${CATCH_UP_MAX_ROWS})
  UNION ALL (SELECT id::text, club_id::text, NULL FROM club_data_changes WHERE change_xid = ANY($2::bigint[]) AND id <= $1::bigint)
  UNION ALL SELECT NULL, NULL, pg_current_snapshot()::text`;

/** `xmin:xmax:xip,...` (pg_snapshot's text form): the oldest transaction still running, and those in progress. */
function parseSnapshot(text: string): { xmin: string; inProgress: string[] } {
  const [xmin, , list = ''] = text.split(':');
  return { xmin, inProgress: list ? list.split(',') : [] };
}

export interface ClubDataChangeReader {
  /** The first statement on a new connection: where reading starts (changes committed before it are not heard). */
  readonly start: ChangeStatement;
  started(rows: readonly ChangeRow[], now: number): void;
  /** The next round trip's statement. */
  next(): ChangeStatement;
  /** Its rows: each change is handed to `changed` (a club's id, or `*`). False: too long since the last one, start afresh. */
  read(rows: readonly ChangeRow[], now: number): boolean;
  /** A DELETE of the rows every instance has read, when one is due (at most once per PRUNE_AFTER_MS), else undefined. */
  prune(now: number): ChangeStatement | undefined;
}

export function clubDataChangeReader(changed: (payload: string) => void): ClubDataChangeReader {
  let lastId = '0';
  let inProgress: string[] = [];
  let lastReadAt = 0;
  /** The oldest running transaction at a round trip at least PRUNE_AFTER_MS ago, and the newest one of those. */
  let pruneBelow: string | undefined;
  let candidate: { xmin: string; at: number } | undefined;
  let prunedAt = 0;

  const remember = (snapshot: string, now: number) => {
    const parsed = parseSnapshot(snapshot);
    inProgress = parsed.inProgress;
    lastReadAt = now;
    if (!candidate) candidate = { xmin: parsed.xmin, at: now };
    else if (now - candidate.at >= PRUNE_AFTER_MS) {
      pruneBelow = candidate.xmin;
      candidate = { xmin: parsed.xmin, at: now };
    }
  };

  return {
    start: START,
    started(rows, now) {
      const row = rows[0];
      lastId = row?.id ?? '0';
      pruneBelow = undefined;
      candidate = undefined;
      if (row?.snapshot) remember(row.snapshot, now);
    },
    next: () => ({ name: 'campobase-club-data-changes', text: CATCH_UP_TEXT, values: [lastId, inProgress] }),
    read(rows, now) {
      if (now - lastReadAt > STALE_AFTER_MS) return false;
      const readFrom = BigInt(lastId);
      let newest = 0;
      for (const row of rows) {
        if (row.snapshot !== null) {
          remember(row.snapshot, now);
          continue;
        }
        changed(row.club ?? '*');
        if (row.id === null) continue;
        const id = BigInt(row.id);
        if (id > readFrom) newest++;
        if (id > BigInt(lastId)) lastId = row.id;
      }
      // More than one round trip reads: the rest is not known yet (the next ones read it), so every club's answers go.
      if (newest >= CATCH_UP_MAX_ROWS) changed('*');
      return true;
    },
    prune(now) {
      if (!pruneBelow || now - prunedAt < PRUNE_AFTER_MS) return undefined;
      prunedAt = now;
      return { text: `DELETE FROM club_data_changes WHERE change_xid < $1::bigint`, values: [pruneBelow] };
    },
  };
}
