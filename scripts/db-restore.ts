// `npm run db:restore [-- <snapshot>] [-- --list]`: puts a snapshot of the embedded database (DATA_DIR/backups)
// back in place of DATA_DIR/pglite. The server must be stopped; the replaced directory is kept, never deleted.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { backupsDirOf, listSnapshots, restoreSnapshot } from '../server/db/snapshots';

const USAGE = `Usage: npm run db:restore [-- <snapshot name or path>] [-- --list]
  Replaces the embedded database in DATA_DIR/pglite with a snapshot from DATA_DIR/backups (default: the newest).
  The current directory is kept as DATA_DIR/pglite.before-restore-<time>. Stop the server first.
  --list   list the snapshots, newest first`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { list: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL è impostato: il ripristino riguarda solo il database integrato. / DATABASE_URL is set: restore is for the embedded database only.');
    return 2;
  }
  const dataDir = path.join(config.dataDir, 'pglite');
  const backupsDir = backupsDirOf(dataDir);
  if (values.list) {
    const snapshots = listSnapshots(backupsDir);
    if (!snapshots.length) console.log(`Nessuna copia in ${backupsDir} / no snapshot in ${backupsDir}`);
    for (const s of snapshots) console.log(`${s.name}  ${s.takenAt.toISOString()}`);
    return 0;
  }
  const { snapshot, previous } = await restoreSnapshot({ dataDir, backupsDir, snapshot: positionals[0] });
  console.log(`Ripristinato ${dataDir} dalla copia ${snapshot.name} (${snapshot.takenAt.toISOString()}).`);
  if (previous) console.log(`La cartella precedente è conservata in ${previous} / the previous directory is kept in ${previous}.`);
  console.log('Ora avvia il server: npm start / now start the server: npm start');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
