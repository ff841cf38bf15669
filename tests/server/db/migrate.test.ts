// Migrations through the wasm schema engine, on real databases: in-memory and file-backed PGlite, and
// PostgreSQL when it answers. Under the suite config (CAMPOBASE_TEST_DB) only the matching database runs.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewMigration, diffMigrationsToSchema } from '../../../scripts/new-migration.js';
import { openDatabase, type OpenDatabase } from '../../../server/db/adapters.js';
import { applyPendingMigrations, defaultMigrationsDir, defaultSchemaPath } from '../../../server/db/migrate.js';

// Each case replays every committed migration once or more (52 today, each adding a little): on 2 busy cores the
// longest took 60 s, so the limit leaves room for the history to grow. A limit, not a speed target.
const slow = { timeout: 180_000 };
const only = process.env.CAMPOBASE_TEST_DB;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const committed = readdirSync(defaultMigrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const initName = committed.find((name) => /^\d{14}_init$/.test(name));
// Every model of the schema maps to a table (@@map): the migrations must create exactly those.
const modelTables = [...readFileSync(defaultSchemaPath, 'utf8').matchAll(/@@map\("([a-z_]+)"\)/g)].map((m) => m[1]);

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

function queryVia(db: OpenDatabase): Query {
  return (sql) => db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql);
}

async function publicTables(query: Query): Promise<string[]> {
  const rows = await query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((row) => String(row.table_name));
}

async function expectMigratedSchema(query: Query): Promise<void> {
  expect(await publicTables(query)).toEqual(['_prisma_migrations', ...modelTables].sort());
  const extensions = await query("SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'unaccent') ORDER BY 1");
  expect(extensions.map((row) => row.extname)).toEqual(['pg_trgm', 'unaccent']);
  const [fns] = await query("SELECT unaccent('Società') AS plain, similarity('calcio', 'calcetto') > 0 AS similar");
  expect(fns).toEqual({ plain: 'Societa', similar: true });
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const runPGlite = only === undefined || only === 'pglite';
const runPostgres = (only === undefined || only === 'postgres') && (await postgresReachable());

describe('committed migrations', () => {
  it('start with an init migration that creates the extensions', () => {
    expect(initName).toBeDefined();
    const sql = readFileSync(path.join(defaultMigrationsDir, initName!, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE EXTENSION IF NOT EXISTS "pg_trgm";');
    expect(sql).toContain('CREATE EXTENSION IF NOT EXISTS "unaccent";');
    expect(readFileSync(path.join(defaultMigrationsDir, 'migration_lock.toml'), 'utf8')).toMatch(/provider = "postgresql"/);
  });
});

describe.skipIf(!runPGlite)('applyPendingMigrations on in-memory PGlite', slow, () => {
  let db: OpenDatabase;
  beforeAll(() => {
    db = openDatabase({ kind: 'pglite' });
  });
  afterAll(() => db?.close());

  it('applies every committed migration, then nothing', async () => {
    expect(await applyPendingMigrations(db.adapterFactory)).toEqual(committed);
    await expectMigratedSchema(queryVia(db));
    expect(await applyPendingMigrations(db.adapterFactory)).toEqual([]);
  });

  it('leaves the runtime client working on the same PGlite', async () => {
    const account = await db.prisma.account.create({ data: { email: 'a@example.test', passwordHash: 'x' } });
    expect(await db.prisma.account.findUnique({ where: { id: account.id } })).toMatchObject({ email: 'a@example.test' });
  });
});

describe.skipIf(!runPGlite)('applyPendingMigrations on file-backed PGlite', slow, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'campobase-pglite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('persists what it applied across reopenings', async () => {
    const first = openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(() => openDatabase({ kind: 'pglite', dataDir: dir })).toThrow(/already open/);
      expect(await applyPendingMigrations(first.adapterFactory)).toEqual(committed);
    } finally {
      await first.close();
    }
    const second = openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(await applyPendingMigrations(second.adapterFactory)).toEqual([]);
      await expectMigratedSchema(queryVia(second));
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(!runPGlite)('applyPendingMigrations failures', slow, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'campobase-migrations-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rejects with a clear Error naming the migration (no crash)', async () => {
    cpSync(defaultMigrationsDir, dir, { recursive: true });
    mkdirSync(path.join(dir, '29990101000000_broken'));
    writeFileSync(path.join(dir, '29990101000000_broken', 'migration.sql'), 'ALTER TABLE "missing_table" ADD COLUMN "x" INTEGER;\n');
    const db = openDatabase({ kind: 'pglite' });
    try {
      const attempt = applyPendingMigrations(db.adapterFactory, { migrationsDir: dir });
      await expect(attempt).rejects.toBeInstanceOf(Error);
      await expect(attempt).rejects.toThrow(/29990101000000_broken[\s\S]*missing_table/);
      // The earlier migrations stay applied; the failed one blocks further runs, as with `prisma migrate deploy`.
      await expect(applyPendingMigrations(db.adapterFactory, { migrationsDir: dir })).rejects.toThrow(/failed/i);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!runPostgres)('applyPendingMigrations on PostgreSQL', slow, () => {
  const name = `campobase_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let db: OpenDatabase | undefined;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE "${name}"`);
    db = openDatabase({ kind: 'postgres', url: url.toString() });
  });
  afterAll(async () => {
    await db?.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('applies every committed migration, then nothing', async () => {
    expect(await applyPendingMigrations(db!.adapterFactory)).toEqual(committed);
    await expectMigratedSchema(queryVia(db!));
    expect(await applyPendingMigrations(db!.adapterFactory)).toEqual([]);
  });

  it('records them in _prisma_migrations as `prisma migrate deploy` would', async () => {
    const rows = await queryVia(db!)(
      'SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows).toEqual(
      committed.map((migration) => ({
        migration_name: migration,
        // The CLI compares this SHA-256 with the file on disk; a mismatch would make it refuse to deploy.
        checksum: createHash('sha256')
          .update(readFileSync(path.join(defaultMigrationsDir, migration, 'migration.sql')))
          .digest('hex'),
        finished: true,
        rolled_back_at: null,
        applied_steps_count: 1,
      })),
    );
  });
});

describe.skipIf(!runPGlite)('new-migration', slow, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'campobase-new-migration-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds no difference between the committed migrations and the schema', async () => {
    expect(await diffMigrationsToSchema()).toBeNull();
    const migrationsDir = path.join(dir, 'unchanged');
    cpSync(defaultMigrationsDir, migrationsDir, { recursive: true });
    expect(await createNewMigration('noop', { migrationsDir })).toEqual({ status: 'no-changes' });
    expect(readdirSync(migrationsDir).sort()).toEqual([...committed, 'migration_lock.toml'].sort());
  });

  it('writes the next migration for a schema change, which then applies cleanly', async () => {
    const migrationsDir = path.join(dir, 'changed');
    cpSync(defaultMigrationsDir, migrationsDir, { recursive: true });
    rmSync(path.join(migrationsDir, 'migration_lock.toml'));
    const schemaPath = path.join(dir, 'schema.prisma');
    writeFileSync(
      schemaPath,
      readFileSync(defaultSchemaPath, 'utf8').replace(
        '  @@map("clubs")',
        '  @@index([fullName(ops: raw("gin_trgm_ops"))], type: Gin)\n  @@map("clubs")',
      ),
    );
    const options = { migrationsDir, schemaPath, now: new Date('2999-01-02T03:04:05Z') };

    const result = await createNewMigration('Club name search!', options);
    expect(result).toMatchObject({ status: 'created', migrationName: '29990102030405_club_name_search', lockfileCreated: true });
    if (result.status !== 'created') return;
    expect(result.sql).toContain('CREATE INDEX "clubs_full_name_idx" ON "clubs" USING GIN ("full_name" gin_trgm_ops);');
    expect(result.sql).not.toMatch(/CREATE (EXTENSION|TABLE)/);
    expect(readFileSync(result.file, 'utf8')).toBe(result.sql);
    expect(existsSync(path.join(migrationsDir, 'migration_lock.toml'))).toBe(true);

    expect(await diffMigrationsToSchema(options)).toBeNull();
    const db = openDatabase({ kind: 'pglite' });
    try {
      expect(await applyPendingMigrations(db.adapterFactory, { migrationsDir, schemaPath })).toEqual([
        ...committed,
        result.migrationName,
      ]);
    } finally {
      await db.close();
    }
  });
});

// people_sort_key adds the list keys: rows already stored get them from the migration, later writes from triggers.
describe.skipIf(!runPGlite)('the people_sort_key migration on existing data', slow, () => {
  let dir: string;
  let db: OpenDatabase | undefined;
  const sortKey = committed.find((name) => name.endsWith('_people_sort_key'))!;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'campobase-sort-key-'));
    db = openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backfills every role, then the triggers keep them in step', async () => {
    for (const name of committed.filter((n) => n < sortKey)) cpSync(path.join(defaultMigrationsDir, name), path.join(dir, name), { recursive: true });
    cpSync(path.join(defaultMigrationsDir, 'migration_lock.toml'), path.join(dir, 'migration_lock.toml'));
    await applyPendingMigrations(db!.adapterFactory, { migrationsDir: dir });
    const run = (sql: string) => db!.prisma.$executeRawUnsafe(sql);
    await run(`INSERT INTO clubs (id, full_name, updated_at) VALUES ('00000000-0000-4000-8000-000000000001', 'Club', now())`);
    await run(`INSERT INTO people (id, club_id, firstname, lastname, tax_id_code, search_text, updated_at)
               VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Nicolò', 'D''Àngelo  Rè', 'DNGNCL80A01H501A', 'nicolo d''angelo re dngncl80a01h501x', now())`);
    await run(`INSERT INTO person_roles (id, club_id, person_id, kind, updated_at) VALUES
               ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'athlete', now()),
               ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'coach', now())`);

    cpSync(defaultMigrationsDir, dir, { recursive: true });
    await applyPendingMigrations(db!.adapterFactory, { migrationsDir: dir });
    const keys = () => db!.prisma.personRole.findMany({ select: { sortName: true, searchText: true }, orderBy: { kind: 'asc' } });
    expect(await keys()).toEqual([
      { sortName: "d'angelo re nicolo", searchText: "nicolo d'angelo re dngncl80a01h501x" },
      { sortName: "d'angelo re nicolo", searchText: "nicolo d'angelo re dngncl80a01h501x" },
    ]);

    await db!.prisma.person.update({ where: { id: '00000000-0000-4000-8000-000000000002' }, data: { sortName: 'bianchi nicolo', searchText: 'nicolo bianchi' } });
    expect(await keys()).toEqual([
      { sortName: 'bianchi nicolo', searchText: 'nicolo bianchi' },
      { sortName: 'bianchi nicolo', searchText: 'nicolo bianchi' },
    ]);
    // a direct write to a role's copy is overruled by its profile
    await db!.prisma.personRole.updateMany({ data: { sortName: 'zzz' } });
    expect((await keys()).map((k) => k.sortName)).toEqual(['bianchi nicolo', 'bianchi nicolo']);
  });
});
