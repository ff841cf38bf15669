// What the benchmarks share: a throwaway database for one run (a new PostgreSQL database on the server of
// BENCH_DATABASE_URL / TEST_DATABASE_URL, or a temporary DATA_DIR for PGlite), dropped afterwards even when the run
// is interrupted (Ctrl+C), unless kept for a look with EXPLAIN; the percentile summary of timings; the targets'
// report and the results file.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export const log = (msg: string) => process.stdout.write(`${msg}\n`);

/** Interrupted runs still drop their database and temporary directory. */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: cleaning up`);
    void (async () => {
      for (const cleanup of cleanups) await cleanup().catch(() => {});
      process.exit(130);
    })();
  });
}

export interface ThrowawayDatabase {
  dataDir: string;
  /** Set for PostgreSQL, undefined for the embedded database in dataDir. */
  databaseUrl?: string;
  /** The PostgreSQL database's name. */
  pgName?: string;
  cleanup: () => Promise<void>;
}

/**
 * A fresh database for one run (`prefix` names the temporary directory), or null when PostgreSQL is asked and does
 * not answer (the run is then skipped, as the message says). `keep` leaves the PostgreSQL database in place.
 */
export async function throwawayDatabase(database: 'pglite' | 'postgres', prefix: string, keep = false): Promise<ThrowawayDatabase | null> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `campobase-bench-${prefix}-`));
  let pgName: string | undefined;
  let databaseUrl: string | undefined;
  if (database === 'postgres') {
    pgName = `campobase_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE "${pgName}"`);
    } catch (error) {
      log(`PostgreSQL not reachable at ${ADMIN_URL} (${(error as Error).message}): skipping the PostgreSQL run.`);
      await rm(dataDir, { recursive: true, force: true });
      return null;
    } finally {
      await admin.end().catch(() => {});
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  const cleanup = async () => {
    cleanups.delete(cleanup);
    if (pgName && keep) log(`[postgres] kept database "${pgName}" (--keep): DROP DATABASE it when done`);
    else if (pgName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`).finally(() => admin.end());
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  return { dataDir, databaseUrl, pgName, cleanup };
}

export interface Stats {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  n: number;
}

/** Median, 95th and 99th percentiles (nearest rank), mean and maximum of `samples`, in their unit to 0.01. */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const r = (ms: number) => Math.round(ms * 100) / 100;
  return { p50: r(at(0.5)), p95: r(at(0.95)), p99: r(at(0.99)), mean: r(sorted.reduce((a, b) => a + b, 0) / sorted.length), max: r(sorted.at(-1)!), n: sorted.length };
}

/** A benchmark target and how the run did against it (null: not measured in this run). */
export interface Target {
  target: string;
  value: string;
  met: boolean | null;
}

/** Prints the targets under `title`, one line each: met, MISS or n/a. */
export function logTargets(title: string, targets: readonly Target[]): void {
  log(`\n${title}`);
  for (const t of targets) log(`  ${t.met === null ? 'n/a ' : t.met ? 'met ' : 'MISS'}  ${t.target}: ${t.value}`);
}

/**
 * Writes bench/results/<name>.json: the benchmark's name, when it started, the machine (cores, memory, load average
 * at the start and now, Node) and `payload`; logs where.
 */
export async function writeResults(name: string, startedAt: Date, loadAtStart: readonly number[], payload: object): Promise<void> {
  const round = (l: number) => Math.round(l * 100) / 100;
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: { start: loadAtStart.map(round), end: os.loadavg().map(round) },
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  const dir = path.resolve(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, `${JSON.stringify({ benchmark: name, startedAt: startedAt.toISOString(), machine, ...payload }, null, 2)}\n`);
  log(`\nResults written to ${path.relative(process.cwd(), file)}`);
}
