// PostgreSQL: the role the instances connect as, when it is not the role that owns the tables. Only a table's
// owner (or a superuser) may `ALTER TABLE ... DISABLE TRIGGER`, drop a trigger, replace its function or
// `SET session_replication_role = replica` (which skips triggers): an app that owns its tables can switch off the
// access log's append-only trigger (migration 20261124181636_access_log) with one statement. So, where that matters:
//   - an owner role runs the migrations (`npm run db:migrate` with the owner's DATABASE_URL, the release step);
//   - the instances connect as a role granted only what serving needs (these statements, run by the owner) and start
//     with MIGRATE_ON_START=false, as they cannot create tables;
//   - the access log's rows can then only be added (and pruned past the retention): the trigger stays.
// `npx tsx scripts/grant-app-role.ts <role>` runs them on DATABASE_URL (connected as the owner); exit codes: 0 done,
// 1 failure, 2 usage. tests/server/access-log/app-role.test.ts checks what the role can and cannot do.
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A role or database name as an SQL identifier. */
export const sqlIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What the owner grants the app's role in `database` (idempotent: run again after each release, though the default
 * privileges below already cover the tables and sequences later migrations create as that owner).
 */
export function appRoleGrants(role: string, database: string): string[] {
  const app = sqlIdentifier(role);
  return [
    // TEMPORARY: the import loads rows into a temporary table (COPY) before its set-based statements.
    `GRANT CONNECT, TEMPORARY ON DATABASE ${sqlIdentifier(database)} TO ${app}`,
    `GRANT USAGE ON SCHEMA public TO ${app}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app}`,
    // The access log is never updated (the trigger refuses it anyway); DELETE stays for the pruning past the retention.
    `REVOKE UPDATE, TRUNCATE ON access_log FROM ${app}`,
  ];
}

/**
 * The job queue's schema (pg-boss, JOBS on), once it exists: it is created by the first instance that starts with the
 * jobs, which the app role cannot do (no CREATE on the database), so the owner starts one first, then grants. CREATE
 * on that schema: pg-boss makes a table per new queue. Nothing there needs protecting from the app.
 */
export function jobQueueGrants(role: string): string[] {
  const app = sqlIdentifier(role);
  return [
    `GRANT USAGE, CREATE ON SCHEMA pgboss TO ${app}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${app}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO ${app}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${app}`,
  ];
}

/** Runs the grants on `url`'s database, connected as its owner; the role must exist (CREATE ROLE ... LOGIN). */
export async function grantAppRole(url: string, role: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ db: string; jobs: boolean }>(
      `SELECT current_database() AS db, EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') AS jobs`,
    );
    const statements = [...appRoleGrants(role, rows[0].db), ...(rows[0].jobs ? jobQueueGrants(role) : [])];
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(args: string[]): Promise<number> {
  const role = args[0];
  const url = process.env.DATABASE_URL?.trim();
  if (!role || !url) {
    process.stderr.write('Uso: DATABASE_URL=postgresql://<proprietario>@.../<database> npx tsx scripts/grant-app-role.ts <ruolo>\n');
    return 2;
  }
  try {
    await grantAppRole(url, role);
    process.stdout.write(`Permessi concessi al ruolo ${role}: avviare le istanze con MIGRATE_ON_START=false.\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`Permessi non concessi: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
