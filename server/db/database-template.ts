// A new embedded database starts as a copy of an already migrated one, built once by `npm run build`
// (scripts/build-database-template.ts, into dist/database): PGlite's own first start (initdb in WebAssembly, then
// the 29+ migrations through the schema engine) took 15-30 s on a busy machine; copying the folder takes well under
// one. The migrations still run after the copy and apply only what the template lacks.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultMigrationsDir } from './migrate';

const MANIFEST = 'manifest.json';
const DATA = 'pglite';

/** What a template was built from: the PGlite release (its file format) and each migration's name and content. */
export interface TemplateManifest {
  pglite: string;
  migrations: Array<{ name: string; sha256: string }>;
}

export function currentManifest(migrationsDir = defaultMigrationsDir): TemplateManifest {
  const version = pgliteVersion();
  const names = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()
    : [];
  const migrations = names.map((name) => ({
    name,
    sha256: createHash('sha256').update(readFileSync(path.join(migrationsDir, name, 'migration.sql'))).digest('hex'),
  }));
  return { pglite: version, migrations };
}

/** The installed PGlite's version (its package.json is not exported: found from its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

export type TemplateCheck = { usable: true; dataDir: string; missing: number } | { usable: false; reason: string };

/**
 * Whether the template in `templateDir` may seed a new database for this code: built by the same PGlite, and every
 * migration it holds is still in the folder unchanged (a template from another branch would hold a schema the
 * migrations cannot reach). Migrations added since the build are fine: they run after the copy (`missing`).
 */
export function checkTemplate(templateDir: string, current = currentManifest()): TemplateCheck {
  let built: TemplateManifest;
  try {
    built = JSON.parse(readFileSync(path.join(templateDir, MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return { usable: false, reason: `no migrated template in ${templateDir} (built by npm run build)` };
  }
  const dataDir = path.join(templateDir, DATA);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) return { usable: false, reason: `${dataDir} is incomplete` };
  if (built.pglite !== current.pglite) return { usable: false, reason: `template built by PGlite ${built.pglite}, this is ${current.pglite}` };
  const now = new Map(current.migrations.map((m) => [m.name, m.sha256]));
  const changed = built.migrations.find((m) => now.get(m.name) !== m.sha256);
  if (changed) return { usable: false, reason: `migration ${changed.name} changed or removed since the template was built` };
  return { usable: true, dataDir, missing: current.migrations.length - built.migrations.length };
}

export function sameManifest(a: TemplateManifest, b: TemplateManifest): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const manifestPath = (templateDir: string) => path.join(templateDir, MANIFEST);
export const templateDataDir = (templateDir: string) => path.join(templateDir, DATA);

/**
 * Copies a template's database folder into `dataDir` when that is absent or empty; false otherwise. The caller has
 * marked the first start (pglite-guard.ts guardFirstStart), so a copy cut short is moved aside at the next start,
 * like PGlite's own first start cut short.
 */
export function copyTemplate(templateData: string, dataDir: string): boolean {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  cpSync(templateData, dataDir, { recursive: true, force: false, errorOnExist: true });
  return true;
}
