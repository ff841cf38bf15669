// Consistent snapshots of the embedded database (PGlite) in DATA_DIR/backups, and their restore.
// A snapshot is a plain copy of the data directory taken while no query runs, right after a CHECKPOINT: it
// opens like a cleanly stopped database (only the WAL from the checkpoint on is copied). Snapshots are taken on a
// schedule and before migrations; when the directory will not open, the server names the newest one and the
// restore command (`npm run db:restore`), which keeps the broken directory aside instead of deleting it.
import { constants, existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { createPGlite } from './adapters';
import { fsyncDir, initMarkerOf, lockDataDir } from './pglite-guard';

export const SNAPSHOT_PREFIX = 'pglite-';
const PARTIAL_SUFFIX = '.partial';
// Written by PGlite's single-user postgres at every start: not part of the data.
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts']);

export interface SnapshotInfo {
  name: string;
  path: string;
  takenAt: Date;
}

export interface SnapshotResult extends SnapshotInfo {
  /** Time queries waited (the checkpoint and the copy). */
  blockedMs: number;
  totalMs: number;
  bytes: number;
}

export const backupsDirOf = (dataDir: string) => path.join(path.dirname(dataDir), 'backups');

/** Snapshots in `backupsDir`, newest first (incomplete ones are ignored). */
export function listSnapshots(backupsDir: string): SnapshotInfo[] {
  if (!existsSync(backupsDir)) return [];
  return readdirSync(backupsDir)
    .filter((name) => name.startsWith(SNAPSHOT_PREFIX) && !name.endsWith(PARTIAL_SUFFIX))
    .map((name) => ({ name, path: path.join(backupsDir, name), takenAt: takenAtOf(name) ?? statSync(path.join(backupsDir, name)).mtime }))
    .filter((s) => existsSync(path.join(s.path, 'PG_VERSION')))
    .sort((a, b) => (a.name < b.name ? 1 : -1));
}

// Runs `sql` bypassing PGlite's query queue (the caller holds it) and answers the first row's text fields.
async function firstRow(pglite: PGlite, sql: string): Promise<(string | null)[]> {
  const { messages } = await pglite.execProtocol(protocol.serialize.query(sql));
  const row = messages.find((m) => m.name === 'dataRow') as { fields: (string | null)[] } | undefined;
  return row?.fields ?? [];
}

// Holds both of PGlite's queues (transactions, then queries, as its own close() does): no statement runs.
function exclusively<T>(pglite: PGlite, fn: () => Promise<T>): Promise<T> {
  const queues = pglite as unknown as {
    _runExclusiveTransaction<R>(f: () => Promise<R>): Promise<R>;
    _runExclusiveQuery<R>(f: () => Promise<R>): Promise<R>;
  };
  return queues._runExclusiveTransaction(() => queues._runExclusiveQuery(fn));
}

async function copyTree(from: string, to: string, keep: (relative: string) => boolean, copied: string[], rel = ''): Promise<number> {
  await mkdir(to, { recursive: true });
  let bytes = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const relative = path.join(rel, entry.name);
    if (entry.isDirectory()) {
      bytes += await copyTree(path.join(from, entry.name), path.join(to, entry.name), keep, copied, relative);
    } else if (entry.isFile() && keep(relative)) {
      // A reflink where the filesystem offers one (btrfs, xfs): instant; otherwise a copy.
      await copyFile(path.join(from, entry.name), path.join(to, entry.name), constants.COPYFILE_FICLONE);
      copied.push(path.join(to, entry.name));
      bytes += statSync(path.join(to, entry.name)).size;
    }
  }
  return bytes;
}

/** Flushes a file's content to the disk (a copy or a dump is only trusted once it is). */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('.', '');
// The time in a snapshot's name (copies of the folder change its mtime).
function takenAtOf(name: string): Date | undefined {
  const m = /^pglite-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : undefined;
}

/**
 * Takes a snapshot of the open `pglite` (whose directory is `dataDir`) into `backupsDir` and keeps the newest
 * `keep` snapshots. Queries wait during the checkpoint and the copy (figures in docs/benchmarks.md).
 */
export async function takeSnapshot(
  pglite: PGlite,
  dataDir: string,
  { backupsDir = backupsDirOf(dataDir), keep, reason = 'scheduled' }: { backupsDir?: string; keep: number; reason?: string },
): Promise<SnapshotResult> {
  const started = Date.now();
  const takenAt = new Date();
  const name = `${SNAPSHOT_PREFIX}${stamp(takenAt)}-${reason}`;
  const target = path.join(backupsDir, name);
  const partial = target + PARTIAL_SUFFIX;
  await rm(partial, { recursive: true, force: true });
  const copied: string[] = [];
  let blockedMs = 0;
  let bytes = 0;
  await exclusively(pglite, async () => {
    const blockedFrom = Date.now();
    try {
      await pglite.execProtocol(protocol.serialize.query('CHECKPOINT'));
      // The WAL a restore needs: from the checkpoint's redo point to the current end (nothing runs meanwhile).
      const [redo, end] = await firstRow(
        pglite,
        'SELECT redo_wal_file, pg_walfile_name(pg_current_wal_insert_lsn()) FROM pg_control_checkpoint()',
      );
      bytes = await copyTree(dataDir, partial, (relative) => {
        if (SKIPPED_FILES.has(relative)) return false;
        const wal = /^pg_wal[/\\]([0-9A-F]{24})$/.exec(relative);
        return !wal || (wal[1] >= redo! && wal[1] <= end!);
      }, copied);
    } finally {
      blockedMs = Date.now() - blockedFrom;
    }
  });
  // Flushed before it counts as a snapshot: outside the queues, requests go on meanwhile.
  for (const file of copied) await fsyncFile(file);
  await rename(partial, target);
  fsyncDir(backupsDir);
  await pruneSnapshots(backupsDir, keep);
  return { name, path: target, takenAt, blockedMs, totalMs: Date.now() - started, bytes };
}

/** Deletes all but the newest `keep` snapshots (and leftovers of interrupted ones). */
export async function pruneSnapshots(backupsDir: string, keep: number): Promise<void> {
  for (const old of listSnapshots(backupsDir).slice(Math.max(keep, 1))) await rm(old.path, { recursive: true, force: true });
  for (const name of existsSync(backupsDir) ? readdirSync(backupsDir) : []) {
    if (name.startsWith(SNAPSHOT_PREFIX) && name.endsWith(PARTIAL_SUFFIX)) {
      await rm(path.join(backupsDir, name), { recursive: true, force: true });
    }
  }
}

export interface RestoreResult {
  snapshot: SnapshotInfo;
  /** Where the directory that was replaced now lives (nothing is deleted). */
  previous?: string;
}

/**
 * Replaces `dataDir` with a snapshot (`snapshot`: a name in `backupsDir` or a path; default the newest), after
 * checking that the snapshot opens. Refuses while a process holds the directory. The replaced directory is kept
 * as `<dataDir>.before-restore-<time>`.
 */
export async function restoreSnapshot({
  dataDir,
  backupsDir = backupsDirOf(dataDir),
  snapshot,
}: {
  dataDir: string;
  backupsDir?: string;
  snapshot?: string;
}): Promise<RestoreResult> {
  const snapshots = listSnapshots(backupsDir);
  const chosen = snapshot
    ? (snapshots.find((s) => s.name === snapshot || s.path === path.resolve(snapshot)) ??
      (existsSync(path.join(path.resolve(snapshot), 'PG_VERSION'))
        ? { name: path.basename(snapshot), path: path.resolve(snapshot), takenAt: statSync(snapshot).mtime }
        : undefined))
    : snapshots[0];
  if (!chosen) {
    throw new Error(
      snapshot
        ? `Copia "${snapshot}" non trovata in ${backupsDir}. / Snapshot "${snapshot}" not found in ${backupsDir}.`
        : `Nessuna copia in ${backupsDir}. / No snapshot in ${backupsDir}.`,
    );
  }
  const unlock = lockDataDir(dataDir);
  try {
    const staging = `${dataDir}.restoring`;
    await rm(staging, { recursive: true, force: true });
    const copied: string[] = [];
    await copyTree(chosen.path, staging, () => true, copied);
    for (const file of copied) await fsyncFile(file);
    await checkOpens(staging);
    let previous: string | undefined;
    if (existsSync(dataDir)) {
      previous = `${dataDir}.before-restore-${stamp(new Date())}`;
      await rename(dataDir, previous);
    }
    await rename(staging, dataDir);
    await rm(initMarkerOf(dataDir), { force: true }); // the restored directory is complete
    fsyncDir(path.dirname(dataDir));
    return { snapshot: chosen, previous };
  } finally {
    unlock();
  }
}

async function checkOpens(dir: string): Promise<void> {
  const pglite = createPGlite(dir);
  try {
    await pglite.query('SELECT 1');
  } catch (error) {
    throw new Error(`La copia non si apre / the snapshot does not open: ${String(error)}`, { cause: error });
  } finally {
    if (!pglite.closed) await pglite.close().catch(() => {});
  }
}

/** The bilingual message the server logs when the embedded database will not open. */
export function cannotOpenMessage(dataDir: string, error: unknown, postgresSays: string[] = []): string {
  const newest = listSnapshots(backupsDirOf(dataDir))[0];
  const cause = postgresSays.length ? postgresSays.join(' ') : error instanceof Error ? error.message : String(error);
  const it = `Il database integrato in ${dataDir} non si apre (${cause}). Nessun dato è stato cancellato.`;
  const en = `The embedded database in ${dataDir} does not open (${cause}). No data was deleted.`;
  if (!newest) {
    return (
      `${it} Non ci sono copie di sicurezza in ${backupsDirOf(dataDir)}: conserva la cartella e chiedi assistenza. / ` +
      `${en} There is no snapshot in ${backupsDirOf(dataDir)}: keep the directory and ask for support.`
    );
  }
  const when = newest.takenAt.toISOString();
  return (
    `${it} Copia più recente: ${newest.path} (${when}). Per ripristinarla: npm run db:restore ` +
    `(la cartella attuale viene conservata, non cancellata). / ` +
    `${en} Newest snapshot: ${newest.path} (${when}). To restore it: npm run db:restore ` +
    `(the current directory is kept aside, not deleted).`
  );
}
