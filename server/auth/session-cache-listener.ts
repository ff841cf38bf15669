// Hears the changes made to sessions, accounts, memberships and clubs by this instance and the others
// (session-cache.ts), so that the session cache may serve: on PostgreSQL a dedicated connection LISTENing on the
// channel, on the embedded PGlite (one process, one session) its own `listen`. The cache serves only while that
// connection listens: when it drops or stops answering, the cache is emptied and every request reads the database
// until it listens again.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from '../context';
import type { ChangeRow, ClubDataChangeReader } from '../db/club-data-changes';
import { AUTH_CHANNEL, type SessionCache } from './session-cache';

export interface SessionCacheListenerOptions {
  /** How often the idle connection is checked (`SELECT 1`), and how long any answer may take before it counts as dropped. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  /** First wait before reconnecting; doubled after each failed attempt, up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * The answer cache's club data changes, read in each round trip (db/club-data-changes.ts): on PostgreSQL they
   * are rows, not notifications, so that saves do not queue behind one another's commits.
   */
  changes?: ClubDataChangeReader;
}

/**
 * Another channel heard on PGlite's session: the answer cache's (graphql/answer-cache.ts), which serves only while the
 * session cache does. On PostgreSQL the answer cache reads rows instead (SessionCacheListenerOptions.changes).
 */
export interface AlsoHeard {
  channel: string;
  changed(payload: string): void;
}

export interface SessionCacheListener {
  /** Settles once listening for the first time (or at close, or when the first attempt failed). */
  started: Promise<void>;
  close(): Promise<void>;
}

/** PGlite: notifications arrive in this process, before the statement that caused them completes. */
export function listenOnPGlite(pglite: PGlite, cache: SessionCache, log: Logger, also: readonly AlsoHeard[] = []): SessionCacheListener {
  let closed = false;
  const channels: AlsoHeard[] = [{ channel: AUTH_CHANNEL, changed: (payload) => cache.changed(payload) }, ...also];
  const listening = Promise.all(channels.map((heard) => pglite.listen(heard.channel, (payload) => heard.changed(payload)))).then(
    (unlistens) => {
      if (!closed) cache.setServing(true);
      return unlistens;
    },
    (err: unknown) => {
      log.error({ err }, 'session cache: cannot listen for changes, sessions are read from the database');
      return undefined;
    },
  );
  return {
    started: listening.then(() => {}),
    async close() {
      closed = true;
      cache.setServing(false);
      const unlistens = await listening;
      if (unlistens && !pglite.closed) await Promise.all(unlistens.map((unlisten) => unlisten().catch(() => {})));
    },
  };
}

/**
 * PostgreSQL: a connection of its own (the pool's connections come and go), reconnected when it drops. Its round
 * trips are the cache's catch-up: PostgreSQL signals a listening backend when a transaction that notified commits
 * (before that COMMIT returns), and a backend sends its pending notifications before the answer to its next
 * statement; so once a round trip sent after a request arrived is answered, every change committed before that has
 * been heard. With `changes`, the round trip is the statement that reads the club data changes committed since the
 * previous one (the same guarantee, by a snapshot taken after the request arrived); else `SELECT 1`. The requests
 * that arrive while one is in flight share the next one: at most two at a time.
 */
export function listenOnPostgres(
  url: string,
  cache: SessionCache,
  log: Logger,
  options: SessionCacheListenerOptions = {},
): SessionCacheListener {
  const { heartbeatMs = 10_000, heartbeatTimeoutMs = 5_000, retryMs = 500, maxRetryMs = 30_000, changes } = options;
  const heard = new Map<string, (payload: string) => void>([[AUTH_CHANNEL, (payload) => cache.changed(payload)]]);
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let nextRetryMs = retryMs;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));

  const drop = (c: pg.Client, reason: unknown) => {
    if (client !== c) return; // already dropped, or closed
    client = undefined;
    cache.setServing(false);
    clearInterval(heartbeat);
    c.end().catch(() => {});
    markStarted();
    if (closed) return;
    log.warn({ err: reason, retryInMs: nextRetryMs }, 'session cache: the listening connection dropped, sessions are read from the database until it is back');
    retryTimer = setTimeout(() => void connect(), nextRetryMs);
    retryTimer.unref();
    nextRetryMs = Math.min(nextRetryMs * 2, maxRetryMs);
  };

  /** A connection's round trips: one in flight, and one queued for whoever arrives meanwhile. */
  const roundTrips = (c: pg.Client) => {
    let inFlight: Promise<void> | undefined;
    let queued: Promise<void> | undefined;
    const send = (): Promise<void> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${heartbeatTimeoutMs} ms`)), heartbeatTimeoutMs);
      });
      // A connection that does not answer is dropped: the requests waiting here then read the database.
      return Promise.race([changes ? c.query<ChangeRow>(changes.next()) : c.query('SELECT 1'), timeout]).then(
        (result) => {
          if (!changes || client !== c) return;
          // Too long since the last round trip (a process stopped, an event loop held): rows may have been pruned
          // unread, so nothing kept so far is served again.
          if (!changes.read(result.rows as ChangeRow[], Date.now())) return drop(c, new Error('catch-up too late'));
          const prune = changes.prune(Date.now());
          if (prune) c.query(prune).catch((err: unknown) => log.warn({ err }, 'answer cache: the change rows were not pruned'));
        },
        (err: unknown) => drop(c, err),
      ).finally(() => {
        clearTimeout(timer);
        inFlight = undefined;
      });
    };
    return (): Promise<void> => {
      // One in flight may have been sent before the caller's request arrived: the caller waits for the next one.
      if (!inFlight) return (inFlight = send());
      return (queued ??= inFlight.then(() => {
        queued = undefined;
        return (inFlight = send());
      }));
    };
  };

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'campobase session cache' });
    client = c;
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c, new Error('connection ended')));
    c.on('notification', (n) => {
      if (n.payload !== undefined) heard.get(n.channel)?.(n.payload);
    });
    try {
      await c.connect();
      for (const channel of heard.keys()) await c.query(`LISTEN ${channel}`);
      if (changes) changes.started((await c.query<ChangeRow>(changes.start)).rows, Date.now());
    } catch (err) {
      drop(c, err);
      return;
    }
    if (client !== c) return;
    if (nextRetryMs !== retryMs) log.info({}, 'session cache: listening again');
    nextRetryMs = retryMs;
    const catchUp = roundTrips(c);
    // Changes made while nobody listened were missed: serving starts from an empty cache (setServing empties it).
    cache.setServing(true, catchUp);
    // Between requests too: a connection silently gone (no FIN from a dead peer) is noticed within a heartbeat.
    heartbeat = setInterval(() => void catchUp(), heartbeatMs);
    heartbeat.unref();
    markStarted();
  }

  void connect();
  return {
    started,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      cache.setServing(false);
      const c = client;
      client = undefined;
      markStarted();
      await c?.end().catch(() => {});
    },
  };
}
