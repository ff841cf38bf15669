// `npm run build` (and so `npm install`): the migrated empty embedded database a new DATA_DIR starts as a copy of
// (server/db/database-template.ts), in dist/database. Nothing to do when the one there matches the migrations and
// the PGlite release; otherwise it is built beside and swapped in (a few seconds to half a minute: initdb and every
// migration, once here instead of at each first start).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAdapterFactory } from '../server/db/adapters';
import { currentManifest, manifestPath, sameManifest, templateDataDir, type TemplateManifest } from '../server/db/database-template';
import { applyPendingMigrations, repoRoot } from '../server/db/migrate';

const target = path.join(repoRoot, 'dist', 'database');
const manifest = currentManifest();

const built = await readFile(manifestPath(target), 'utf8').then((text) => JSON.parse(text) as TemplateManifest, () => undefined);
if (built && sameManifest(built, manifest) && existsSync(path.join(templateDataDir(target), 'PG_VERSION'))) {
  console.log(`dist/database: migrated template up to date (${manifest.migrations.length} migrations)`);
  process.exit(0);
}

const started = performance.now();
const work = `${target}.building-${process.pid}`;
await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
const factory = createAdapterFactory({ kind: 'pglite', dataDir: templateDataDir(work) });
try {
  await factory.pglite!.waitReady;
  await applyPendingMigrations(factory);
} finally {
  await factory.close(); // a clean shutdown: the copy opens without recovery
}
await writeFile(manifestPath(work), `${JSON.stringify(manifest, null, 2)}\n`);
await rm(target, { recursive: true, force: true });
await rename(work, target);
console.log(`dist/database: migrated template built (${manifest.migrations.length} migrations) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
