// `npm run db:restore [-- <snapshot>] [-- --list]`: puts a snapshot of the embedded database (DATA_DIR/backups)
// back in place of DATA_DIR/pglite. The server must be stopped; the replaced directory is kept, never deleted.
// With DATABASE_URL: `-- <dump>` restores a `npm run db:backup` dump into that database (server/db/backups.ts),
// after dumping what it holds now.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { describeDatabase, listPostgresDumps, restorePostgres } from '../server/db/backups';
import { backupsDirOf, listSnapshots, restoreSnapshot } from '../server/db/snapshots';

const USAGE = `Usage: npm run db:restore [-- <snapshot name or path>] [-- --list]
  Replaces the embedded database in DATA_DIR/pglite with a snapshot from DATA_DIR/backups (default: the newest).
  The current directory is kept as DATA_DIR/pglite.before-restore-<time>. Stop the server first.
  --list   list the snapshots, newest first
With DATABASE_URL: npm run db:restore -- <dump name or path> [-- --list]
  Replaces the content of that database with a dump of npm run db:backup (pg_restore --clean --if-exists
  --no-owner --single-transaction: all or nothing). Refused while other sessions use the database. The current
  content is first dumped to DATA_DIR/backups/postgres-<time>-before-restore.dump. Stop the server first.
  --list   list the dumps in DATA_DIR/backups, newest first`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { list: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) return restorePostgresDump(config.databaseUrl, path.join(config.dataDir, 'backups'), values.list, positionals[0]);
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

async function restorePostgresDump(url: string, backupsDir: string, list: boolean | undefined, dump: string | undefined): Promise<number> {
  if (list) {
    const dumps = listPostgresDumps(backupsDir);
    if (!dumps.length) console.log(`Nessuna copia in ${backupsDir} / no dump in ${backupsDir}`);
    for (const d of dumps) console.log(`${d.name}  ${d.takenAt.toISOString()}`);
    return 0;
  }
  if (!dump) {
    // Never a default here: the content of a live database is replaced, so the dump is always named.
    console.error(
      `Indica quale copia ripristinare: npm run db:restore -- <nome o percorso> (elenco: npm run db:restore -- --list). / Name the dump to restore.`,
    );
    return 2;
  }
  const database = describeDatabase(url);
  const { previous } = await restorePostgres({ url, backupsDir, dump, say: (line) => console.log(line) });
  console.log(`Ripristinato il database ${database}. Il contenuto precedente è conservato in ${previous}.`);
  console.log('Ora avvia il server: npm start (applica le migrazioni mancanti, se la copia è più vecchia del programma).');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
