// What the benchmarks that drive the real server over HTTP share: a free port, the project's scripts run as their
// own processes (`scripts/*.ts` with tsx, on this process's Node), the server started as in production
// (`server/index.ts`) and stopped gracefully. Every child still running when the bench exits (an error, Ctrl+C)
// is killed, so no server is left listening.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Spawns `command` and remembers it until it exits, so that the bench's exit kills it if still running. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Runs a project script (`['scripts/migrate.ts', ...args]`) to its end; rejects when it exits with an error. */
export function runScript(command: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(process.execPath, ['--import', 'tsx', ...command], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command.join(' ')} exited with ${code}`))));
  });
}

/**
 * Starts `server/index.ts` with `env` and waits until `${url}${readyPath}` answers 200 (`/healthz`: the database
 * answers; `/readyz`: migrations checked and the job queue started too).
 */
export async function startServer(env: NodeJS.ProcessEnv, url: string, readyPath = '/healthz'): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: Node options for the server alone, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawnTracked(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer ${readyPath} within 120 s`);
}

/** SIGTERM (the server's graceful stop), then SIGKILL if it has not exited within 15 s. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Linux's clock ticks per second, the unit of processTicks. */
export const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The CPU time (user + system) a process has used so far, in clock ticks, from /proc (0 once it is gone). */
export function processTicks(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
