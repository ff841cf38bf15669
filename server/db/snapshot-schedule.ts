// When the embedded database is snapshotted: before pending migrations are applied, at start when the newest
// snapshot is older than the interval, then every interval (DB_SNAPSHOT_HOURS; 0 = only before migrations).
import { existsSync, readdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { defaultMigrationsDir } from './migrate';
import { backupsDirOf, listSnapshots, takeSnapshot } from './snapshots';

export interface SnapshotLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SnapshotPolicy {
  /** Hours between scheduled snapshots; 0 disables the schedule (snapshots before migrations remain). */
  hours: number;
  /** Snapshots kept in DATA_DIR/backups; 0 disables snapshots altogether. */
  keep: number;
}

/** Migrations in the folder that the database has not applied yet; [] for a new database (nothing to protect). */
async function pendingMigrations(pglite: PGlite, migrationsDir = defaultMigrationsDir): Promise<string[]> {
  const known = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    : [];
  const { rows } = await pglite.query<{ exists: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`);
  if (!rows[0]?.exists) return [];
  const applied = await pglite.query<{ migration_name: string }>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  const done = new Set(applied.rows.map((r) => r.migration_name));
  return known.filter((name) => !done.has(name));
}

export function createSnapshotSchedule(pglite: PGlite, dataDir: string, policy: SnapshotPolicy, log: SnapshotLog) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const snapshot = (reason: string) =>
    (running ??= takeSnapshot(pglite, dataDir, { keep: policy.keep, reason })
      .then(
        (s) => log.info({ snapshot: s.path, bytes: s.bytes, blockedMs: s.blockedMs, totalMs: s.totalMs }, 'database snapshot taken'),
        (err: unknown) => log.error({ err }, 'database snapshot failed'),
      )
      .finally(() => (running = undefined)));

  return {
    /** Before migrations: a snapshot when some are pending on an existing database. */
    async beforeMigrations(): Promise<void> {
      if (policy.keep <= 0) return;
      const pending = await pendingMigrations(pglite);
      if (pending.length) await snapshot('pre-migration');
    },
    /** After the schema is current: the schedule; `now`: a snapshot at once when the newest is older than the interval. */
    start({ now = true }: { now?: boolean } = {}): void {
      if (policy.keep <= 0 || policy.hours <= 0 || stopped) return;
      const every = policy.hours * 3_600_000;
      const newest = listSnapshots(backupsDirOf(dataDir))[0];
      if (now && (!newest || Date.now() - newest.takenAt.getTime() >= every)) void snapshot('scheduled');
      timer = setInterval(() => void snapshot('scheduled'), every);
      timer.unref();
    },
    /** Stops the schedule and waits for a snapshot in progress (before the database closes). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
