// Applies the committed prisma/migrations/* through the wasm schema engine (the equivalent of
// `prisma migrate deploy`): it records them in `_prisma_migrations` exactly like the CLI, so a site with the
// native CLI can keep using `prisma migrate deploy` on the same folder.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationDirectory, MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';
import { withSchemaEngine, type SchemaFile } from './schema-engine.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const defaultMigrationsDir = path.join(repoRoot, 'prisma', 'migrations');
export const defaultSchemaPath = path.join(repoRoot, 'prisma', 'schema.prisma');

export const MIGRATION_LOCK_FILE = 'migration_lock.toml';
const MIGRATION_FILE = 'migration.sql';

/** No external tables or enums: every table in the database belongs to the Prisma schema. */
export const noSchemaFilter = { externalTables: [], externalEnums: [] };

export interface MigrateOptions {
  /** Default: prisma/migrations at the repository root. */
  migrationsDir?: string;
  /** Default: prisma/schema.prisma at the repository root; optional at deploy time. */
  schemaPath?: string;
  /** PostgreSQL: called when another instance holds the migration lock, before waiting for it. */
  onLockWait?: () => void;
}

/**
 * The session-level advisory lock ("CampoMig" in ASCII) held around applying migrations on PostgreSQL: instances
 * starting together, or a release step beside running instances, never apply migrations at the same time; the
 * second waits for the first and then finds nothing pending. Prisma's engine takes a lock of its own, but gives up
 * after 10 s, which a long migration outlasts.
 */
export const MIGRATION_LOCK_KEY = 0x43616d706f4d6967n;

/**
 * Applies every committed migration not yet recorded in `_prisma_migrations`, in name order, and returns
 * the names applied (empty when the database is up to date). Throws an Error when a migration fails, was
 * edited after being applied, or the lock file names another provider.
 */
export async function applyPendingMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrationsList = await readMigrationsList(options.migrationsDir ?? defaultMigrationsDir);
  const schemaFiles = await readSchemaFiles(options.schemaPath ?? defaultSchemaPath, options.schemaPath !== undefined);
  const url = (adapterFactory as { url?: unknown }).url;
  return withMigrationLock(typeof url === 'string' ? url : undefined, options.onLockWait, async () => {
    try {
      const { appliedMigrationNames } = await withSchemaEngine(adapterFactory, schemaFiles, (engine) =>
        engine.applyMigrations({ migrationsList, filters: noSchemaFilter }),
      );
      return appliedMigrationNames;
    } catch (error) {
      throw new Error(`Applying migrations from ${migrationsList.baseDir} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
}

/**
 * Runs `fn` holding MIGRATION_LOCK_KEY on a session of its own (PostgreSQL: `url`; PGlite has one process and no
 * lock). The lock goes with the session: an instance that dies while migrating releases it.
 */
async function withMigrationLock<T>(url: string | undefined, onLockWait: (() => void) | undefined, fn: () => Promise<T>): Promise<T> {
  if (!url) return fn();
  const session = new pg.Client({ connectionString: url });
  // A connection lost while migrating is reported by the query that uses it; this keeps it from crashing the process.
  session.on('error', () => {});
  await session.connect();
  try {
    const key = MIGRATION_LOCK_KEY.toString();
    const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
    if (!rows[0]?.locked) {
      onLockWait?.();
      await session.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    }
    try {
      return await fn();
    } finally {
      await session.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
    }
  } finally {
    await session.end().catch(() => {});
  }
}

/**
 * Committed migrations the database has not applied (every one for an empty database): an instance that does not
 * migrate at start (MIGRATE_ON_START=false) refuses to serve a schema older than its code.
 */
export async function unappliedMigrations(
  query: <R>(sql: string) => Promise<R[]>,
  migrationsDir = defaultMigrationsDir,
): Promise<string[]> {
  const { migrationDirectories } = await readMigrationsList(migrationsDir);
  const [table] = await query<{ exists: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`);
  const applied = table?.exists
    ? await query<{ migration_name: string }>(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      )
    : [];
  const done = new Set(applied.map((row) => row.migration_name));
  return migrationDirectories.map((dir) => dir.path).filter((name) => !done.has(name));
}

/** Reads a migrations folder the way the Prisma CLI does (lock file, `<name>/migration.sql`, name order). */
export async function readMigrationsList(migrationsDir: string): Promise<MigrationList> {
  const baseDir = path.resolve(migrationsDir);
  const lockfile = {
    path: MIGRATION_LOCK_FILE,
    content: await readFile(path.join(baseDir, MIGRATION_LOCK_FILE), 'utf8').catch(() => null),
  };
  const entries = await readdir(baseDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const migrationDirectories: MigrationDirectory[] = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => ({
        path: entry.name,
        migrationFile: {
          path: MIGRATION_FILE,
          content: await readFile(path.join(baseDir, entry.name, MIGRATION_FILE), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (error: Error) => ({ tag: 'error' as const, value: error.message }),
          ),
        },
      })),
  );
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return { baseDir, lockfile, migrationDirectories, shadowDbInitScript: '' };
}

async function readSchemaFiles(schemaPath: string, required: boolean): Promise<SchemaFile[] | undefined> {
  if (!required && !existsSync(schemaPath)) return undefined;
  return [[schemaPath, await readFile(schemaPath, 'utf8')]];
}
