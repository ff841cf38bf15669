// Opens the configured database and brings its schema up to date: PostgreSQL when DATABASE_URL is set,
// otherwise the embedded PGlite database in DATA_DIR/pglite. Opening is synchronous; `migrated` settles
// when the schema is current, so the HTTP server can start listening (and serve the client) meanwhile.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { openDatabase, postgresErrors, type OpenDatabase } from './adapters';
import { makePrivateDataDir } from './data-dir';
import { checkTemplate } from './database-template';
import { applyPendingMigrations, unappliedMigrations } from './migrate';
import { createSnapshotSchedule, type SnapshotLog } from './snapshot-schedule';
import { cannotOpenMessage } from './snapshots';

export interface AppDatabase extends OpenDatabase {
  /** The names of the migrations applied at start; rejects when one fails. */
  migrated: Promise<string[]>;
}

export function openAppDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<ServerConfig, 'statementTimeoutMs' | 'databasePreparedStatements' | 'databaseReplicaUrls' | 'databasePoolSize' | 'transactionWaitMs'>> &
    Partial<Pick<ServerConfig, 'snapshotHours' | 'snapshotKeep' | 'migrateOnStart' | 'databaseTemplateDir'>> & {
      inMemory?: boolean;
      log?: SnapshotLog;
      /** Tests only: seed a new embedded database from a migrated tarball (see DatabaseTarget); migrations still run. */
      loadDataDir?: Blob;
    },
): AppDatabase {
  if (!config.inMemory) {
    const warning = makePrivateDataDir(config.dataDir);
    if (warning && config.log) config.log.error({ dataDir: config.dataDir }, warning);
    else if (warning) console.error(warning);
  }
  const pgliteDir = config.databaseUrl || config.inMemory ? undefined : path.join(config.dataDir, 'pglite');
  const created = pgliteDir !== undefined && !existsSync(path.join(pgliteDir, 'PG_VERSION'));
  const copyFrom = created && !config.loadDataDir ? firstStartTemplate(config.databaseTemplateDir, config.log) : undefined;
  const db = openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          statementTimeoutMs: config.statementTimeoutMs,
          preparedStatements: config.databasePreparedStatements,
          replicaUrls: config.databaseReplicaUrls,
          poolSize: config.databasePoolSize,
          transactionWaitMs: config.transactionWaitMs,
        }
      : { kind: 'pglite', dataDir: pgliteDir, loadDataDir: config.loadDataDir, copyFrom, transactionWaitMs: config.transactionWaitMs },
  );
  if (!db.pglite || !pgliteDir) {
    const log = config.log ?? { info() {}, error() {} };
    const onLockWait = () => log.info({}, 'another instance is applying the database migrations: waiting for it');
    // MIGRATE_ON_START=false (PostgreSQL): the release step (npm run db:migrate) migrates; this instance only checks.
    const migrated =
      config.databaseUrl && config.migrateOnStart === false
        ? requireMigrated(db.prisma)
        : applyPendingMigrations(db.adapterFactory, { onLockWait });
    migrated.catch(() => {}); // observed by createApp; never an unhandled rejection
    return { ...db, migrated };
  }

  // The embedded database in a directory: snapshots (see snapshots.ts) and a clear way out when it won't open.
  const pglite = db.pglite;
  const log = config.log ?? { info() {}, error() {} };
  const schedule = createSnapshotSchedule(pglite, pgliteDir, { hours: config.snapshotHours ?? 0, keep: config.snapshotKeep ?? 0 }, log);
  const migrated = (async () => {
    try {
      await pglite.waitReady;
    } catch (error) {
      throw new DatabaseOpenError(cannotOpenMessage(pgliteDir, error, postgresErrors(pglite)), { cause: error });
    }
    // A database created just now has nothing to keep yet.
    if (!created) await schedule.beforeMigrations();
    const applied = await applyPendingMigrations(db.adapterFactory);
    schedule.start({ now: !created });
    if (created) log.info({ dataDir: pgliteDir, migrations: applied.length }, 'embedded database ready (first start)');
    return applied;
  })();
  migrated.catch(() => {}); // observed by createApp; never an unhandled rejection
  return {
    ...db,
    migrated,
    close: async () => {
      await schedule.stop();
      await db.close();
    },
  };
}

/**
 * The migrated template a new embedded database is copied from (database-template.ts), said in the log at the first
 * start: with it the database is ready in about a second; without it PGlite creates the database and every migration
 * runs, which takes tens of seconds on a busy machine, so the line says so.
 */
function firstStartTemplate(templateDir: string | undefined, log: SnapshotLog | undefined): string | undefined {
  const check = templateDir ? checkTemplate(templateDir) : ({ usable: false, reason: 'no template configured' } as const);
  if (check.usable) {
    log?.info({ template: check.dataDir, pendingMigrations: check.missing }, 'preparing the embedded database (first start): copying the migrated template');
    return check.dataDir;
  }
  log?.info({ reason: check.reason }, 'preparing the embedded database (first start): creating it and applying every migration, this can take 10-30 s');
  return undefined;
}

/** The embedded database directory does not open; the message names the newest snapshot and the restore command. */
export class DatabaseOpenError extends Error {}

/** Resolves with [] when every committed migration is applied; otherwise refuses to serve an older schema. */
async function requireMigrated(prisma: OpenDatabase['prisma']): Promise<string[]> {
  const missing = await unappliedMigrations(<R,>(sql: string) => prisma.$queryRawUnsafe<R[]>(sql));
  if (missing.length === 0) return [];
  throw new DatabaseOpenError(
    `Il database non ha ancora ${missing.length} migrazioni (${missing.join(', ')}) e MIGRATE_ON_START=false: ` +
      `eseguire prima "npm run db:migrate". / The database lacks ${missing.length} migrations and ` +
      `MIGRATE_ON_START=false: run "npm run db:migrate" first.`,
  );
}
