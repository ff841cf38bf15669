// The first start on a new DATA_DIR (issue 34 point 7): the embedded database is a copy of the migrated template
// `npm run build` leaves in dist/database, not PGlite's initdb plus every migration (15-30 s on a busy machine);
// the log says which way it went; a template that does not match the code is not used; and while the database is
// not ready a browser gets a page saying CampoBase is starting (503, reloading itself) instead of a client that waits.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { checkTemplate, currentManifest, manifestPath, type TemplateManifest } from '../../../server/db/database-template';
import { defaultMigrationsDir, repoRoot } from '../../../server/db/migrate';
import { startTestApp, usingPostgres } from '../../support/test-app';

const templateDir = path.join(repoRoot, 'dist', 'database');
const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `campobase-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe.skipIf(usingPostgres())('a new embedded database starts from the migrated template', () => {
  it('copies dist/database, applies nothing, says so in the log, and opens the copy as a normal database next time', { timeout: 180_000 }, async () => {
    // What `npm run build` runs; nothing to do when the template matches the migrations already.
    execFileSync('npx', ['tsx', 'scripts/build-database-template.ts'], { cwd: repoRoot, stdio: 'pipe' });
    const dataDir = await tempDir('first-start');
    const start = async () => {
      const lines: Array<{ msg: string; [key: string]: unknown }> = [];
      const config = loadConfig({}, { dataDir, logLevel: 'info', clientDir: path.join(dataDir, 'no-client'), jobsEnabled: false, snapshotKeep: 0 });
      const campo = await createApp({ config, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
      return { campo, lines };
    };

    const first = await start();
    try {
      expect(first.lines.find((l) => l.msg.startsWith('preparing the embedded database'))).toMatchObject({
        msg: 'preparing the embedded database (first start): copying the migrated template',
        template: path.join(templateDir, 'pglite'),
        pendingMigrations: 0,
      });
      expect(first.lines.find((l) => l.msg === 'embedded database ready (first start)')).toMatchObject({ migrations: 0 });
      const applied = await first.campo.deps.systemDb.$queryRawUnsafe<Array<{ n: number }>>('SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL');
      const committed = (await readdir(defaultMigrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).length;
      expect(applied[0].n).toBe(committed);
      expect((await first.campo.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok', database: 'pglite' });
      // A write on the copy, read back after a restart.
      await first.campo.deps.systemDb.$executeRawUnsafe(`CREATE TABLE first_start_probe AS SELECT 'kept'::text AS word`);
    } finally {
      await first.campo.app.close();
    }
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.initializing'))).toBe(false);

    const second = await start();
    try {
      expect(second.lines.some((l) => l.msg.startsWith('preparing the embedded database'))).toBe(false);
      const probe = await second.campo.deps.systemDb.$queryRawUnsafe<Array<{ word: string }>>('SELECT word FROM first_start_probe');
      expect(probe).toEqual([{ word: 'kept' }]);
    } finally {
      await second.campo.app.close();
    }
  });

  it('is used only when it matches the code: same PGlite, every migration it holds unchanged; newer migrations run after the copy', async () => {
    const current = currentManifest();
    const at = async (manifest: TemplateManifest) => {
      const dir = await tempDir('template');
      await mkdir(path.join(dir, 'pglite'));
      await writeFile(path.join(dir, 'pglite', 'PG_VERSION'), '17\n');
      await writeFile(manifestPath(dir), JSON.stringify(manifest));
      return checkTemplate(dir, current);
    };
    expect(await at(current)).toMatchObject({ usable: true, missing: 0 });
    expect(await at({ ...current, migrations: current.migrations.slice(0, -2) })).toMatchObject({ usable: true, missing: 2 });
    const edited = current.migrations.map((m, i) => (i === 3 ? { ...m, sha256: '0'.repeat(64) } : m));
    expect(await at({ ...current, migrations: edited })).toEqual({ usable: false, reason: `migration ${current.migrations[3].name} changed or removed since the template was built` });
    expect(await at({ ...current, migrations: [...current.migrations, { name: '29991231000000_other_branch', sha256: 'x' }] })).toMatchObject({ usable: false });
    expect(await at({ ...current, pglite: '0.0.1' })).toMatchObject({ usable: false, reason: expect.stringContaining('PGlite 0.0.1') });
    expect(checkTemplate(await tempDir('no-template'), current)).toMatchObject({ usable: false, reason: expect.stringContaining('no migrated template') });
  });
});

describe('while the database is not ready', () => {
  it('a page answers 503 "CampoBase si sta avviando" (reloading itself), then the client; /healthz waits and answers 200', { timeout: 120_000 }, async () => {
    const clientDir = await tempDir('client');
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await startTestApp({ clientDir }, { waitForDatabase: false });
    try {
      const starting = await t.app.inject({ method: 'GET', url: '/persone', headers: { accept: 'text/html' } });
      expect(starting.statusCode).toBe(503);
      expect(starting.headers['retry-after']).toBe('2');
      expect(starting.headers['content-type']).toMatch(/^text\/html/);
      expect(starting.body).toContain('<h1>CampoBase si sta avviando</h1>');
      expect(starting.body).toContain('Preparazione del database in corso');
      expect(starting.body).toContain('<meta http-equiv="refresh" content="2">');
      // /healthz keeps its meaning: it waits for the database and answers when it is ready.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok', database: t.databaseKind });
      await vi.waitFor(async () => {
        const page = await t.app.inject({ method: 'GET', url: '/persone', headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root">');
      }, { timeout: 10_000, interval: 50 });
    } finally {
      await t.close();
    }
  });
});
