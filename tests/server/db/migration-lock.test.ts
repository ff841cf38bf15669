// Migrations on PostgreSQL run once under an advisory lock: two instances starting together (here this process and
// the release step `scripts/migrate.ts` in a process of its own) on a fresh database both succeed, one applies every
// migration and the other finds nothing pending. An instance with MIGRATE_ON_START=false only checks the schema.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/adapters';
import { openAppDatabase } from '../../../server/db/database';
import { applyPendingMigrations, defaultMigrationsDir, MIGRATION_LOCK_KEY } from '../../../server/db/migrate';
import { adminQuery, databaseUrl, dropDatabase } from '../../support/postgres';
import { usingPostgres } from '../../support/test-app';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const slow = { timeout: 180_000 };

describe.runIf(usingPostgres())('migrations on PostgreSQL, under a lock', () => {
  const name = `campobase_migrate_lock_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(name);
  let committed: string[];
  let holder: pg.Client;
  let dataDir: string;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE "${name}"`);
    committed = (await readdir(defaultMigrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-migrate-lock-'));
  });
  afterAll(async () => {
    await holder.end().catch(() => {});
    await dropDatabase(name);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An instance's start with MIGRATE_ON_START=false: what its `migrated` settles with. */
  async function startWithoutMigrating(): Promise<string[]> {
    const db = openAppDatabase({ databaseUrl: url, dataDir, migrateOnStart: false });
    try {
      return await db.migrated;
    } finally {
      await db.close();
    }
  }

  it('an instance that does not migrate refuses an empty database, naming the release step', async () => {
    await expect(startWithoutMigrating()).rejects.toThrow(`Il database non ha ancora ${committed.length} migrazioni`);
    await expect(startWithoutMigrating()).rejects.toThrow('npm run db:migrate');
  });

  it('two instances starting together: both wait for the lock, then one applies every migration and the other none', slow, async () => {
    // The test holds the lock first, so that both are surely waiting at once.
    await holder.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);

    let inProcessWaited = false;
    const db = openDatabase({ kind: 'postgres', url });
    const inProcess = applyPendingMigrations(db.adapterFactory, { onLockWait: () => (inProcessWaited = true) }).finally(() => db.close());
    inProcess.catch(() => {});
    const releaseStep = runReleaseStep(url);

    await waitFor(async () => (await waitingForLock(holder, name)) === 2, 120_000);
    expect(inProcessWaited).toBe(true);
    const { rows } = await holder.query<{ table: string | null }>(`SELECT to_regclass('_prisma_migrations')::text AS table`);
    expect(rows[0].table).toBeNull(); // nothing applied while the lock is held

    await holder.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    const [applied, step] = await Promise.all([inProcess, releaseStep]);

    expect(step.code).toBe(0);
    expect(step.stdout).toContain("Un'altra istanza sta applicando le migrazioni: attendo che finisca.");
    const stepApplied = step.stdout.split('\n').filter((line) => /^ {2}\d{14}_/.test(line)).map((line) => line.trim());
    // one of the two applied every migration, the other none
    expect([applied.length, stepApplied.length].sort((a, b) => a - b)).toEqual([0, committed.length]);
    expect([...applied, ...stepApplied].sort()).toEqual(committed);

    const recorded = await holder.query<{ migration_name: string; applied_steps_count: number; finished: boolean }>(
      'SELECT migration_name, applied_steps_count, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(recorded.rows).toEqual(committed.map((migration_name) => ({ migration_name, applied_steps_count: 1, finished: true })));
  });

  it('the release step run again finds nothing to do, and an instance that does not migrate now starts', slow, async () => {
    const again = await runReleaseStep(url);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('Il database è già aggiornato: nessuna migrazione da applicare.');
    expect(await startWithoutMigrating()).toEqual([]);
  });
});

/** `npm run db:migrate` (the script itself) against `url`, in a process of its own. */
function runReleaseStep(url: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Sessions of database `name` waiting for MIGRATION_LOCK_KEY (a bigint key shows as classid = high, objid = low half). */
async function waitingForLock(client: pg.Client, name: string): Promise<number> {
  const key = MIGRATION_LOCK_KEY;
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
      WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = $1 AND l.classid = $2 AND l.objid = $3 AND l.objsubid = 1`,
    [name, Number(key >> 32n), Number(key & 0xffffffffn)],
  );
  return rows[0].n;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
