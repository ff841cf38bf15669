// Fewer, larger script files where a bookmarked page of the app waits for them (issue 34 point 3). Left alone, the
// bundler makes one chunk per set of lazy routes sharing code: a cold /athlete asked for 111 files, most under 1 kB
// (Chakra's parts, one hook, one document each), and the browser fetches them over six HTTP/1.1 connections, each
// file with its own request, compile, link and `<link rel=modulepreload>`. Here what every page of the app runs first
// becomes one chunk ("app": the app's chunk with the router and the loaders, the UI and session layouts, libraries
// included), the admin layout another ("admin"), and the people lists' page one for what it adds (the page most
// bookmarked). A page's group also takes what the page shares with other pages, which then load its chunk: a group
// for every page would make each page load several others', so the rest stay in the bundler's chunks.
//
// Why libraries go in too (a first attempt on 28 November merged only the app's own code and ran modules out of
// order): a chunk of the bundler's that held a library module imported the merged chunk and was imported by it, so
// one of them ran before a module it needed. Every group here is a whole static closure minus what earlier groups
// and the public site took, so a group's chunk imports only earlier groups' chunks and the public site's, and those
// never import it back: no cycle between chunks, whatever the modules.
import path from 'node:path';
import type { Rolldown } from 'vite';

type Context = Rolldown.ChunkingContext;

/** What a module asks of another: named bindings, or everything ('*': a namespace, a side effect we cannot see). */
type Wanted = Set<string> | '*';

/** A static `import … from` / `export … from` / `import '…'` of a module's code, with the names it takes. */
interface StaticEdge {
  specifier: string;
  /** exported names asked of the target ('*' for all); `as` maps them to this module's names (re-exports) */
  names: Map<string, string> | '*';
  /** the names an import binds in this module (the namespace's name for `import * as ns` and `export * as ns`) */
  locals: string[];
  reexport: boolean;
}

const EDGE = /(?:^|[;\n])\s*(import|export)\s*([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;

/** The static edges of a module's code (ESM as the bundler reads it after the transforms). */
function edgesOf(code: string): StaticEdge[] {
  const edges: StaticEdge[] = [];
  for (const [, keyword, clause, specifier, sideEffect] of code.matchAll(EDGE)) {
    if (sideEffect) {
      edges.push({ specifier: sideEffect, names: new Map(), locals: [], reexport: false });
      continue;
    }
    const braces = /\{([^}]*)\}/.exec(clause ?? '');
    const named = new Map<string, string>();
    for (const part of braces?.[1]?.split(',') ?? []) {
      const [imported, local] = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
      if (imported) named.set(imported, local ?? imported);
    }
    const rest = (clause ?? '').replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
    // `import X from` takes the default export; `* as`, `export *` and anything unread take everything
    if (rest && /^[\w$]+$/.test(rest) && keyword === 'import') named.set('default', rest);
    const everything = /\*/.test(rest) || (rest !== '' && !/^[\w$]+$/.test(rest)) || (keyword === 'export' && !braces && !rest);
    const namespace = /\*\s*as\s+([\w$]+)/.exec(rest)?.[1];
    const locals = namespace ? [namespace] : [...named.values()];
    edges.push({ specifier: specifier ?? '', names: everything ? '*' : named, locals, reexport: keyword === 'export' });
  }
  return edges;
}

/**
 * A module made only of re-exports (a library's index), possibly through a namespace (`import * as ns from …;
 * export { ns as Menu };`): only the parts whose names are asked for run. Returns its local exports (local name →
 * exported names), or undefined for any other module.
 */
function barrelExports(code: string): Map<string, string[]> | undefined {
  const locals = new Map<string, string[]>();
  const lines = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\{[^}]*\}/g, (list) => list.replace(/\s+/g, ' '))
    .split('\n');
  for (const line of lines) {
    if (/^\s*(?:$|["']use strict["'];?$|\/\/|(?:import|export)\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"][^'"]+['"];?$)/.test(line)) continue;
    const local = /^\s*export\s*\{([^}]*)\};?$/.exec(line);
    if (!local) return undefined;
    for (const part of (local[1] ?? '').split(',')) {
      const [name, exported] = part.trim().split(/\s+as\s+/);
      if (name) locals.set(name, [...(locals.get(name) ?? []), exported ?? name]);
    }
  }
  return locals;
}

/** Which of `importer`'s resolved imports a specifier names (a relative path, or a package and its subpath). */
function targetsOf(importer: string, importedIds: readonly string[], specifier: string): string[] {
  if (specifier.startsWith('.')) {
    const base = path.resolve(path.dirname(importer), specifier).replace(/\.(m?js|tsx?)$/, '');
    return importedIds.filter((id) => id.replace(/\?.*$/, '').replace(/(\/index)?\.(m?js|tsx?|jsx)$/, '') === base.replace(/\/index$/, ''));
  }
  const [, bare = specifier, subpath = ''] = /^(@[^/]+\/[^/]+|[^@/][^/]*)(?:\/(.*))?$/.exec(specifier) ?? [];
  const inPackage = importedIds.filter((id) => id.includes(`/node_modules/${bare}/`) || id === specifier);
  if (!subpath || inPackage.length <= 1) return inPackage;
  // `@ark-ui/react/tabs`: the package's export map sends it to a file named after the subpath's last part
  const last = subpath.split('/').pop()!;
  const named = inPackage.filter((id) => id.slice(id.lastIndexOf(`/node_modules/${bare}/`)).includes(`/${last}/`) || new RegExp(`/${last}\\.[mc]?js$`).test(id));
  return named.length > 0 ? named : inPackage;
}

/**
 * The modules `roots` import statically, transitively: the code that runs before them. A library's index of
 * re-exports is followed only for the names asked of it (Chakra's index names all of Chakra, and the app's shell
 * uses a third); an import this cannot read is followed whole, so the set errs on the side of more.
 */
function closureOf(ctx: Context, roots: Iterable<string>): Set<string> {
  const wanted = new Map<string, Wanted>();
  const queue: string[] = [];
  const want = (id: string, names: Wanted) => {
    const had = wanted.get(id);
    if (had === '*') return;
    if (had === undefined || names === '*') {
      wanted.set(id, names === '*' ? '*' : new Set(names));
      queue.push(id);
      return;
    }
    const before = had.size;
    for (const name of names) had.add(name);
    if (had.size > before) queue.push(id);
  };
  for (const id of roots) want(id, '*');
  while (queue.length > 0) {
    const id = queue.pop()!;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    const names = wanted.get(id) ?? '*';
    const code = info.code ?? '';
    const barrel = names === '*' ? undefined : barrelExports(code);
    const asks = (name: string) => names !== '*' && names.has(name);
    const reached = new Set<string>();
    for (const edge of code ? edgesOf(code) : []) {
      const targets = targetsOf(id, info.importedIds, edge.specifier);
      targets.forEach((target) => reached.add(target));
      if (barrel) {
        if (!edge.reexport) {
          // `import * as ns from …` (or named) re-exported by `export { ns as Name }`
          const used = edge.locals.filter((local) => barrel.get(local)?.some(asks));
          if (used.length === 0) continue;
          const asked = edge.names === '*' ? '*' : new Set([...edge.names].filter(([, local]) => used.includes(local)).map(([imported]) => imported));
          targets.forEach((target) => want(target, asked));
          continue;
        }
        if (edge.names === '*') {
          // `export * as ns from` (its one local): everything, if ns is asked; `export * from`: whatever is asked
          const [namespace] = edge.locals;
          if (namespace === undefined) targets.forEach((target) => want(target, names));
          else if (asks(namespace)) targets.forEach((target) => want(target, '*'));
          continue;
        }
        const asked = [...edge.names].filter(([, exported]) => asks(exported)).map(([imported]) => imported);
        if (asked.length > 0) targets.forEach((target) => want(target, new Set(asked)));
        continue;
      }
      targets.forEach((target) => want(target, edge.names === '*' ? '*' : new Set(edge.names.keys())));
    }
    // what the code's statements did not account for (a helper the bundler added, an unread form) is followed whole
    if (!barrel) for (const target of info.importedIds) if (!reached.has(target)) want(target, '*');
  }
  return new Set(wanted.keys());
}

/** The public site's pages and their own lazy parts (app/route-modules.ts, loaded by app/public-app.tsx). */
const PUBLIC_SITE = /[\\/]src[\\/]features[\\/](site|leads)[\\/]/;

/** A group: a chunk's name and the lazy modules whose static closure it takes (after the groups before it). */
export interface AppChunkGroup {
  name: string;
  roots: string[];
}

/**
 * `rolldownOptions.output.codeSplitting.groups[].name`: each module of a group's closure gets the group's name,
 * except the public site's modules (the entry, its tree, its pages: they stay in the bundler's chunks, so the public
 * pages never load the app) and the lazy modules that only lazy imports reach (the manifest names their chunks; each
 * is a small chunk that imports its group's).
 */
export function appChunks(srcDir: string, groups: AppChunkGroup[]): (id: string, ctx: Context) => string | null {
  let byModule: Map<string, string> | undefined;
  const src = (file: string) => path.join(srcDir, file);
  return (id, ctx) => {
    byModule ??= assign(ctx);
    return byModule.get(id) ?? null;
  };

  function assign(ctx: Context): Map<string, string> {
    const publicRoots = new Set<string>();
    const addPublic = (module: string) => {
      if (publicRoots.has(module)) return;
      publicRoots.add(module);
      ctx.getModuleInfo(module)?.dynamicallyImportedIds.filter((lazy) => PUBLIC_SITE.test(lazy)).forEach(addPublic);
    };
    const routeModules = ctx.getModuleInfo(src('app/route-modules.ts'))?.dynamicallyImportedIds ?? [];
    if (routeModules.length === 0) throw new Error('app chunks: app/route-modules.ts not found or without lazy routes');
    [src('main.tsx'), src('app/public-app.tsx'), ...routeModules.filter((lazy) => PUBLIC_SITE.test(lazy))].forEach(addPublic);
    const taken = closureOf(ctx, publicRoots);
    const result = new Map<string, string>();
    for (const group of groups) {
      const roots = group.roots.map(src);
      for (const root of roots) if (!ctx.getModuleInfo(root)) throw new Error(`app chunks: ${root} is not a module of the build`);
      for (const id of closureOf(ctx, roots)) {
        if (taken.has(id)) continue;
        taken.add(id);
        const info = ctx.getModuleInfo(id);
        // a lazy module that nothing imports statically keeps a chunk of its own
        if (info && !(info.dynamicImporters.length > 0 && info.importers.length === 0)) result.set(id, group.name);
      }
    }
    return result;
  }
}

