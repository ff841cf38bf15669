// Worker threads start from the build's bundles (scripts/build-workers.ts) only while those match the sources; a
// source edited after the build sends them back to the TypeScript through tsx.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { bundlesMatchSources, WORKER_SOURCES, WORKERS_DIR, workerScript, type WorkersManifest } from '../../../server/lib/worker-script';

const root = path.resolve(import.meta.dirname, '../../..');

describe('worker scripts', () => {
  it('a manifest matches while its sources are no newer than the build, and not once one changed or went', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campobase-workers-'));
    mkdirSync(path.join(dir, 'server'));
    writeFileSync(path.join(dir, 'server/a.ts'), 'export {};');
    writeFileSync(path.join(dir, 'server/b.ts'), 'export {};');
    const builtAt = Date.now() + 60_000;
    const manifest: WorkersManifest = { builtAt, inputs: ['server/a.ts', 'server/b.ts'] };
    expect(bundlesMatchSources(manifest, dir)).toBe(true);
    utimesSync(path.join(dir, 'server/b.ts'), new Date(builtAt + 1_000), new Date(builtAt + 1_000));
    expect(bundlesMatchSources(manifest, dir)).toBe(false);
    expect(bundlesMatchSources({ builtAt, inputs: ['server/a.ts', 'server/gone.ts'] }, dir)).toBe(false);
    expect(bundlesMatchSources({ builtAt, inputs: [] }, dir)).toBe(false);
  });

  it.runIf(existsSync(path.join(WORKERS_DIR, 'manifest.json')))('the build bundles every worker, from the sources as they are, and a bundle runs', async () => {
    const manifest = JSON.parse(readFileSync(path.join(WORKERS_DIR, 'manifest.json'), 'utf8')) as WorkersManifest;
    for (const source of WORKER_SOURCES) expect(manifest.inputs).toContain(source);
    // npm test builds first when a source changed (scripts/build-stamp.ts), so the bundles match here
    expect(bundlesMatchSources(manifest)).toBe(true);
    const script = workerScript(new URL(`file://${path.join(root, 'server/modules/imports/workbook-worker.ts')}`));
    expect(fileURLToPath(script.url)).toBe(path.join(WORKERS_DIR, 'workbook-worker.mjs'));
    expect(script.execArgv).toEqual([]);
    const csv = Buffer.from('Nome;Cognome\nAnna;Rossi\n');
    const limits = { maxRows: 10, maxZipEntries: 10, maxUncompressedBytes: 1_000_000, workerHeapMb: 128 };
    const answer = await new Promise<unknown>((resolve, reject) => {
      const worker = new Worker(script.url, { workerData: { content: csv, format: 'csv', limits, options: {} }, execArgv: script.execArgv });
      worker.once('message', (message) => {
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', reject);
    });
    expect(answer).toMatchObject({ table: { headers: ['Nome', 'Cognome'], rows: [{ cells: ['Anna', 'Rossi'], line: 2 }] } });
  });
});
