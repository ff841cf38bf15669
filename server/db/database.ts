// Opens the configured database and brings its schema up to date: PostgreSQL when DATABASE_URL is set,
// otherwise the embedded PGlite database in DATA_DIR/pglite.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { openDatabase, type OpenDatabase } from './adapters';
import { applyPendingMigrations } from './migrate';

export async function openAppDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & { inMemory?: boolean },
): Promise<OpenDatabase & { applied: string[] }> {
  if (!config.databaseUrl && !config.inMemory) mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.inMemory ? undefined : path.join(config.dataDir, 'pglite') },
  );
  try {
    const applied = await applyPendingMigrations(db.adapterFactory);
    return { ...db, applied };
  } catch (error) {
    await db.close();
    throw error;
  }
}
