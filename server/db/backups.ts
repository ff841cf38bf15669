// Backups of the configured database, one command for both (`npm run db:backup`): PostgreSQL through pg_dump's
// custom format into DATA_DIR/backups/postgres-<time>.dump, restored by pg_restore in a single transaction (so a
// dump that fails half-way leaves the database as it was); the embedded database through a snapshot (snapshots.ts).
// Uploaded files live in the database, so either backup is the whole state apart from the two-factor key
// (TWO_FACTOR_KEY or DATA_DIR/secrets/two-factor.key), which is kept out of the database on purpose.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPGlite } from './adapters';
import { DataDirLockedError, fsyncDir, initMarkerOf, lockDataDir } from './pglite-guard';
import { backupsDirOf, fsyncFile, listSnapshots, takeSnapshot, type SnapshotResult } from './snapshots';

const POSTGRES_DUMP_PREFIX = 'postgres-';
const DUMP_SUFFIX = '.dump';
const PARTIAL_SUFFIX = '.partial';

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('.', '');

/**
 * How pg_dump and pg_restore reach the database of `url`: the URL without its password (command lines are visible
 * to every user of the machine), the password in PGPASSWORD; node-postgres's `ssl=true` becomes libpq's sslmode.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  const ssl = parsed.searchParams.get('ssl');
  if (ssl !== null) {
    parsed.searchParams.delete('ssl');
    if (!parsed.searchParams.has('sslmode') && ssl !== 'false' && ssl !== '0') parsed.searchParams.set('sslmode', 'require');
  }
  return { dbname: parsed.toString(), env };
}

/** The database's name and server, for messages (never the password). */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `"${decodeURIComponent(parsed.pathname.slice(1))}" su ${parsed.hostname || 'localhost'}:${parsed.port || 5432}`;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} non trovato: installa i programmi client di PostgreSQL (Debian: apt install postgresql-client), ` +
                `della stessa versione del server o più recente. / ${command} not found: install PostgreSQL's client programs.`,
            )
          : error,
      ),
    );
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** pg_dump's and pg_restore's own words, without their program prefix, for a one-paragraph message. */
const toolSays = (stderr: string) =>
  stderr
    .split('\n')
    .map((line) => line.replace(/^pg_(dump|restore): /, '').trim())
    .filter(Boolean)
    .slice(0, 6)
    .join(' ');


export interface PostgresDump {
  name: string;
  path: string;
  takenAt: Date;
}

/** The dumps in `backupsDir` (postgres-<time>[-reason].dump), newest first. */
export function listPostgresDumps(backupsDir: string): PostgresDump[] {
  if (!existsSync(backupsDir)) return [];
  return readdirSync(backupsDir)
    .filter((name) => name.startsWith(POSTGRES_DUMP_PREFIX) && name.endsWith(DUMP_SUFFIX))
    .map((name) => ({ name, path: path.join(backupsDir, name), takenAt: takenAtOf(name) ?? statSync(path.join(backupsDir, name)).mtime }))
    .sort((a, b) => (a.name < b.name ? 1 : -1));
}

// The time in a dump's name (a copy of the file changes its mtime).
function takenAtOf(name: string): Date | undefined {
  const m = /^postgres-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : undefined;
}

export interface PostgresBackupResult {
  path: string;
  bytes: number;
  ms: number;
}

/**
 * `pg_dump -Fc` of the database of `url` into `target` (a file, or a directory that gets postgres-<time>.dump;
 * default `backupsDir`). The dump is written beside as .partial and renamed once complete and flushed, so a failed
 * or interrupted dump never leaves a file that looks like a backup. pg_dump reads one consistent snapshot of the
 * database while the server keeps serving.
 */
export async function backupPostgres({
  url,
  backupsDir,
  target,
  reason,
}: {
  url: string;
  backupsDir: string;
  target?: string;
  reason?: string;
}): Promise<PostgresBackupResult> {
  const started = Date.now();
  const name = `${POSTGRES_DUMP_PREFIX}${stamp(new Date())}${reason ? `-${reason}` : ''}${DUMP_SUFFIX}`;
  const resolved = target ? path.resolve(target) : path.join(backupsDir, name);
  const file = existsSync(resolved) && statSync(resolved).isDirectory() ? path.join(resolved, name) : resolved;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = file + PARTIAL_SUFFIX;
  const { dbname, env } = libpqConnection(url);
  try {
    const result = await runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    if (result.code !== 0) {
      throw new Error(
        `Copia di ${describeDatabase(url)} non riuscita: ${toolSays(result.stderr)} / The dump failed (pg_dump exited with ${result.code}).`,
      );
    }
    await chmod(partial, 0o600); // the club's people, accounts and files: readable by the server's user only
    await fsyncFile(partial);
    await rename(partial, file);
    fsyncDir(path.dirname(file));
  } finally {
    await rm(partial, { force: true });
  }
  return { path: file, bytes: statSync(file).size, ms: Date.now() - started };
}

/** A dump named in `backupsDir` or a path; throws a clear message when there is none. */
function findPostgresDump(backupsDir: string, dump: string): PostgresDump {
  const named = listPostgresDumps(backupsDir).find((d) => d.name === dump);
  if (named) return named;
  const file = path.resolve(dump);
  if (existsSync(file) && statSync(file).isFile()) return { name: path.basename(file), path: file, takenAt: statSync(file).mtime };
  throw new Error(`Copia "${dump}" non trovata (né in ${backupsDir} né come percorso). / Dump "${dump}" not found.`);
}

/** The tables an archive's table of contents creates, as `schema.name`. */
async function tablesInDump(file: string): Promise<Set<string>> {
  const listed = await runTool('pg_restore', ['--list', file], process.env);
  if (listed.code !== 0) {
    throw new Error(
      `${file} non è una copia leggibile di pg_dump (formato custom): ${toolSays(listed.stderr)}. Il database non è stato toccato. / ` +
        `Not a readable pg_dump archive; the database was not touched.`,
    );
  }
  const tables = new Set<string>();
  for (const line of listed.stdout.split('\n')) {
    const entry = /^\d+; \d+ \d+ TABLE (\S+) (\S+) /.exec(line);
    if (entry) tables.add(`${entry[1]}.${entry[2]}`);
  }
  return tables;
}

/** Reads the whole archive (every table's data) without touching a database: a truncated dump fails here. */
async function checkReadsToEnd(file: string): Promise<void> {
  const read = await runTool('pg_restore', [`--file=${os.devNull}`, file], process.env);
  if (read.code !== 0) {
    throw new Error(
      `La copia ${file} è danneggiata o incompleta: ${toolSays(read.stderr)}. Il database non è stato toccato. / ` +
        `The dump is damaged or incomplete; the database was not touched.`,
    );
  }
}

/**
 * Other sessions on the database (the server's pool, its jobs, a psql): a restore under them is refused. Another
 * role's sessions show no backend_type to a role without pg_read_all_stats; those with a user are counted too
 * (autovacuum workers have none).
 */
async function otherSessions(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ who: string }>(
    `SELECT coalesce(nullif(application_name, ''), usename::text, '?') || ' (pid ' || pid || coalesce(', ' || host(client_addr), '') || ')' AS who
       FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND (backend_type = 'client backend' OR (backend_type IS NULL AND usesysid IS NOT NULL))
      ORDER BY pid`,
  );
  return rows.map((r) => r.who);
}

/** Tables of the target the dump does not have: the restore would leave them behind (and the next migration fail). */
async function tablesBeyondDump(client: pg.Client, inDump: Set<string>): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT schemaname || '.' || tablename AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((r) => r.name).filter((name) => !inDump.has(name));
}

export interface PostgresRestoreResult {
  dump: PostgresDump;
  /** The dump of the database as it was just before the restore. */
  previous: string;
}

/**
 * Puts `dump` back into the database of `url`, in place of what it holds: `pg_restore --clean --if-exists --no-owner
 * --single-transaction`, all or nothing. Before anything changes: the archive is read to its end, the restore is
 * refused while other sessions use the database or when the database has tables the dump lacks, and the current
 * content is dumped beside the others (`postgres-<time>-before-restore.dump`). `say` reports each step.
 */
export async function restorePostgres({
  url,
  backupsDir,
  dump,
  say = () => {},
}: {
  url: string;
  backupsDir: string;
  dump: string;
  say?: (line: string) => void;
}): Promise<PostgresRestoreResult> {
  const chosen = findPostgresDump(backupsDir, dump);
  const database = describeDatabase(url);
  say(`Il contenuto del database ${database} sarà sostituito da quello della copia ${chosen.path} (${chosen.takenAt.toISOString()}).`);
  say('Controllo la copia leggendola fino in fondo...');
  const inDump = await tablesInDump(chosen.path);
  await checkReadsToEnd(chosen.path);

  const client = new pg.Client({ connectionString: url, application_name: 'campobase db:restore', connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Non riesco a collegarmi al database ${database}: ${(error as Error).message}. / Cannot connect to the database.`, {
      cause: error,
    });
  }
  try {
    // A server stopped a moment ago may still show its sessions while their backends exit: look again for 3 s.
    let sessions = await otherSessions(client);
    for (let wait = 0; sessions.length && wait < 15; wait++) {
      await new Promise((r) => setTimeout(r, 200));
      sessions = await otherSessions(client);
    }
    if (sessions.length) {
      throw new Error(
        `Il database ${database} è in uso da ${sessions.length} ${sessions.length === 1 ? 'sessione' : 'sessioni'}: ` +
          `${sessions.join(', ')}. Ferma il server (e ogni altro programma collegato) e riprova; nulla è stato modificato. / ` +
          `The database is in use by ${sessions.length} other session(s): stop the server and retry; nothing was changed.`,
      );
    }
    const beyond = await tablesBeyondDump(client, inDump);
    if (beyond.length) {
      throw new Error(
        `Il database ${database} ha tabelle che la copia non contiene (${beyond.join(', ')}): ` +
          `il ripristino le lascerebbe al loro posto. Ripristina in un database vuoto (dropdb e createdb, poi di nuovo ` +
          `npm run db:restore); nulla è stato modificato. / The database has tables the dump lacks: restore into an empty database.`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }

  say(`Salvo il contenuto attuale di ${database} prima di sostituirlo...`);
  const previous = await backupPostgres({ url, backupsDir, reason: 'before-restore' });
  say(`Copia del contenuto attuale: ${previous.path}`);

  say(`Ripristino ${database} dalla copia ${chosen.name}, in un'unica transazione...`);
  const { dbname, env } = libpqConnection(url);
  const restored = await runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, chosen.path],
    env,
  );
  if (restored.code !== 0) {
    throw new Error(
      `Ripristino di ${database} non riuscito: ${toolSays(restored.stderr)}. La transazione è stata annullata: il database è ` +
        `com'era prima. / The restore failed and was rolled back: the database is as it was.`,
    );
  }
  return { dump: chosen, previous: previous.path };
}

/**
 * A snapshot of the embedded database in `dataDir` (its pglite directory) while no server holds it, into
 * `backupsDir` (default DATA_DIR/backups). `keep`: the snapshots kept there afterwards (0 = prune none).
 */
export async function backupEmbedded({
  dataDir,
  backupsDir = backupsDirOf(dataDir),
  keep,
}: {
  dataDir: string;
  backupsDir?: string;
  keep: number;
}): Promise<SnapshotResult> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')) || existsSync(initMarkerOf(dataDir))) {
    throw new Error(`Nessun database integrato in ${dataDir}: non c'è nulla da copiare. / No embedded database in ${dataDir}.`);
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const newest = listSnapshots(backupsDirOf(dataDir))[0];
    throw new Error(
      `${error.message} Mentre è in funzione, il server fa da sé una copia ogni DB_SNAPSHOT_HOURS ore in ` +
        `${backupsDirOf(dataDir)}${newest ? ` (la più recente: ${newest.name}, ${newest.takenAt.toISOString()})` : ''}; ` +
        `per una copia adesso fermalo, esegui npm run db:backup e riavvialo.`,
      { cause: error },
    );
  }
  const pglite = createPGlite(dataDir);
  try {
    await pglite.waitReady;
    return await takeSnapshot(pglite, dataDir, { backupsDir, keep: keep > 0 ? keep : Number.POSITIVE_INFINITY, reason: 'manual' });
  } finally {
    if (!pglite.closed) await pglite.close().catch(() => {});
    unlock();
  }
}
