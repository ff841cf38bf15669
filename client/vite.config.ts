import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { transformAsync } from '@babel/core';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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

/** The modules `roots` import statically, transitively: the code that runs before them. */
function closureOf(ctx: Rolldown.ChunkingContext, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    ctx.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  for (const id of roots) visit(id);
  return seen;
}

const src = (file: string) => path.join(root, 'src', file);
/** The public site's pages (app/route-modules.ts, loaded by app/public-app.tsx) and its own lazy parts. */
const PUBLIC_SITE = /[\\/]src[\\/]features[\\/](site|leads)[\\/]/;
const APP_SHELL = ['app/admin-app.tsx', 'app/providers/ui-layout.tsx', 'app/providers/session-layout.tsx', 'app/layouts/admin-layout.tsx'].map(src);
const PEOPLE_LIST = [src('features/people/routes/people-list-page.tsx')];
const LAZY_ROOTS = new Set([...APP_SHELL, ...PEOPLE_LIST]);
/**
 * Libraries stay in the bundler's chunks: merged with the app's code, a library chunk importing the merged one
 * (the UI library's components, its core) would make two chunks import each other and run a module before one
 * it needs. The app's code is most of the files anyway (a module or two each: hooks, documents, small parts).
 */
const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id) || id.startsWith('\0');

/**
 * Fewer, larger chunks where a bookmarked page of the app waits for them (issue 34 point 3). Left alone, the
 * bundler makes one chunk per set of lazy routes sharing code: a cold /athlete asked for 118 files, most under
 * 1 kB, and with the CPU slowed down each file costs its own request, compile and link. Here the app's shell (the
 * app chunk with the data router and the loaders, the UI, session and admin layouts: what every page of the app
 * runs first) becomes one chunk, and what the people lists' page adds to it another. Code that the entry or the
 * public site uses stays where the bundler puts it, so the public pages never load the app's shell.
 */
function appChunks(): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  let groups: { entryOrPublic: Set<string>; shell: Set<string>; peopleList: Set<string> } | undefined;
  return (id, ctx) => {
    if (!groups) {
      // the public site: the entry, its tree, its pages and what they load lazily themselves
      const publicRoots = new Set<string>();
      const addPublic = (module: string) => {
        if (publicRoots.has(module)) return;
        publicRoots.add(module);
        ctx.getModuleInfo(module)?.dynamicallyImportedIds.filter((lazy) => PUBLIC_SITE.test(lazy)).forEach(addPublic);
      };
      const routeModules = ctx.getModuleInfo(src('app/route-modules.ts'))?.dynamicallyImportedIds ?? [];
      [src('main.tsx'), src('app/public-app.tsx'), ...routeModules.filter((lazy) => PUBLIC_SITE.test(lazy))].forEach(addPublic);
      const entryOrPublic = closureOf(ctx, publicRoots);
      groups = { entryOrPublic, shell: closureOf(ctx, APP_SHELL), peopleList: closureOf(ctx, PEOPLE_LIST) };
    }
    // The lazy modules themselves keep chunks of their own (the manifest names them: tests/client/bundle-budget).
    if (groups.entryOrPublic.has(id) || LAZY_ROOTS.has(id) || isLibrary(id)) return null;
    if (groups.shell.has(id)) return 'app-shell';
    if (groups.peopleList.has(id)) return 'people-list';
    return null;
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
    // Chunks follow the lazy routes (src/app/router.tsx, src/app/public-app.tsx): a route's chunk and its shared
    // chunks load side by side (Vite preloads the dependencies of a dynamic import); appChunks() merges the app's
    // own small ones.
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash].js',
        // Only the modules named: their dependencies stay where they are (React in the entry, not in the shell).
        codeSplitting: { groups: [{ name: appChunks(), debugName: 'app chunks', includeDependenciesRecursively: false }] },
      },
    },
  },
});
