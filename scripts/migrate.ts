// `npm run db:migrate`: the release step. Applies the pending migrations to the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR) and exits, so instances started with MIGRATE_ON_START=false only check the schema.
// On PostgreSQL it takes the same advisory lock as an instance starting (server/db/migrate.ts): run beside instances
// that migrate at start, one of them waits for the other. Exit codes: 0 done (or nothing to do), 1 failure.
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServerConfig } from '../server/config';
import { openDatabase } from '../server/db/adapters';
import { openAppDatabase } from '../server/db/database';
import { applyPendingMigrations } from '../server/db/migrate';

async function migrate(config: ServerConfig, out: (line: string) => void): Promise<string[]> {
  if (config.databaseUrl) {
    const db = openDatabase({ kind: 'postgres', url: config.databaseUrl });
    try {
      return await applyPendingMigrations(db.adapterFactory, {
        onLockWait: () => out("Un'altra istanza sta applicando le migrazioni: attendo che finisca."),
      });
    } finally {
      await db.close();
    }
  }
  // The embedded database: a snapshot is taken before pending migrations (DB_SNAPSHOT_KEEP), as at a server's start.
  const db = openAppDatabase({ ...config, snapshotHours: 0 });
  try {
    return await db.migrated;
  } finally {
    await db.close();
  }
}

export async function main(env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  try {
    const applied = await migrate(loadConfig(env), out);
    out(applied.length ? `Migrazioni applicate (${applied.length}):\n${applied.map((name) => `  ${name}`).join('\n')}` : 'Il database è già aggiornato: nessuna migrazione da applicare.');
    return 0;
  } catch (e) {
    err(`Migrazioni non applicate: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
