// The client's size budgets (issue 34 point 3), read from the build's manifest (`npm run build` first; CLIENT_DIR
// points at another build): the JavaScript the public home page loads stays under 100 kB gzip, the app's shell
// (entry, data router, Apollo, UI library, session and admin layouts) under 300 kB, a people list in few files
// without the form's code, and the public site loads neither the router library nor Apollo (it has a tree of its
// own, client/src/app/public-app.tsx).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = path.resolve(process.env.CLIENT_DIR ?? path.join(root, 'dist', 'client'));
const manifestFile = path.join(clientDir, '.vite', 'manifest.json');

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

const PUBLIC_HOME_BUDGET_KB = 100;
const ADMIN_SHELL_BUDGET_KB = 300;
/**
 * Script files of a bookmarked people list (shell and page) before its first rows: 111 on 30 November, most of them
 * under 1 kB, each fetched over one of the browser's six HTTP/1.1 connections; 13 since 2 December, with what every
 * page of the app runs first, the admin layout and the list page's own code in a chunk each (client/build/app-chunks.ts).
 */
const MAX_PEOPLE_LIST_FILES = 16;

/** Every chunk `keys` load before running: themselves and their static imports, transitively. */
function closure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build's manifest: ${key}`);
    seen.add(key);
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length, 0) / 1000;

/** Whether any of the files holds `text` (a string the minifier keeps: an error message, a header name). */
const anyHolds = (files: Iterable<string>, text: string) => [...files].some((file) => readFileSync(path.join(clientDir, file), 'utf8').includes(text));

describe.runIf(existsSync(manifestFile))('bundle budgets (the built client)', () => {
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>) : {};
  const publicHome = closure(manifest, ['index.html', 'src/features/site/public-layout.tsx', 'src/features/site/home/home-page.tsx']);
  const adminShellKeys = [
    'index.html',
    'src/app/admin-app.tsx',
    'src/app/providers/ui-layout.tsx',
    'src/app/providers/session-layout.tsx',
    'src/app/layouts/admin-layout.tsx',
  ];
  const adminShell = closure(manifest, adminShellKeys);

  it(`the public home page loads under ${PUBLIC_HOME_BUDGET_KB} kB of JavaScript (gzip)`, () => {
    const kb = gzipKb(publicHome);
    console.log(`public home: ${kb.toFixed(1)} kB gzip in ${publicHome.size} files`);
    expect(kb).toBeLessThan(PUBLIC_HOME_BUDGET_KB);
  });

  it(`the app's shell loads under ${ADMIN_SHELL_BUDGET_KB} kB of JavaScript (gzip)`, () => {
    const kb = gzipKb(adminShell);
    console.log(`admin shell: ${kb.toFixed(1)} kB gzip in ${adminShell.size} files`);
    expect(kb).toBeLessThan(ADMIN_SHELL_BUDGET_KB);
  });

  it('the public home page loads neither the router library nor Apollo; the app does', () => {
    // React Router's blocker warning and Apollo's error address survive minification (not a chunk's file name,
    // which the entry lists: a chunk may be named after an Apollo module).
    const routerText = 'A router only supports one blocker at a time';
    const apolloText = 'go.apollo.dev';
    expect(anyHolds(adminShell, routerText) || anyHolds(closure(manifest, ['src/app/router.tsx']), routerText)).toBe(true);
    expect(anyHolds(publicHome, routerText)).toBe(false);
    expect(anyHolds(adminShell, apolloText)).toBe(true);
    expect(anyHolds(publicHome, apolloText)).toBe(false);
  });

  it("a bookmarked people list loads few files, and not the person form's code before its first rows", () => {
    // the page's panel, dialogs and selection bar are lazy (people-list-page.tsx): they are not before the rows.
    const page = closure(manifest, [...adminShellKeys, 'src/features/people/routes/people-list-page.tsx']);
    console.log(`people list: ${gzipKb(page).toFixed(1)} kB gzip in ${page.size} files`);
    expect(page.size).toBeLessThanOrEqual(MAX_PEOPLE_LIST_FILES);
    // the form's chunk: its own, or one it shares with another lazy page (the dashboard's new-person dialog)
    const panelFiles = Object.values(manifest).map((chunk) => chunk.file).filter((file) => /person-form-panel/.test(file));
    expect(panelFiles.length).toBeGreaterThan(0);
    expect(panelFiles.filter((file) => page.has(file))).toEqual([]);
  });

  it('the app starts the first query after two waves of scripts: the entry, then the app chunk and its imports', () => {
    // The entry imports the app's chunk dynamically; that chunk holds the routes' loaders (app/route-data.ts), so
    // Apollo and the first queries' documents are its static imports, preloaded with it: no third wave before
    // the first request. The layouts and the page come as lazy chunks, in parallel with that request.
    const entry = manifest['index.html'];
    expect(entry?.dynamicImports).toContain('src/app/admin-app.tsx');
    expect(anyHolds(closure(manifest, ['src/app/admin-app.tsx']), 'PeopleListPage_People')).toBe(true);
  });
});

describe.runIf(existsSync(manifestFile))('chunks (the built client)', () => {
  it('no chunk imports itself through others: each runs after every chunk it needs', () => {
    // a cycle between chunks lets one run before a module it needs (the merged chunks of 28 November did)
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (key: string, path: string[]) => {
      if (done.has(key)) return;
      if (path.includes(key)) {
        cycles.push([...path.slice(path.indexOf(key)), key].join(' -> '));
        return;
      }
      manifest[key]?.imports?.forEach((imported) => visit(imported, [...path, key]));
      done.add(key);
    };
    Object.keys(manifest).forEach((key) => visit(key, []));
    expect(cycles).toEqual([]);
    expect(Object.keys(manifest).length).toBeGreaterThan(10);
  });
});

it('the budgets need a build', () => {
  if (!existsSync(manifestFile)) console.warn(`No ${manifestFile}: run \`npm run build\` to check the bundle budgets.`);
  expect(true).toBe(true);
});
