// `npm run db:backup [-- <file or directory>]`: a backup of the configured database. With DATABASE_URL, a
// `pg_dump -Fc` into DATA_DIR/backups/postgres-<time>.dump (the server may keep running); without, a snapshot of
// the embedded database into DATA_DIR/backups/pglite-<time>-manual (the server stopped). See server/db/backups.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { keyFileIn } from '../server/lib/secret-box';
import { backupEmbedded, backupPostgres, describeDatabase } from '../server/db/backups';

const USAGE = `Uso: npm run db:backup [-- <file o cartella>]
  Con DATABASE_URL: pg_dump -Fc del database in DATA_DIR/backups/postgres-<ora>.dump (o nel file o nella cartella
  indicati); il server può restare in funzione.
  Senza DATABASE_URL: una copia del database integrato in DATA_DIR/backups/pglite-<ora>-manual (o nella cartella
  indicata); ferma prima il server.
  Si ripristina con npm run db:restore (vedi docs/operations.md, "Backup and restore").`;

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const backupsDir = path.join(config.dataDir, 'backups');
  const target = positionals[0];
  if (config.databaseUrl) {
    console.log(`Copia del database ${describeDatabase(config.databaseUrl)} con pg_dump...`);
    const dump = await backupPostgres({ url: config.databaseUrl, backupsDir, target });
    console.log(`Copia completata: ${dump.path} (${mb(dump.bytes)}, ${(dump.ms / 1000).toFixed(1)} s).`);
  } else {
    const dataDir = path.join(config.dataDir, 'pglite');
    const snapshot = await backupEmbedded({
      dataDir,
      backupsDir: target ? path.resolve(target) : backupsDir,
      // Into DATA_DIR/backups the usual rotation applies (DB_SNAPSHOT_KEEP); a folder of the operator's is never pruned.
      keep: target ? 0 : config.snapshotKeep,
    });
    console.log(`Copia completata: ${snapshot.path} (${mb(snapshot.bytes)}, ${(snapshot.totalMs / 1000).toFixed(1)} s).`);
  }
  // The one thing a database backup does not hold (on purpose): the key of the two-factor secrets.
  if (config.twoFactorKey) {
    console.log('Conserva anche il valore di TWO_FACTOR_KEY: senza, i segreti cifrati nella copia (codici a due fattori, webhook) non si leggono.');
  } else if (existsSync(keyFileIn(config.dataDir))) {
    console.log(`Conserva anche la chiave ${keyFileIn(config.dataDir)}: senza, i segreti cifrati nella copia (codici a due fattori, webhook) non si leggono.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
