// An import's progress while it runs (issue 12 point 1): the client names the call with a random `progressKey` and
// polls importProgress(key). Kept in this process's memory only (a call served by another instance is unknown there:
// null), keyed by club, account and key, so another account's or club's key is unknown too; an entry is dropped
// IMPORT_PROGRESS_TTL_MS after its import ended (or an hour after it began, should it never end).
import { IMPORT_PROGRESS_TTL_MS, type ImportProgressPhase } from '../../../schema/import-columns';

export interface ImportProgress {
  phase: ImportProgressPhase;
  /** Rows done in this phase. */
  done: number;
  /** Rows of this phase (0 while reading: the rows are not known yet). */
  total: number;
}

interface Entry extends ImportProgress {
  startedAt: number;
  endedAt: number | null;
}

const STALE_MS = 60 * 60 * 1000;
/** A client-chosen key: long enough to be unguessable, short enough to keep the map small. */
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const entries = new Map<string, Entry>();

const idOf = (clubId: string, accountId: string, key: string) => `${clubId}|${accountId}|${key}`;

function sweep(now: number) {
  for (const [id, e] of entries) if ((e.endedAt !== null && now - e.endedAt > IMPORT_PROGRESS_TTL_MS) || now - e.startedAt > STALE_MS) entries.delete(id);
}

export const isProgressKey = (key: unknown): key is string => typeof key === 'string' && KEY.test(key);

/** What an import reports to; a no-op one without a (valid) key. */
export interface ProgressTracker {
  set(phase: ImportProgressPhase, done: number, total: number): void;
  /** Adds rows done to the current phase. */
  add(rows: number): void;
  end(): void;
}

const NO_TRACKER: ProgressTracker = { set() {}, add() {}, end() {} };

export function trackProgress(clubId: string, accountId: string, key: unknown): ProgressTracker {
  if (!isProgressKey(key)) return NO_TRACKER;
  const now = Date.now();
  sweep(now);
  const id = idOf(clubId, accountId, key);
  const entry: Entry = { phase: 'reading', done: 0, total: 0, startedAt: now, endedAt: null };
  entries.set(id, entry);
  return {
    set(phase, done, total) {
      Object.assign(entry, { phase, done, total });
    },
    add(rows) {
      entry.done = Math.min(entry.total, entry.done + rows);
    },
    end() {
      Object.assign(entry, { phase: 'done', done: entry.total, endedAt: Date.now() });
    },
  };
}

/** The progress of the caller's import named `key`, or null (unknown, expired, another account's or club's). */
export function readProgress(clubId: string, accountId: string, key: unknown): ImportProgress | null {
  if (!isProgressKey(key)) return null;
  sweep(Date.now());
  const entry = entries.get(idOf(clubId, accountId, key));
  return entry ? { phase: entry.phase, done: entry.done, total: entry.total } : null;
}
