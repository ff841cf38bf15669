// `npm run db:backup` and `npm run db:restore`, run as the operator runs them (the scripts, in a child process), and
// their refusals through server/db/backups.ts: on PostgreSQL a club with people and an uploaded file comes back exactly
// as backed up, and a dump that is damaged or a restore that cannot complete leaves the database as it was; on the
// embedded database the backup is a snapshot the restore accepts.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/adapters';
import { backupEmbedded, restorePostgres } from '../../../server/db/backups';
import { lockFileOf } from '../../../server/db/pglite-guard';
import { createClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { databaseUrl, dropDatabase } from '../../support/postgres';
import { clonePostgresTemplate } from '../../support/test-app';
import { pdf } from '../files/fixtures';

const onPostgres = process.env.CAMPOBASE_TEST_DB === 'postgres';
const slow = { timeout: 300_000 }; // child processes starting tsx: seconds each on a busy machine
const root = mkdtempSync(path.join(tmpdir(), 'campobase-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scripts = path.resolve(import.meta.dirname, '../../../scripts');
/** Runs `npm run <script> -- args` as a child (the script itself, on this Node), with these settings. */
function npmRun(script: 'db-backup' | 'db-restore', args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const childEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(scripts, `${script}.ts`), ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

/** Every row of every table, as text, per table: two equal fingerprints are the same content. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number; digest: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${name} t`,
      );
      out[name] = `${rows[0].n}:${rows[0].digest}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const dumpsIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.dump')).sort() : []);

describe.runIf(onPostgres)('PostgreSQL: db:backup and db:restore', () => {
  it('restores exactly the backed-up club, people and file bytes; refuses a damaged dump or a database in use', slow, async () => {
    const pgName = await clonePostgresTemplate();
    const url = databaseUrl(pgName);
    const dataDir = path.join(root, 'pg');
    const backupsDir = path.join(dataDir, 'backups');
    const env = { DATA_DIR: dataDir, DATABASE_URL: url };
    try {
      // A club with two people, one with an uploaded certificate, through the real app.
      const config = loadConfig({}, { dataDir, logLevel: 'silent', databaseUrl: url, clientDir: path.join(dataDir, 'no-client'), jobsEnabled: false });
      const campo = await createApp({ config });
      const certificate = pdf();
      let fileId: string;
      try {
        const club = await createClub(campo.deps, { fullName: 'ASD Copia di Sicurezza' });
        const ctx = await clubContext(campo.deps, club);
        const withFile = await createPerson(ctx, 'manager', { profile: { firstname: 'Giulia', lastname: 'Bianchi' } }, {
          blsdFile: { filename: 'blsd.pdf', mimeType: 'application/pdf', content: certificate },
        });
        await createPerson(ctx, 'athlete', { profile: { firstname: 'Luca', lastname: 'Verdi' } });
        const person = await campo.deps.systemDb.person.findUniqueOrThrow({ where: { id: withFile.personId } });
        fileId = person.blsdFileId!;
      } finally {
        await campo.app.close();
      }
      const backedUp = await fingerprint(url);

      const backup = await npmRun('db-backup', [], env);
      expect(backup.code, backup.out).toBe(0);
      const [dumpName] = dumpsIn(backupsDir);
      expect(dumpName).toMatch(/^postgres-\d{8}T\d{9}Z\.dump$/);
      expect(backup.out).toContain(path.join(backupsDir, dumpName));
      expect(statSync(path.join(backupsDir, dumpName)).mode & 0o077).toBe(0); // personal data: the owner's only

      // Later changes: a name edited, the file and a person deleted, a second club.
      await sql(url, `UPDATE people SET firstname = 'Modificata' WHERE lastname = 'Bianchi'`);
      await sql(url, `UPDATE people SET blsd_file_id = NULL WHERE blsd_file_id = $1`, [fileId]);
      await sql(url, `DELETE FROM stored_files WHERE id = $1`, [fileId]);
      await sql(url, `DELETE FROM people WHERE lastname = 'Verdi'`);
      await sql(url, `INSERT INTO clubs (id, full_name, updated_at) VALUES (gen_random_uuid(), 'ASD Arrivata Dopo', now())`);
      const changed = await fingerprint(url);
      expect(changed).not.toEqual(backedUp);

      // A dump cut short, or not a dump at all: refused before the database is touched.
      const restore = (dump: string) => restorePostgres({ url, backupsDir, dump });
      const dump = path.join(backupsDir, dumpName);
      const truncated = path.join(root, 'truncated.dump');
      copyFileSync(dump, truncated);
      truncateSync(truncated, statSync(dump).size - 100); // its table of contents still reads: the data does not
      await expect(restore(truncated)).rejects.toThrow(/è danneggiata o incompleta: .*end of file.*Il database non è stato toccato/);
      const garbage = path.join(root, 'garbage.dump');
      writeFileSync(garbage, 'non è una copia');
      await expect(restore(garbage)).rejects.toThrow(/non è una copia leggibile di pg_dump.*Il database non è stato toccato/);
      expect(await fingerprint(url)).toEqual(changed);

      // While another session uses the database (a server still running): refused, nothing dumped or changed.
      const holder = new pg.Client({ connectionString: url, application_name: 'server ancora acceso' });
      await holder.connect();
      try {
        await expect(restore(dumpName)).rejects.toThrow(/è in uso da 1 sessione: server ancora acceso \(pid \d+/);
      } finally {
        await holder.end();
      }
      expect(dumpsIn(backupsDir)).toEqual([dumpName]);

      // A restore that fails half-way (a view of the operator's depends on a table it drops): rolled back whole.
      await sql(url, 'CREATE VIEW people_report AS SELECT id, lastname FROM people');
      await expect(restore(dumpName)).rejects.toThrow(/non riuscito: .*people_report.*La transazione è stata annullata/);
      expect(await fingerprint(url)).toEqual(changed);
      expect(await sql(url, `SELECT 1 FROM pg_views WHERE viewname = 'people_report'`)).toHaveLength(1);
      await sql(url, 'DROP VIEW people_report');
      // A table the dump lacks (a later migration's) would outlive the restore: refused before anything changes.
      await sql(url, 'CREATE TABLE later_feature (id int)');
      await expect(restore(dumpName)).rejects.toThrow(/tabelle che la copia non contiene \(public\.later_feature\).*Ripristina in un database vuoto/);
      await sql(url, 'DROP TABLE later_feature');

      const restored = await npmRun('db-restore', [dumpName], env);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain('sarà sostituito da quello della copia');
      expect(await fingerprint(url)).toEqual(backedUp);
      const [file] = await sql<{ content: Buffer; filename: string }>(url, 'SELECT content, filename FROM stored_files WHERE id = $1', [fileId]);
      expect(file.filename).toBe('blsd.pdf');
      expect(Buffer.compare(file.content, certificate)).toBe(0);
      // What the database held just before is kept as a dump of its own, which restores in turn.
      const previous = dumpsIn(backupsDir).filter((n) => n.endsWith('-before-restore.dump'));
      expect(previous).toHaveLength(2); // the rolled-back attempt's and this one's
      await restore(previous.at(-1)!);
      expect(await fingerprint(url)).toEqual(changed);
    } finally {
      await dropDatabase(pgName);
    }
  });
});

describe.runIf(!onPostgres)('embedded database: db:backup and db:restore', () => {
  it('db:backup takes a snapshot (refused while the directory is open) that db:restore puts back', slow, async () => {
    const dataDir = path.join(root, 'embedded');
    mkdirSync(dataDir);
    const pgliteDir = path.join(dataDir, 'pglite');
    const db = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await db.pglite!.exec(`CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1), (2)`);
    await db.close();
    // The lock names another live process, as while the server runs.
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(lockFileOf(pgliteDir), JSON.stringify({ pid: server.pid }));
    try {
      await expect(backupEmbedded({ dataDir: pgliteDir, keep: 8 })).rejects.toThrow(/è già aperto dal processo .*per una copia adesso fermalo/);
    } finally {
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
    }

    const backup = await npmRun('db-backup', [], { DATA_DIR: dataDir });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Copia completata: .*pglite-\d{8}T\d{9}Z-manual/);

    const again = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await again.pglite!.exec('DELETE FROM t WHERE id = 1; INSERT INTO t VALUES (3)');
    await again.close();
    const restore = await npmRun('db-restore', [], { DATA_DIR: dataDir });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/dalla copia pglite-\d{8}T\d{9}Z-manual/);
    const restored = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const { rows } = await restored.pglite!.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    await restored.close();
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });
});
