import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { transformAsync } from '@babel/core';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.CAMPOBASE_API_URL ?? 'http://localhost:4000';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build; the server sends them to browsers that
 * accept them (@fastify/static preCompressed). Compressing once at build time, at the highest levels, costs the
 * server nothing per request: the public pages' JavaScript travels at about a third of its size.
 */
function precompress(): Plugin {
  return {
    name: 'campobase-precompress',
    apply: 'build',
    // After the bundle is on disk: every other plugin has finished rewriting the chunks by then.
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => /\.(js|css|html|svg|json)$/.test(fileName))
          .map(async (fileName) => {
            const file = path.join(dir, fileName);
            const source = await readFile(file);
            if (source.length < 1024) return;
            await writeFile(
              `${file}.br`,
              brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            );
            await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * Each `graphql(\`...\`)` call becomes an import of its own document from the generated src/gql/graphql.ts (the
 * client preset's own Babel optimizer): without it every page loaded the preset's map of all the documents (17 kB
 * compressed, growing with each screen). Babel only parses TypeScript and JSX here and prints them back; Vite's
 * own transform strips them afterwards.
 */
function graphqlDocumentImports(): Plugin {
  const artifactDirectory = path.join(root, 'src/gql');
  return {
    name: 'campobase-graphql-document-imports',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(artifactDirectory) || !code.includes('graphql(`')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [[babelOptimizerPlugin, { artifactDirectory, gqlTagName: 'graphql' }]],
        sourceMaps: true,
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

// The client lives in client/; the server serves the build from dist/client.
export default defineConfig({
  root,
  plugins: [graphqlDocumentImports(), react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/graphql': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    // Which chunks each entry and lazy route loads, for the bundle budgets (tests/client/bundle-budget.test.ts):
    // .vite/manifest.json, which the server does not serve (no dotfiles among its routes).
    manifest: true,
    // Vite 8 bundles with Rolldown: bundler options go under build.rolldownOptions (not rollupOptions).
    // Chunks follow the lazy routes (src/app/router.tsx, src/app/public-app.tsx); no manual chunking needed so far:
    // a route's chunk and its shared chunks load side by side (Vite preloads the dependencies of a dynamic import).
    rolldownOptions: {
      output: { chunkFileNames: 'assets/[name]-[hash].js' },
    },
  },
});
