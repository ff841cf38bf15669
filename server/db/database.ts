// Opens the configured database and brings its schema up to date: PostgreSQL when DATABASE_URL is set,
// otherwise the embedded PGlite database in DATA_DIR/pglite. Opening is synchronous; `migrated` settles
// when the schema is current, so the HTTP server can start listening (and serve the client) meanwhile.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { openDatabase, type OpenDatabase } from './adapters';
import { applyPendingMigrations } from './migrate';

export interface AppDatabase extends OpenDatabase {
  /** The names of the migrations applied at start; rejects when one fails. */
  migrated: Promise<string[]>;
}

export function openAppDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & { inMemory?: boolean }): AppDatabase {
  if (!config.databaseUrl && !config.inMemory) mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.inMemory ? undefined : path.join(config.dataDir, 'pglite') },
  );
  const migrated = applyPendingMigrations(db.adapterFactory);
  migrated.catch(() => {}); // observed by createApp; never an unhandled rejection
  return { ...db, migrated };
}
