// Submissions kept on the device until the server has them (issue 38 point 3: attendance taken in a gym with no
// signal). A submission goes into the queue (IndexedDB, through idb-keyval) before it is sent, and leaves it only
// once the server answered it: stored, or already stored (the server knows the submission's id, so sending it again
// never counts it twice). With no answer (no network, the server unreachable or busy) it stays and is sent again
// when the browser is back online, when a page using the queue loads, or on the user's retry. A refusal (the
// server read it and said no) stays too, with its message, so nothing typed is lost: it is shown, not resent by
// itself, until the user retries or discards it.
import { createStore, del, set, values } from 'idb-keyval';

export interface QueuedSubmission<T> {
  /** The submission's id, made on the device when it was taken (the server's idempotency key). */
  id: string;
  payload: T;
  /** When it was put in the queue (ISO). */
  queuedAt: string;
  /** The server's refusal: kept and shown, not resent by itself. */
  refusal: string | null;
  /** Why the last attempt got no answer (the server busy, the session expired), when the server said so. */
  note: string | null;
}

/** What a send came to: done (the server has it), no answer yet (send it again later), refused (the user decides). */
export type SendOutcome = { kind: 'done'; message: string } | { kind: 'retry'; message: string | null } | { kind: 'refused'; message: string };

/** Where the queue lives: IndexedDB in the browser, a Map in the unit tests. */
export interface QueueStore<T> {
  set(id: string, item: QueuedSubmission<T>): Promise<void>;
  del(id: string): Promise<void>;
  values(): Promise<QueuedSubmission<T>[]>;
}

/** A queue's IndexedDB store (its own database, so the queue never meets another module's data). */
export function indexedDbStore<T>(database: string): QueueStore<T> {
  const store = createStore(database, 'submissions');
  return {
    set: (id, item) => set(id, item, store),
    del: (id) => del(id, store),
    values: () => values<QueuedSubmission<T>>(store),
  };
}

export interface FlushReport {
  /** What became of each submission tried, by id (one not tried: another was left with no answer first). */
  outcomes: Map<string, SendOutcome>;
  /** Submissions still in the queue afterwards (refused ones included). */
  left: number;
}

export interface OfflineQueue<T> {
  /** Puts a submission in the queue; `supersedes` drops those it replaces, waiting or refused (an older sheet of the same day). */
  add(id: string, payload: T, supersedes?: (other: T) => boolean): Promise<void>;
  /** The queue, oldest first. */
  list(): Promise<QueuedSubmission<T>[]>;
  /** Sends what waits, oldest first (the refused ones too with `retryRefused`); one flush at a time. */
  flush(options?: { retryRefused?: boolean }): Promise<FlushReport>;
  /** Sends a submission without keeping it (the device refused to store it: a private window, say). */
  sendOnce(id: string, payload: T): Promise<SendOutcome>;
  /** Drops a submission without sending it (a refused one the user gave up). */
  discard(id: string): Promise<void>;
  /** Called after every change of the queue (added, sent, refused, discarded); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function offlineQueue<T>(store: QueueStore<T>, send: (item: QueuedSubmission<T>) => Promise<SendOutcome>): OfflineQueue<T> {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const list = async () => (await store.values()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
  // One flush after the other (an 'online' event and a save at the same moment): each reads the queue afresh, so
  // what the first one sent is no longer there for the second.
  let chain: Promise<unknown> = Promise.resolve();

  const run = async (retryRefused: boolean): Promise<FlushReport> => {
    const outcomes = new Map<string, SendOutcome>();
    for (const item of await list()) {
      if (item.refusal && !retryRefused) continue;
      let outcome: SendOutcome;
      try {
        outcome = await send(item);
      } catch {
        outcome = { kind: 'retry', message: null };
      }
      outcomes.set(item.id, outcome);
      // a newer sheet may have replaced it while it travelled: not put back then
      const still = (await store.values()).some((other) => other.id === item.id);
      if (outcome.kind === 'done') await store.del(item.id);
      else if (!still) {
        // replaced meanwhile: nothing to keep
      } else if (outcome.kind === 'refused') await store.set(item.id, { ...item, refusal: outcome.message, note: null });
      else await store.set(item.id, { ...item, refusal: null, note: outcome.message });
      changed();
      // no answer: the others would get none either
      if (outcome.kind === 'retry') break;
    }
    return { outcomes, left: (await store.values()).length };
  };

  return {
    async add(id, payload, supersedes) {
      if (supersedes) for (const other of await list()) if (supersedes(other.payload)) await store.del(other.id);
      await store.set(id, { id, payload, queuedAt: new Date().toISOString(), refusal: null, note: null });
      changed();
    },
    list,
    flush({ retryRefused = false } = {}) {
      const next = chain.then(() => run(retryRefused));
      chain = next.catch(() => undefined);
      return next;
    },
    async sendOnce(id, payload) {
      try {
        return await send({ id, payload, queuedAt: new Date().toISOString(), refusal: null, note: null });
      } catch {
        return { kind: 'retry', message: null };
      }
    },
    async discard(id) {
      await store.del(id);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A random UUID (v4): crypto.randomUUID where the page is a secure context, the same from random bytes elsewhere. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
