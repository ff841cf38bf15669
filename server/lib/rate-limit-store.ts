// Where the rate limits count (server/lib/rate-limits.ts). On PostgreSQL the counters live in the database
// (rate-limiter-flexible's PostgreSQL store, table rate_limits made by a migration), so every instance behind a load
// balancer spends the same allowance and a restart forgets nothing. The embedded database has one process: memory.
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** "<action>:<scope>": the rows' key prefix. */
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

export interface RateLimitStore {
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Stops the clean-up and closes the store's connections (after the last request). */
  close(): Promise<void>;
}

export const memoryRateLimitStore: RateLimitStore = {
  limiter: (options) => new RateLimiterMemory(options),
  close: async () => {},
};

interface StoreLog {
  warn(obj: object, msg: string): void;
}

/** Minutes between two deletions of the windows already over (the library's own timer would run one per limiter). */
const CLEAN_UP_MINUTES = 5;
/** A counting statement waits at most this long (connection or answer) before the instance counts in memory. */
const STORE_TIMEOUT_MS = 2_000;

/**
 * The database store, on a small pool of its own (counting never waits behind the app's queries).
 *
 * When the database does not answer, each limiter counts in this instance's memory (the library's insurance limiter)
 * and a warning is logged, at most once a minute: the allowance is then per instance until the database is back,
 * never lifted. Signing in needs the database anyway, so failing closed would only add refusals for mail and forms.
 */
export function postgresRateLimitStore(url: string, log: StoreLog): RateLimitStore & { clearExpired(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: STORE_TIMEOUT_MS,
    statement_timeout: STORE_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  let warnedAt = 0;
  const warn = (err: unknown) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn({ err }, 'rate limits: the database does not answer, counting in this instance until it does');
  };
  // An idle connection that breaks is reported here; without a listener it would end the process.
  pool.on('error', warn);
  const storeClient = {
    query: (query: pg.QueryConfig) =>
      pool.query(query).catch((err: unknown) => {
        warn(err);
        throw err;
      }),
  };

  // A window over is only reset by the next attempt with its key: rows nobody uses again would stay for ever.
  const clearExpired = async () => {
    await pool.query('DELETE FROM rate_limits WHERE expire < $1', [Date.now()]).catch(warn);
  };
  const cleanUp = setInterval(() => void clearExpired(), CLEAN_UP_MINUTES * 60_000);
  cleanUp.unref();

  return {
    limiter: (options) =>
      new RateLimiterPostgres({
        ...options,
        storeClient,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true, // by the migration
        clearExpiredByTimeout: false, // cleanUp above, once for all limiters
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    clearExpired,
    async close() {
      clearInterval(cleanUp);
      await pool.end();
    },
  };
}
