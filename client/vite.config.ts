import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { transformAsync } from '@babel/core';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { appChunks } from './build/app-chunks';

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
 *
 * Then each document is a module of its own (`campobase-gql-document:<name>`, read from graphql.ts): a module goes
 * into one chunk whole, so graphql.ts shared by the lazy pages put every page's documents in one chunk that every
 * page loaded first (260 kB of syntax trees). Each is `JSON.parse` of a string, which V8 reads faster than the
 * same object written out.
 */
function graphqlDocumentImports(): Plugin {
  const artifactDirectory = path.join(root, 'src/gql');
  const generated = path.join(artifactDirectory, 'graphql.ts');
  const VIRTUAL = 'campobase-gql-document:';
  let documents: { source: string; byName: Map<string, string> } | undefined;
  const documentJson = async (name: string): Promise<string> => {
    const source = await readFile(generated, 'utf8');
    if (documents?.source !== source) {
      const byName = new Map<string, string>();
      for (const [, found, json] of source.matchAll(/^export const (\w+Document) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)) byName.set(found, json);
      documents = { source, byName };
    }
    const json = documents.byName.get(name);
    if (json === undefined) throw new Error(`${name} is not a document of ${generated}: run npm run codegen`);
    JSON.parse(json); // fails the build on anything but plain JSON
    return json;
  };
  /** `import { A, B as C } from "<…>/gql/graphql"` → one import per document from its own module. */
  const ownModules = (code: string, importer: string) =>
    code.replace(/import \{([^}]+)\} from "([^"]+)";/g, (whole, names: string, specifier: string) => {
      if (!specifier.startsWith('.') || path.resolve(path.dirname(importer), specifier) !== generated.slice(0, -3)) return whole;
      const parts = names.split(',').map((n) => n.trim()).filter(Boolean);
      if (!parts.every((n) => /^\w+Document(\s+as\s+\w+)?$/.test(n))) return whole;
      return parts.map((n) => `import { ${n} } from "${VIRTUAL}${n.split(/\s/)[0]}";`).join(' ');
    });
  return {
    name: 'campobase-graphql-document-imports',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      this.addWatchFile(generated);
      const name = id.slice(VIRTUAL.length + 1);
      return `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(await documentJson(name))});\n`;
    },
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
      // One line for one: the source map's lines still hold.
      return result?.code ? { code: ownModules(result.code, id), map: result.map } : null;
    },
  };
}

/** Where the build goes: the server serves it (dist/client). */
const outDir = path.resolve(root, '../dist/client');
/** Where this build went (`--outDir` may send it elsewhere): the precache reads the build's manifest there. */
let builtTo = outDir;

/** The PWA's icons (client/public/icons, rendered once from the CampoBase mark). */
const PWA_ICONS = [
  { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/pwa-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The modules the personal area needs to start without a network: the entry, the app's chunk, the layouts and its
 * pages (the build's .vite/manifest.json keys). Their chunks, static imports and styles are the service worker's
 * precache, and the lazy chunks of the area's own modules; not the admin area, the public site or their pictures.
 */
const AREA_SHELL = [
  'index.html',
  'src/app/admin-app.tsx',
  'src/app/providers/ui-layout.tsx',
  'src/app/providers/session-layout.tsx',
  'src/app/layouts/area-layout.tsx',
  'src/features/family-area/routes/family-area-page.tsx',
  'src/features/family-area/routes/family-person-page.tsx',
];
const AREA_OWN_MODULES = /^src\/(features\/family-area\/|app\/layouts\/area-layout)/;

type PrecacheEntry = { url: string; size: number; revision: string | null };

/** Workbox's manifest, filtered to the personal area's shell (a missing module fails the build: renamed, say). */
async function areaShellOnly(entries: PrecacheEntry[]) {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };
  const manifest = JSON.parse(await readFile(path.join(builtTo, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>(['index.html', 'manifest.webmanifest', ...PWA_ICONS.map((icon) => icon.src.slice(1))]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the personal area's precache: ${key} is not in the build's manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    chunk.imports?.forEach(visit);
    if (AREA_OWN_MODULES.test(key)) chunk.dynamicImports?.forEach(visit);
  };
  AREA_SHELL.forEach(visit);
  return { manifest: entries.filter((entry) => files.has(entry.url.replace(/^\//, ''))), warnings: [] };
}

/**
 * The personal area as an installable app (issue 36 point 4): the web app manifest (start at /area) and a service
 * worker whose scope is /area, registered by the area's pages only (features/family-area/installable-area.ts). It
 * precaches the area's shell and answers the area's addresses with index.html, so an offline start shows the area's
 * offline notice; the API, GraphQL and stored files always go to the network.
 */
const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/area',
    name: 'CampoBase',
    short_name: 'CampoBase',
    description: 'L’area personale di soci e genitori: dati, tessere, certificati medici e consensi, dal telefono.',
    lang: 'it',
    dir: 'ltr',
    start_url: '/area',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#15803d',
    background_color: '#ffffff',
    icons: PWA_ICONS,
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
    globIgnores: ['**/*.br', '**/*.gz', 'hero/**'],
    manifestTransforms: [areaShellOnly],
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/area(\/|$)/],
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/graphql/, /^\/files\//, /^\/healthz/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    // The notices' web push (client/public/sw-push.js): shows a pushed notice, a click opens the area.
    importScripts: ['/sw-push.js'],
  },
};

/**
 * vite-plugin-pwa writes the manifest's link into index.html, so every page (the public site, the admin) would offer
 * to install an app that starts at /area: the area's pages add the link themselves instead.
 */
function manifestLinkOnlyInTheArea(): Plugin {
  return {
    name: 'campobase-manifest-link-only-in-the-area',
    apply: 'build',
    // after vite-plugin-pwa's own (post) hook, which writes the link
    enforce: 'post',
    configResolved(config) {
      builtTo = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: { order: 'post', handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, '') },
  };
}

// The client lives in client/; the server serves the build from dist/client.
export default defineConfig({
  root,
  plugins: [graphqlDocumentImports(), react(), precompress(), VitePWA(pwaOptions), manifestLinkOnlyInTheArea()],
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
    outDir,
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
    // chunks load side by side (Vite preloads the dependencies of a dynamic import); build/app-chunks.ts merges
    // what every page of the app runs first, and what the most visited pages add to it, into a chunk each.
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              debugName: 'app chunks',
              name: appChunks(path.join(root, 'src'), [
                { name: 'app', roots: ['app/admin-app.tsx', 'app/providers/ui-layout.tsx', 'app/providers/session-layout.tsx'] },
                { name: 'admin', roots: ['app/layouts/admin-layout.tsx'] },
                { name: 'people-list', roots: ['features/people/routes/people-list-page.tsx'] },
              ]),
              // each group is already a whole closure (minus the public site's modules, which must stay apart)
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
