// The embedded database's directory survives what killed it before: a kill -9 during the first start (PGlite's
// non-atomic copy of the new database into the directory), a second process opening it, and, when it will not
// open anyway, the snapshots and their restore. Real PGlite directories; PGlite runs only (PostgreSQL has none).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/adapters';
import { DatabaseOpenError, openAppDatabase } from '../../../server/db/database';
import { DataDirLockedError, lockDataDir, lockFileOf } from '../../../server/db/pglite-guard';
import { createSnapshotSchedule } from '../../../server/db/snapshot-schedule';
import { backupsDirOf, listSnapshots, restoreSnapshot, takeSnapshot } from '../../../server/db/snapshots';

const run = process.env.CAMPOBASE_TEST_DB === 'postgres' ? describe.skip : describe;
const slow = { timeout: 90_000 };
const root = mkdtempSync(path.join(tmpdir(), 'campobase-durability-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let seq = 0;
function newDataDir() {
  const dataDir = path.join(root, `d${++seq}`);
  mkdirSync(dataDir); // DATA_DIR exists; its pglite/ does not yet
  return path.join(dataDir, 'pglite');
}

const fixture = path.join(import.meta.dirname, 'fixtures', 'first-start-kill.ts');
function child(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

run('first start killed mid-copy', () => {
  it('leaves an unopenable directory with PGlite alone, and one that opens through the product', slow, async () => {
    // The hazard itself: PGlite writes PG_VERSION before the copy ends; a kill there leaves a database for good.
    const raw = newDataDir();
    expect((await child([raw, 'raw'])).signal).toBe('SIGKILL');
    expect(existsSync(path.join(raw, 'PG_VERSION'))).toBe(true);
    expect((await child([raw, 'raw', 'open'])).out).toMatch(/^failed/);

    const guarded = newDataDir();
    expect((await child([guarded, 'product'])).signal).toBe('SIGKILL');
    const reopened = await child([guarded, 'product', 'open']);
    expect(reopened.out).toMatch(/opened/);
    // The leftover is moved aside, not deleted; the lock of the killed process was taken over and released.
    expect(readdirSync(path.dirname(guarded)).filter((n) => n.includes('.incomplete-'))).toHaveLength(1);
    expect(existsSync(lockFileOf(guarded))).toBe(false);
  });
});

run('single writer', () => {
  it('refuses a directory another live process holds, and takes over the lock of a dead one', slow, async () => {
    const dataDir = newDataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: holder.pid }));
    expect(() => openDatabase({ kind: 'pglite', dataDir })).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(/è già aperto dal processo/);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const release = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});

run('snapshots and restore', () => {
  it('snapshots while open, names the newest when the directory will not open, and restores it', slow, async () => {
    const dataDir = newDataDir();
    const backupsDir = backupsDirOf(dataDir);
    const db = openDatabase({ kind: 'pglite', dataDir });
    const pglite = db.pglite!;
    await pglite.exec('CREATE TABLE t (id int PRIMARY KEY, data bytea)');
    await pglite.query(`INSERT INTO t SELECT g, decode(repeat('ab', 100000), 'hex') FROM generate_series(1, 20) g`);
    const oldest = await takeSnapshot(pglite, dataDir, { keep: 3, reason: 'test' });
    // A transaction in progress when a snapshot starts: the snapshot waits for it and holds it whole.
    const tx = pglite.transaction(async (t) => {
      await t.query('INSERT INTO t VALUES (21, NULL)');
      await new Promise((r) => setTimeout(r, 200));
      await t.query('INSERT INTO t VALUES (22, NULL)');
    });
    await new Promise((r) => setTimeout(r, 50));
    const duringTx = await takeSnapshot(pglite, dataDir, { keep: 3, reason: 'test' });
    await tx;
    await pglite.query('INSERT INTO t VALUES (23, NULL)');
    const newest = await takeSnapshot(pglite, dataDir, { keep: 2, reason: 'test' });
    expect(listSnapshots(backupsDir).map((s) => s.name)).toEqual([newest.name, duringTx.name]); // the newest 2 kept
    expect(existsSync(oldest.path)).toBe(false);
    // Only the WAL a restore needs is copied: one 16 MB segment, not PGlite's recycled ones.
    expect(readdirSync(path.join(newest.path, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n))).toHaveLength(1);
    await pglite.query('INSERT INTO t VALUES (24, NULL)'); // after the snapshot: not in it
    await db.close();

    // The WAL the checkpoint record lives in goes missing: PostgreSQL cannot start (the audit's PANIC).
    for (const wal of readdirSync(path.join(dataDir, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
      rmSync(path.join(dataDir, 'pg_wal', wal));
    }
    const broken = openAppDatabase({ databaseUrl: undefined, dataDir: path.dirname(dataDir) });
    const failure = await broken.migrated.catch((e: unknown) => e);
    await broken.close();
    expect(failure).toBeInstanceOf(DatabaseOpenError);
    expect((failure as Error).message).toContain(newest.path);
    expect((failure as Error).message).toContain('npm run db:restore');
    expect((failure as Error).message).toContain('Nessun dato è stato cancellato');

    const restored = await restoreSnapshot({ dataDir, snapshot: duringTx.name });
    expect(restored.snapshot.name).toBe(duringTx.name);
    expect(existsSync(path.join(restored.previous!, 'PG_VERSION'))).toBe(true); // the broken one is kept
    const again = openDatabase({ kind: 'pglite', dataDir });
    const ids = await again.pglite!.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    const bytes = await again.pglite!.query<{ n: number }>('SELECT sum(length(data))::int AS n FROM t');
    await again.close();
    expect(ids.rows.map((r) => r.id)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1)); // not 23, 24: later
    expect(bytes.rows[0].n).toBe(20 * 100_000);
  });

  it('snapshots before pending migrations only, and refuses to restore while the directory is open', slow, async () => {
    const dataDir = newDataDir();
    const db = openDatabase({ kind: 'pglite', dataDir });
    const schedule = createSnapshotSchedule(db.pglite!, dataDir, { hours: 0, keep: 3 }, { info() {}, error() {} });
    await schedule.beforeMigrations(); // a new database: nothing to protect
    expect(listSnapshots(backupsDirOf(dataDir))).toEqual([]);
    // An existing database that has applied none of the committed migrations: they are pending.
    await db.pglite!.exec('CREATE TABLE _prisma_migrations (migration_name text, finished_at timestamptz, rolled_back_at timestamptz)');
    await schedule.beforeMigrations();
    expect(listSnapshots(backupsDirOf(dataDir)).map((s) => s.name)).toEqual([expect.stringMatching(/-pre-migration$/)]);

    // The lock file names another live process (as while the server runs).
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const lock = lockFileOf(dataDir);
    const own = readFileSync(lock, 'utf8');
    writeFileSync(lock, JSON.stringify({ pid: holder.pid }));
    try {
      await expect(restoreSnapshot({ dataDir })).rejects.toThrow(DataDirLockedError);
    } finally {
      holder.kill('SIGKILL');
      writeFileSync(lock, own);
      await db.close();
    }
  });
});
