// Driver adapters for the two supported databases: embedded PGlite (in memory or in a directory) and PostgreSQL.
// One adapter factory serves both the migration engine and the runtime PrismaClient, so a PGlite data
// directory is opened exactly once per process (PGlite cannot open the same directory twice).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import { copyTemplate } from './database-template';
import { guardFirstStart, lockDataDir } from './pglite-guard';
import { oneTurnAtATime, requestsFinishFirst } from './pglite-turns';
import { currentLogScope } from '../operations/log-scope';
import { translateDatabaseRefusals } from './input-refusals';
import { countPGliteCalls, NO_CONNECTIONS, pgPoolCounts, type PgPoolLike, type PoolCounts } from './pool-counts';
import { createReadReplicas, type ReadReplicas } from './read-replicas';
import { relationsByQueryUnlessAsked } from './relation-load';
import { replanStaleStatements, statementNames, type StatementNames } from './statement-names';

export type DatabaseTarget =
  | ({
      kind: 'pglite';
      /** undefined = in memory */ dataDir?: string;
      /**
       * Tests only: a new database starts from this `dumpDataDir()` tarball (the test run's database, migrated
       * once) instead of an empty cluster, which saves PostgreSQL's initdb and the migrations in every test file.
       * Ignored for a data directory that already holds a database.
       */
      loadDataDir?: Blob;
      /** A migrated database folder (database-template.ts) a new data directory starts as a copy of. */
      copyFrom?: string;
    } & DatabaseWaits)
  | {
      kind: 'postgres';
      url: string;
      /** Read replicas of `url`'s database (read-replicas.ts); none = every query on `url`. */
      replicaUrls?: string[];
    } & PostgresRuntimeOptions;

/**
 * How long the app's writes wait for the database (TRANSACTION_WAIT_MS): Prisma's default maxWait of 2 s failed
 * saves by the hundreds at 200 clients (every write is a transaction: its access-log line commits with it). Beyond
 * this the request is refused with 503 (database-busy.ts).
 */
export interface DatabaseWaits {
  /** A transaction's wait for a connection (PGlite: its turn), and then its run; PostgreSQL: a read's wait too. */
  transactionWaitMs?: number;
}

/** How the app's own pools (not the migration engine's) talk to PostgreSQL. */
export interface PostgresRuntimeOptions extends DatabaseWaits {
  /** Connections of the pool (DATABASE_POOL_SIZE); pg's default is 10. */
  poolSize?: number;
  /** see statement-timeout.ts */
  statementTimeoutMs?: number;
  /** Recurring statements prepared once per connection (statement-names.ts; DATABASE_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
}

export type DatabaseKind = DatabaseTarget['kind'];

/** An adapter factory the migration engine can use too; `pglite` is set for PGlite targets. */
export interface CampoAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  readonly kind: DatabaseKind;
  readonly pglite?: PGlite;
  /** PostgreSQL targets: the connection URL (the migration lock holds its own session on it, see migrate.ts). */
  readonly url?: string;
  /** Releases what the factory owns (the PGlite instance); PostgreSQL pools belong to their adapters. */
  close(): Promise<void>;
}

export interface OpenDatabase {
  prisma: PrismaClient;
  adapterFactory: CampoAdapterFactory;
  kind: DatabaseKind;
  pglite?: PGlite;
  /** How busy the app's connections are now (pool-counts.ts), for the metrics. */
  poolCounts(): PoolCounts;
  /** PostgreSQL with replicas configured: routes a client's reads to them (read-replicas.ts). */
  replicas?: ReadReplicas;
  close(): Promise<void>;
}

/**
 * A PGlite with the extensions the schema declares; without them `CREATE EXTENSION` fails.
 * Options go in the single-object form: `new PGlite(undefined, options)` silently drops `options`.
 */
export function createPGlite(dataDir?: string, loadDataDir?: Blob): PGlite {
  const fatal: string[] = [];
  const pglite = new PGlite({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
    startParams: [
      ...PGlite.defaultStartParams,
      // In memory (tests, tools) the files already are memory: a small buffer pool, which PostgreSQL zeroes at every
      // start, makes each start about a second cheaper than the default 128 MB.
      ...(dataDir === undefined ? ['-c', 'shared_buffers=16MB'] : []),
      // The answer cache's change triggers notify (heard in this process before the statement completes) rather
      // than append rows for other instances to read: there are none (migration 20261129070000).
      '-c',
      'campobase.data_changes=notify',
    ],
    // PostgreSQL's own reason when it cannot start (PGlite only reports "Aborted()").
    onStderr: (text) => {
      const line = /\b(PANIC|FATAL):\s+(.*)$/.exec(text);
      if (line && fatal.push(`${line[1]}: ${line[2]}`) > 3) fatal.shift();
      return false;
    },
  });
  startupErrors.set(pglite, fatal);
  oneTurnAtATime(pglite);
  requestsFinishFirst(pglite, currentLogScope);
  return pglite;
}

const startupErrors = new WeakMap<PGlite, string[]>();
/** The PANIC/FATAL lines PostgreSQL printed (the last three), e.g. why a data directory would not open. */
export const postgresErrors = (pglite: PGlite): string[] => startupErrors.get(pglite) ?? [];

// File data directories currently open in this process, to fail clearly instead of corrupting them.
const openDataDirs = new Set<string>();

export function createAdapterFactory(target: DatabaseTarget): CampoAdapterFactory {
  if (target.kind === 'postgres') return new PostgresAdapterFactory(target.url);

  const dataDir = target.dataDir === undefined ? undefined : path.resolve(target.dataDir);
  if (dataDir === undefined) return new PGliteAdapterFactory(createPGlite(undefined, target.loadDataDir), () => {});
  if (openDataDirs.has(dataDir)) {
    throw new Error(`PGlite data directory ${dataDir} is already open in this process; share its adapter factory`);
  }
  const unlock = lockDataDir(dataDir); // other processes (see pglite-guard.ts)
  let pglite: PGlite;
  try {
    const firstStart = guardFirstStart(dataDir);
    if (firstStart.movedAside) console.warn(`An interrupted first start left ${dataDir} incomplete: moved to ${firstStart.movedAside}`);
    // PGlite refuses a tarball over an existing database: the tarball only ever seeds a new one.
    const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
    const seed = target.loadDataDir && fresh ? target.loadDataDir : undefined;
    if (!seed && fresh && target.copyFrom) copyTemplate(target.copyFrom, dataDir);
    pglite = createPGlite(dataDir, seed);
    pglite.waitReady.then(() => firstStart.done(), () => {});
  } catch (error) {
    unlock();
    throw error;
  }
  openDataDirs.add(dataDir);
  return new PGliteAdapterFactory(pglite, () => {
    openDataDirs.delete(dataDir);
    unlock();
  });
}

export function openDatabase(target: DatabaseTarget): OpenDatabase {
  const adapterFactory = createAdapterFactory(target);
  // On PostgreSQL the app's client has its own pool (statement_timeout, no JIT); the migration engine uses adapterFactory.
  const runtime: PostgresRuntimeOptions =
    target.kind === 'postgres'
      ? { statementTimeoutMs: target.statementTimeoutMs, preparedStatements: target.preparedStatements, poolSize: target.poolSize, transactionWaitMs: target.transactionWaitMs }
      : {};
  const runtimeAdapter = target.kind === 'postgres' ? new PostgresAdapterFactory(target.url, runtime) : adapterFactory;
  const transactionOptions = transactionOptionsFor(target);
  const prisma = translateDatabaseRefusals(relationsByQueryUnlessAsked(new PrismaClient({ adapter: runtimeAdapter, transactionOptions })));
  const poolCounts =
    runtimeAdapter instanceof PostgresAdapterFactory ? () => runtimeAdapter.poolCounts() : countPGliteCalls(adapterFactory.pglite!);
  // Each replica gets its own client and pool, with the same settings as the primary's.
  const replicaUrls = target.kind === 'postgres' ? (target.replicaUrls ?? []) : [];
  const replicas = replicaUrls.length
    ? createReadReplicas(replicaUrls.map((url) => relationsByQueryUnlessAsked(new PrismaClient({ adapter: new PostgresAdapterFactory(url, runtime), transactionOptions }))))
    : undefined;
  let closing: Promise<void> | undefined;
  return {
    prisma,
    adapterFactory,
    kind: adapterFactory.kind,
    pglite: adapterFactory.pglite,
    poolCounts,
    replicas,
    close: () =>
      (closing ??= (async () => {
        try {
          await Promise.all([prisma.$disconnect(), replicas?.close()]);
        } finally {
          await adapterFactory.close();
        }
      })()),
  };
}

/** Prisma's maxWait and timeout (2 and 5 s by default) from TRANSACTION_WAIT_MS; a call may still pass its own. */
function transactionOptionsFor({ transactionWaitMs }: DatabaseWaits) {
  return transactionWaitMs ? { maxWait: transactionWaitMs, timeout: Math.max(5_000, transactionWaitMs) } : undefined;
}

class PostgresAdapterFactory implements CampoAdapterFactory {
  readonly kind = 'postgres';
  readonly provider = 'postgres';
  readonly adapterName: string;
  private readonly inner: PrismaPg;

  constructor(
    readonly url: string,
    { statementTimeoutMs, preparedStatements = false, poolSize, transactionWaitMs }: PostgresRuntimeOptions = {},
  ) {
    this.names = preparedStatements ? statementNames() : undefined;
    // pg sends statement_timeout as a connection parameter: the server cancels longer statements itself. JIT is off:
    // PostgreSQL compiles any plan whose estimated cost passes jit_above_cost, and on the app's statements over 100k
    // rows (the dashboard's counts, the duplicates scan) compiling took 0.3-4 s for statements that run in 2-150 ms.
    this.inner = new PrismaPg(
      {
        connectionString: url,
        options: '-c jit=off',
        ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
        ...(poolSize ? { max: poolSize } : {}),
        // pg waits for a free connection without end by default: bounded like a transaction's wait, then a 503.
        ...(transactionWaitMs ? { connectionTimeoutMillis: transactionWaitMs } : {}),
      },
      this.names ? { statementNameGenerator: this.names.name } : {},
    );
    this.adapterName = this.inner.adapterName;
  }

  /** Names of the recurring statements, where they are prepared. */
  private readonly names?: StatementNames;

  async connect(): Promise<SqlDriverAdapter> {
    const connected = wholeScripts(await this.inner.connect());
    const adapter = this.names ? replanStaleStatements(connected, this.names) : connected;
    this.pool = (adapter as unknown as { underlyingDriver(): PgPoolLike }).underlyingDriver();
    return adapter;
  }

  /** The pg pool of the adapter Prisma connected through (none before the first query). */
  private pool?: PgPoolLike;

  poolCounts(): PoolCounts {
    return this.pool ? pgPoolCounts(this.pool) : NO_CONNECTIONS;
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return wholeScripts(await this.inner.connectToShadowDb());
  }

  async close(): Promise<void> {}
}

// @prisma/adapter-pg 7.10 runs a migration script by splitting it on every ";", which cuts function bodies
// ($$ ... ; ... $$, e.g. the people_sort_key triggers) in pieces. Send the script whole instead: the simple
// query protocol runs several statements, as one implicit transaction, as `psql -1` would.
function wholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const onError = (adapter as unknown as { onError?: (e: unknown) => never }).onError?.bind(adapter);
  const driver = (adapter as unknown as { underlyingDriver(): { query(sql: string): Promise<unknown> } }).underlyingDriver();
  adapter.executeScript = async (script: string) => {
    try {
      await driver.query(script);
    } catch (error) {
      if (onError) onError(error);
      throw error;
    }
  };
  return adapter;
}

class PGliteAdapterFactory implements CampoAdapterFactory {
  readonly kind = 'pglite';
  readonly provider = 'postgres';
  readonly adapterName: string;
  private readonly inner: PrismaPGlite;
  private closed = false;

  constructor(
    readonly pglite: PGlite,
    private readonly onClose: () => void,
  ) {
    this.inner = new PrismaPGlite(pglite);
    this.adapterName = this.inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return awaitScripts(await this.inner.connect(), this.pglite);
  }

  // The stock shadow is a bare `new PGlite()`: without the extensions a diff re-emits the whole schema,
  // and nothing ever closes it. This one has them and is closed when the engine disposes of it.
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = createPGlite();
    const adapter = awaitScripts(await new PrismaPGlite(shadow).connect(), shadow);
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      if (!shadow.closed) await shadow.close();
    };
    return adapter;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      // A PGlite that never opened (an unusable directory) has nothing to close, and close() would throw.
      const opened = await this.pglite.waitReady.then(() => true, () => false);
      if (opened && !this.pglite.closed) await this.pglite.close();
    } finally {
      this.onClose();
    }
  }
}

// pglite-prisma-adapter 0.7.2 does not await `exec` in executeScript: a failing migration script would
// become an unhandled rejection (a process crash) instead of an engine error. Await it and let the
// adapter's own error mapping turn PostgreSQL errors into driver-adapter errors.
function awaitScripts(adapter: SqlDriverAdapter, db: PGlite): SqlDriverAdapter {
  const onError = (adapter as unknown as { onError?: (e: unknown) => never }).onError?.bind(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await db.exec(script);
    } catch (error) {
      if (onError) onError(error);
      throw error;
    }
  };
  return adapter;
}
