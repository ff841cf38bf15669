// Bundles the server's worker threads (an import's workbook reader, the XLSX export writer, the libro soci's PDF)
// into dist/workers/*.mjs, so a worker starts without loading tsx first: 0.4-0.5 s of CPU per start through tsx,
// 0.12-0.14 s bundled (idle machine, a two-row workbook). The project's own TypeScript is bundled; packages stay
// imports of node_modules (pdfmake reads its fonts from its own folder). dist/workers/manifest.json lists the
// sources bundled and when: server/lib/worker-script.ts uses a bundle only while none of them changed since.
//   tsx scripts/build-workers.ts        (part of npm run build)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { WORKER_SOURCES, WORKERS_DIR, type WorkersManifest } from '../server/lib/worker-script';

const root = path.resolve(import.meta.dirname, '..');
const startedAt = Date.now();
const inputs = new Set<string>();

/** Records the project's files each bundle holds. */
const recordInputs: Plugin = {
  name: 'campobase-worker-inputs',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of chunk.moduleIds) if (id.startsWith(root) && !id.includes('/node_modules/')) inputs.add(path.relative(root, id));
    }
  },
};

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [recordInputs],
  build: {
    ssr: true,
    outDir: WORKERS_DIR,
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      input: Object.fromEntries(WORKER_SOURCES.map((source) => [path.basename(source, '.ts'), path.join(root, source)])),
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'shared-[hash].mjs' },
    },
  },
});

const manifest: WorkersManifest = { builtAt: startedAt, inputs: [...inputs].sort() };
writeFileSync(path.join(WORKERS_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`dist/workers: ${WORKER_SOURCES.length} workers bundled from ${manifest.inputs.length} sources`);
