// Prisma's schema engine compiled to WebAssembly, driven through a driver adapter: migrations run
// without the native engine binary the Prisma CLI would download (there is no network here).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';

export type { SchemaEngine };
export type Glue = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

/** A Prisma schema file as the engine wants it: [file name, content]. */
export type SchemaFile = [fileName: string, content: string];

export class SchemaEngineError extends Error {
  override name = 'SchemaEngineError';
}

const debugEnabled = /(^|[\s,])(\*|prisma[^\s,]*|schema-engine)([\s,]|$)/.test(process.env.DEBUG ?? '');

// The engine reports Rust panics here (glue code calls `global.PRISMA_WASM_PANIC_REGISTRY.set_message`).
const panicRegistry = { message: undefined as string | undefined, set_message(m: string) { this.message = m; } };
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panicRegistry }).PRISMA_WASM_PANIC_REGISTRY ??= panicRegistry;

/**
 * Process-wide, not module-wide: the glue module is one per process (Node's own import), while this file may be
 * loaded more than once (each vitest project's global setup has its own module graph). A second instantiation
 * would swap the wasm under an engine that is still running, and two engines at once on one instance corrupt it.
 */
const shared = ((globalThis as { [key: symbol]: unknown })[Symbol.for('campobase.schemaEngine')] ??= {
  gluePromise: undefined,
  queue: Promise.resolve(),
}) as { gluePromise: Promise<Glue> | undefined; queue: Promise<void> };

/**
 * Instantiates the wasm module once per process. The package's main entry imports the `.wasm` as an ES
 * module (unsupported on Node 20) and does not export the file, so it is read from beside the glue code.
 */
export function loadSchemaEngine(): Promise<Glue> {
  shared.gluePromise ??= (async () => {
    const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const gluePath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': engineImports(glue) });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start(): void };
    glue.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return glue;
  })().catch((error: unknown) => {
    shared.gluePromise = undefined;
    throw new SchemaEngineError(`Could not load @prisma/schema-engine-wasm: ${messageOf(error)}`, { cause: error });
  });
  return shared.gluePromise;
}

// The engine races its advisory-lock wait against a 10 s timer it never clears: an unref'd timer lets a
// finished process exit instead of idling those 10 s (PGlite and pg keep the process alive while working).
function engineImports(glue: Glue): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = { ...(glue as unknown as WebAssembly.ModuleImports) };
  for (const key of Object.keys(imports).filter((name) => name.startsWith('__wbg_setTimeout_'))) {
    imports[key] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
  }
  return imports;
}

/**
 * Runs `fn` with a fresh engine on `adapterFactory`, then frees the engine and disposes every connection it
 * opened (the engine does not, and an open pg pool would keep the process alive). Engine failures are
 * rethrown as SchemaEngineError with the database's message.
 */
export function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: SchemaFile[] | undefined,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  // One engine at a time per process: two engines working at once on the one wasm instance corrupt its state and
  // panic with an empty message (seen when the test run migrated its PGlite and PostgreSQL templates together).
  const run = shared.queue.then(() => runSchemaEngine(adapterFactory, schemaFiles, fn));
  shared.queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

async function runSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: SchemaFile[] | undefined,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const glue = await loadSchemaEngine();
  const tracked = trackConnections(adapterFactory);
  const bound = bindMigrationAwareSqlAdapterFactory(tracked.factory);
  let engine: SchemaEngine | undefined;
  try {
    engine = await glue.SchemaEngine.new({ datamodels: schemaFiles }, onEngineLog, bound);
    return await fn(engine);
  } catch (error) {
    throw toEngineError(error, bound.errorRegistry);
  } finally {
    try {
      engine?.free();
    } catch {
      // A panicked instance cannot even be freed; the next load starts a new one.
    }
    await tracked.disposeAll();
  }
}

function onEngineLog(line: string): void {
  if (debugEnabled) process.stderr.write(`[schema-engine] ${line.endsWith('\n') ? line : `${line}\n`}`);
}

function trackConnections(factory: SqlMigrationAwareDriverAdapterFactory) {
  const open = new Set<SqlDriverAdapter>();
  const track = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    const dispose = adapter.dispose.bind(adapter);
    let disposed: Promise<void> | undefined;
    adapter.dispose = () => (disposed ??= (open.delete(adapter), dispose()));
    open.add(adapter);
    return adapter;
  };
  const wrapped: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
  };
  return {
    factory: wrapped,
    disposeAll: async () => {
      await Promise.allSettled([...open].map((adapter) => adapter.dispose()));
    },
  };
}

type ErrorRegistry = ReturnType<typeof bindMigrationAwareSqlAdapterFactory>['errorRegistry'];

function toEngineError(error: unknown, registry: ErrorRegistry): Error {
  if (error instanceof SchemaEngineError) return error;
  if (error instanceof WebAssembly.RuntimeError) {
    // After a panic the instance is unusable: drop it so the next call instantiates a new one.
    shared.gluePromise = undefined;
    const reason = panicRegistry.message ?? error.message;
    panicRegistry.message = undefined;
    return new SchemaEngineError(`Schema engine panicked: ${reason}`, { cause: error });
  }
  // A JS error raised inside the adapter is kept in the registry; the engine only reports "External error id#N".
  const match = /External error id#(\d+)/.exec(messageOf(error));
  const jsError = match ? registry.consumeError(Number(match[1]))?.error : undefined;
  if (jsError !== undefined) return new SchemaEngineError(messageOf(jsError), { cause: jsError });
  return new SchemaEngineError(messageOf(error), { cause: error });
}

// Engine messages end with a Rust span trace ("   0: some_crate::fn … at file.rs:113"): keep only the
// migration it names, if any.
function messageOf(error: unknown): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null && 'message' in error
        ? String(error.message)
        : String(error);
  const traceStart = message.search(/\n\s*0: \w+::/);
  if (traceStart < 0) return message.trim();
  const text = message.slice(0, traceStart).trim();
  const migration = /migration_name="([^"]+)"/.exec(message.slice(traceStart))?.[1];
  return migration && !text.includes(migration) ? `Migration \`${migration}\`: ${text}` : text;
}
