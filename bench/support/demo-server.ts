// The real server on the demo club, as the load benchmarks drive it: a throwaway database (throwaway-database.ts),
// the demo club loaded by its script, `server/index.ts` started in its own process as in production (the load
// generator does not share its event loop), the demo owner signed in. Stopped and dropped afterwards, also on failure.
import type { ChildProcess } from 'node:child_process';
import { log, throwawayDatabase, type ThrowawayDatabase } from '../throwaway-database';
import { signIn } from './load';
import { freePort, runScript, startServer, stopServer } from './server-process';

/**
 * The server's settings for a benchmark: `target`'s database (PostgreSQL, or PGlite in its directory) on 127.0.0.1:`port`,
 * errors only in the log, and throttles that do not bite.
 */
export function benchServerEnv(target: ThrowawayDatabase, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: target.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    // The benchmark signs in once and sends thousands of requests from one address: no throttle may bite.
    RATE_LIMIT_FACTOR: '1000',
  };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  // Replicas are what a bench asks for itself (bench:replica), never inherited.
  delete env.DATABASE_REPLICA_URLS;
  return env;
}

/**
 * Runs `work` against the server (its URL, the owner's headers, its process); null, without running it, when PostgreSQL is
 * asked and does not answer. `prefix` names the temporary directory; `beforeStart`, scripts run one after the other
 * once the demo is loaded, before the server starts (each a command line: the script and its arguments).
 */
export async function withDemoServer<T>(
  database: 'pglite' | 'postgres',
  { prefix, perKind, beforeStart }: { prefix: string; perKind: string; beforeStart?: string[][] },
  work: (url: string, auth: Record<string, string>, server: ChildProcess) => Promise<T>,
): Promise<T | null> {
  const target = await throwawayDatabase(database, prefix);
  if (!target) return null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(target, port);
  let server: ChildProcess | undefined;
  try {
    log(`\n[${database}] loading the demo club (${perKind} people per kind)...`);
    await runScript(['scripts/demo-club.ts', '--per-kind', perKind], env);
    // a script of the bench's own on the loaded database (e.g. more people of one kind), the server not yet started
    for (const script of beforeStart ?? []) await runScript(script, env);
    server = await startServer(env, url);
    return await work(url, await signIn(url), server);
  } finally {
    if (server) await stopServer(server);
    await target.cleanup();
  }
}
