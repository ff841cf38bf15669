// Which script a worker thread runs: the bundle in dist/workers (scripts/build-workers.ts, part of npm run build)
// when it was built from the sources as they are now, else the TypeScript source through tsx, as the server runs.
// A worker started through tsx spends 0.3-1 s loading it before its first line; bundled, about 0.1 s.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WORKERS_DIR = path.join(ROOT, 'dist', 'workers');

/** The worker threads' entry files (relative to the project's root). */
export const WORKER_SOURCES = [
  'server/modules/imports/workbook-worker.ts',
  'server/modules/exports/xlsx-export-worker.ts',
  'server/modules/seasons/register-export-worker.ts',
] as const;

export interface WorkersManifest {
  /** when the build started (ms since the epoch): a source changed after it is newer than its bundle */
  builtAt: number;
  /** the project's files the bundles hold, relative to the root */
  inputs: string[];
}

/** Whether every source a manifest lists is still there and no newer than the build. */
export function bundlesMatchSources(manifest: WorkersManifest, root = ROOT): boolean {
  try {
    return manifest.inputs.length > 0 && manifest.inputs.every((file) => statSync(path.join(root, file)).mtimeMs <= manifest.builtAt);
  } catch {
    return false; // a source gone
  }
}

let bundlesFresh: boolean | undefined;

/** Read once per process: a source edited later (tsx watch restarts the process) is seen by the next one. */
function bundlesAreFresh(): boolean {
  if (bundlesFresh !== undefined) return bundlesFresh;
  try {
    const manifest = JSON.parse(readFileSync(path.join(WORKERS_DIR, 'manifest.json'), 'utf8')) as WorkersManifest;
    bundlesFresh = bundlesMatchSources(manifest);
  } catch {
    bundlesFresh = false; // no build
  }
  return bundlesFresh;
}

/** `new Worker(script.url, { execArgv: script.execArgv, … })` for the worker whose TypeScript source is `source`. */
export function workerScript(source: URL): { url: URL; execArgv: string[] } {
  const built = path.join(WORKERS_DIR, `${path.basename(fileURLToPath(source), '.ts')}.mjs`);
  if (bundlesAreFresh() && existsSync(built)) return { url: pathToFileURL(built), execArgv: [] };
  return { url: source, execArgv: ['--import', 'tsx'] };
}
