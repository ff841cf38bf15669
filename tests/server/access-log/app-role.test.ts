// The access log's append-only trigger against the app's own database role (scripts/grant-app-role.ts): where the
// instances connect as a role that does not own the tables (granted DML by the owner, MIGRATE_ON_START=false), that
// role cannot disable, drop or replace the trigger, nor skip triggers with session_replication_role, and its UPDATE,
// DELETE and TRUNCATE of access-log rows fail; the app still serves and appends to the log. The owner, by contrast,
// can disable the trigger: the separation is what protects the log. PostgreSQL only: the embedded PGlite has a
// single role (the process that holds the data directory can change anything in it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CampoApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { grantAppRole } from '../../../scripts/grant-app-role';
import { createClub, PASSWORD } from '../../support/factories';
import { adminQuery, databaseUrl, dropDatabase } from '../../support/postgres';
import { clonePostgresTemplate, usingPostgres } from '../../support/test-app';

const withUser = (url: string, user: string) => {
  const u = new URL(url);
  u.username = user;
  u.password = '';
  return u.toString();
};

/** The SQLSTATE a statement fails with, or 'ok'. */
async function outcome(client: pg.Client, sql: string): Promise<string> {
  await client.query('SAVEPOINT attempt');
  try {
    await client.query(sql);
    await client.query('RELEASE SAVEPOINT attempt');
    return 'ok';
  } catch (e) {
    await client.query('ROLLBACK TO SAVEPOINT attempt');
    return (e as { code?: string }).code ?? String(e);
  }
}

/** What would switch the protection off, or get round it. */
const UNDOING = [
  'ALTER TABLE access_log DISABLE TRIGGER access_log_append_only',
  'ALTER TABLE access_log DISABLE TRIGGER ALL',
  'DROP TRIGGER access_log_append_only ON access_log',
  'DROP TRIGGER access_log_no_truncate ON access_log',
  `CREATE OR REPLACE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END; $$`,
  'DROP FUNCTION access_log_append_only() CASCADE',
  "SET LOCAL session_replication_role = 'replica'",
  'ALTER TABLE access_log RENAME TO access_log_old',
  'DROP TABLE access_log',
];

describe.runIf(usingPostgres())('the access log against the app role (PostgreSQL)', () => {
  let dbName: string;
  const role = `campobase_app_${randomBytes(4).toString('hex')}`;
  let campo: CampoApp;
  let dataDir: string;
  let asApp: pg.Client;
  let asOwner: pg.Client;

  beforeAll(async () => {
    dbName = await clonePostgresTemplate();
    await adminQuery(`CREATE ROLE "${role}" LOGIN`);
    await grantAppRole(databaseUrl(dbName), role);
    // An instance as the app role, as deployed: the owner migrated; it only checks that nothing is pending.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-app-role-'));
    const config = loadConfig({}, { dataDir, logLevel: 'silent', clientDir: path.join(dataDir, 'no-client'), databaseUrl: withUser(databaseUrl(dbName), role), migrateOnStart: false, jobsEnabled: false });
    campo = await createApp({ config });
    asApp = new pg.Client({ connectionString: withUser(databaseUrl(dbName), role) });
    asOwner = new pg.Client({ connectionString: databaseUrl(dbName) });
    await asApp.connect();
    await asOwner.connect();
  });
  afterAll(async () => {
    await asApp?.end().catch(() => {});
    await asOwner?.end().catch(() => {});
    await campo?.app.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (dbName) await dropDatabase(dbName);
    await adminQuery(`DROP ROLE IF EXISTS "${role}"`);
  });

  it('the app serves as that role and appends to the log', async () => {
    // Sign-up and sign-in through the app's own connections (as the role): the sign-in is logged.
    const club = await createClub(campo.deps);
    const login = await campo.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: { email: club.email, password: PASSWORD } });
    expect(login.json().status, login.body).toBe(true);
    await campo.deps.accessLog.flush();
    const { rows } = await asApp.query<{ n: string }>(`SELECT count(*) AS n FROM access_log WHERE actor_account_id = $1 AND action = 'sign_in'`, [club.accountId]);
    expect(Number(rows[0].n)).toBeGreaterThan(0);
    const { rows: who } = await asApp.query<{ me: string; owner: string }>(`SELECT current_user AS me, (SELECT tableowner FROM pg_tables WHERE tablename = 'access_log') AS owner`);
    expect(who[0].me).toBe(role);
    expect(who[0].owner).not.toBe(role);
  });

  it('cannot switch the trigger off, get round it, or change and remove rows', async () => {
    await asApp.query('BEGIN');
    try {
      for (const sql of UNDOING) expect(await outcome(asApp, sql), sql).toBe('42501');
      // the trigger refuses; UPDATE and TRUNCATE are not even granted
      expect(await outcome(asApp, `UPDATE access_log SET detail = 'cambiato'`)).toBe('42501');
      expect(await outcome(asApp, `DELETE FROM access_log`)).toBe('42501');
      expect(await outcome(asApp, 'TRUNCATE access_log')).toBe('42501');
      // what the app does: append, read, prune past the retention
      expect(await outcome(asApp, `INSERT INTO access_log (actor_kind, action) VALUES ('system', 'test')`)).toBe('ok');
      expect(await outcome(asApp, `DELETE FROM access_log WHERE at < now() - interval '24 months'`)).toBe('ok');
    } finally {
      await asApp.query('ROLLBACK');
    }
    const { rows } = await asApp.query<{ n: string }>(`SELECT count(*) AS n FROM pg_trigger WHERE tgrelid = 'access_log'::regclass AND tgenabled = 'O'`);
    expect(Number(rows[0].n)).toBe(2);
  });

  it('the owning role can (why the instances must not connect as it)', async () => {
    await asOwner.query('BEGIN');
    try {
      expect(await outcome(asOwner, UNDOING[0])).toBe('ok');
      expect(await outcome(asOwner, `UPDATE access_log SET detail = 'cambiato'`)).toBe('ok');
    } finally {
      await asOwner.query('ROLLBACK');
    }
  });
});
