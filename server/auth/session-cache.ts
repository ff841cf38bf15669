// What resolveViewer reads on every request, kept in memory: a session (with its account's is_active) by the hash of
// its token, and a membership (with its club's two-factor rule) by its club token. Without it, every request paid
// three SQL statements before its own work.
//
// Revocation stays immediate because the database announces every change to those rows (triggers of migration
// 20261127034600_auth_cache_notify: `pg_notify('campobase_auth', 'session:<token hash>' or '<kind>:<id>')`, whatever
// wrote them, on this instance or another) and each instance drops what the change touches, before the next request
// is served from memory (session-cache-listener.ts):
//   - on PostgreSQL a dedicated connection listens; before a request is served from memory, a round trip on that
//     connection (`SELECT 1`, shared by the requests waiting at that moment) makes sure every change committed
//     before the request arrived has been heard: PostgreSQL sends a listener its pending notifications before the
//     answer to its next statement;
//   - the embedded PGlite (one process) delivers a notification before the statement that caused it completes.
// While the listener is not listening (starting, dropped, reconnecting) the cache serves nothing: every request reads
// the database, as before. A read that overlaps a change is never kept (the generation counter), and an entry lives
// at most AUTH_CACHE_TTL_MS, a safety net rather than the mechanism.
import type { ClubRole } from '../access/permissions';
import { ExpiringLru } from '../lib/expiring-lru';

/** The channel the triggers notify on. */
export const AUTH_CHANNEL = 'campobase_auth';
/** The longest an entry is served, even when no change is announced. */
export const AUTH_CACHE_TTL_MS = 30_000;
/** Entries kept per map; the least recently used goes first. */
export const AUTH_CACHE_MAX_ENTRIES = 10_000;

export interface CachedSession {
  id: string;
  accountId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date;
  secondFactorAt: Date | null;
  accountIsActive: boolean;
}

export interface CachedMembership {
  id: string;
  accountId: string;
  clubId: string;
  role: ClubRole;
  token: string;
  groupIds: string[];
  /** The club's setting: roles with health.read must have passed the second factor. */
  requireTwoFactorForHealth: boolean;
}

export interface SessionCache {
  /** Hits may be served: the changes of every instance are being heard. */
  readonly serving: boolean;
  /** Changes heard so far (and listener restarts): a read started at another generation is not kept. */
  readonly generation: number;
  /**
   * Listener restarts (serving turned on or off): what was kept before a restart may have missed changes. The
   * answer cache (graphql/answer-cache.ts) hears through the same listener and keeps nothing across an epoch.
   */
  readonly epoch: number;
  session(tokenHash: string): CachedSession | undefined;
  membership(clubToken: string): CachedMembership | undefined;
  /**
   * Settles once every change committed before this call has been heard (or the listener dropped, and the cache no
   * longer serves). Never rejects.
   */
  catchUp(): Promise<void>;
  /** Keeps a row read from the database at `generation`, unless a change was heard since (or nothing is heard). */
  keepSession(tokenHash: string, row: CachedSession, generation: number): void;
  keepMembership(clubToken: string, row: CachedMembership, generation: number): void;
  /** A notification's payload: drops the entries the changed row feeds. */
  changed(payload: string): void;
  /**
   * Set by the listener: false empties the cache and serves nothing until true again (which starts empty too), with
   * the listener's way to catch up (none: changes are heard as soon as they are committed).
   */
  setServing(serving: boolean, catchUp?: () => Promise<void>): void;
}

export function createSessionCache(): SessionCache {
  const sessions = new ExpiringLru<CachedSession>(AUTH_CACHE_MAX_ENTRIES, AUTH_CACHE_TTL_MS);
  const memberships = new ExpiringLru<CachedMembership>(AUTH_CACHE_MAX_ENTRIES, AUTH_CACHE_TTL_MS);
  let serving = false;
  let generation = 0;
  let epoch = 0;
  const heardAlready = () => Promise.resolve();
  let catchUp = heardAlready;
  const forget = () => {
    generation++;
    sessions.clear();
    memberships.clear();
  };
  return {
    get serving() {
      return serving;
    },
    get generation() {
      return generation;
    },
    get epoch() {
      return epoch;
    },
    catchUp: () => catchUp(),
    session: (tokenHash) => (serving ? sessions.get(tokenHash, Date.now()) : undefined),
    membership: (clubToken) => (serving ? memberships.get(clubToken, Date.now()) : undefined),
    keepSession(tokenHash, row, at) {
      if (serving && at === generation) sessions.set(tokenHash, row, Date.now());
    },
    keepMembership(clubToken, row, at) {
      if (serving && at === generation) memberships.set(clubToken, row, Date.now());
    },
    changed(payload) {
      generation++;
      const [kind, id] = payload.split(':', 2);
      if (kind === 'session') sessions.delete(id);
      else if (kind === 'account') sessions.deleteWhere((s) => s.accountId === id);
      else if (kind === 'membership') memberships.deleteWhere((m) => m.id === id);
      else if (kind === 'club') memberships.deleteWhere((m) => m.clubId === id);
      else forget(); // unknown: a newer instance's announcement; drop everything rather than guess
    },
    setServing(on, listenerCatchUp = heardAlready) {
      forget();
      epoch++;
      serving = on;
      catchUp = listenerCatchUp;
    },
  };
}
