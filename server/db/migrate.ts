// Applies the committed prisma/migrations/* through the wasm schema engine (the equivalent of
// `prisma migrate deploy`): it records them in `_prisma_migrations` exactly like the CLI, so a site with the
// native CLI can keep using `prisma migrate deploy` on the same folder.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationDirectory, MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';
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
}

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
