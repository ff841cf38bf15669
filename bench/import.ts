// Benchmark (not a test): the people import end to end over HTTP, as a club would run it. For each database
// (embedded PGlite, PostgreSQL), each size (10k, 100k rows) and each format (CSV, XLSX): a fresh club, the file
// built from plausible people (valid tax codes), then POST /api/import (multipart, dry_run=0) timed from the
// first byte sent to the answer: upload, parse, validate, write. Then the same file again (a re-import: every row
// unchanged). Meanwhile a second client asks GET /healthz and the club's first people page (GraphQL) in a loop:
// their p95 is what other users feel during an import. Last, the first import is undone (GraphQL undoImport: every
// person it created removed), timed the same way. Peak memory: the process's RSS (server, worker threads
// and this client share it), sampled every 50 ms.
//   npm run bench:import [-- [--sizes 10000,100000] [--formats csv,xlsx] [--db pglite,postgres] [--cards]]
// Targets (issue 12): 10k rows under 5 s on both databases; 100k under 30 s on PostgreSQL and 60 s on PGlite;
// other requests p95 under 1 s during an import. Results: a table on stdout and bench/results/import.json.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, throwawayDatabase } from './throwaway-database';
import { athletesFile } from './support/athletes-file';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { signUp } from '../server/modules/accounts/sign-up.service';
import { createPeopleFactory } from '../scripts/seed/fake-people';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    formats: { type: 'string', default: 'csv,xlsx' },
    db: { type: 'string', default: 'pglite,postgres' },
    // Each row also a card of the season and a libro soci entry with its quota (issue 35 point 4).
    cards: { type: 'boolean', default: false },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const FORMATS = args.formats.split(',').map((s) => s.trim()) as Format[];
const DATABASES = args.db.split(',').map((s) => s.trim()) as Database[];
const root = path.resolve(import.meta.dirname, '..');
const TARGET_SECONDS: Record<Database, Record<number, number>> = { postgres: { 10_000: 5, 100_000: 30 }, pglite: { 10_000: 5, 100_000: 60 } };

type Format = 'csv' | 'xlsx';
type Database = 'pglite' | 'postgres';

interface RunResult {
  database: Database;
  rows: number;
  format: Format;
  fileMB: number;
  run: 'first import' | 're-import' | 'undo';
  seconds: number;
  counts: Record<string, number>;
  peakRssMB: number;
  others: { requests: number; p95Ms: number; maxMs: number; failed: number };
  targetSeconds?: number;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function p95(samples: number[]): number {
  if (!samples.length) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
}

/** Other users' requests, one after another, until stopped: their latencies. */
function otherTraffic(base: string, headers: Record<string, string>) {
  const samples: number[] = [];
  let failed = 0;
  let running = true;
  const query = JSON.stringify({ query: 'query { people(kind: athlete, first: 8) { totalCount edges { node { id } } } }' });
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      try {
        const res =
          i % 2 === 0
            ? await fetch(`${base}/healthz`)
            : await fetch(`${base}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: query });
        await res.arrayBuffer();
        if (!res.ok) failed++;
      } catch {
        failed++;
      }
      samples.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { requests: samples.length, p95Ms: round(p95(samples)), maxMs: round(Math.max(0, ...samples)), failed };
  };
}

interface Answer {
  counts: Record<string, number>;
  runId: string | null;
  refusal?: string;
}

/** POST /api/import (multipart, dry_run=0), as the legacy clients send it. */
async function upload(base: string, headers: Record<string, string>, file: Buffer, format: Format): Promise<Answer> {
  const form = new FormData();
  form.set('type', 'athlete');
  form.set('dry_run', '0');
  form.set('file', new Blob([new Uint8Array(file)]), `atleti.${format}`);
  const res = await fetch(`${base}/api/import`, { method: 'POST', headers, body: form });
  const body = (await res.json()) as { status: boolean; message: string; context?: { counts?: Record<string, number>; import_id?: string | null } };
  return { counts: body.context?.counts ?? {}, runId: body.context?.import_id ?? null, refusal: body.status ? undefined : body.message };
}

/** GraphQL undoImport of the first import: its counts are the people removed and restored, and the athletes left. */
async function undo(base: string, headers: Record<string, string>, runId: string | null): Promise<Answer> {
  const query = 'mutation($id: ID!) { undoImport(id: $id) { __typename ... on MutationUndoImportSuccess { data { removed restored } } ... on BaseError { message } } }';
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: { id: runId } }) });
  const body = (await res.json()) as { data?: { undoImport: { data?: { removed: number; restored: number }; message?: string } }; errors?: Array<{ message: string }> };
  const result = body.data?.undoImport;
  // and the club's athletes afterwards: none should be left
  const left = await fetch(`${base}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query { people(kind: athlete, first: 1) { totalCount } }' }) });
  const leftCount = ((await left.json()) as { data?: { people: { totalCount: number } } }).data?.people.totalCount ?? -1;
  return { counts: { ...result?.data, left: leftCount }, runId, refusal: result?.message ?? body.errors?.[0]?.message };
}

function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return () => {
    clearInterval(timer);
    return round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, 0);
  };
}

async function benchDatabase(database: Database): Promise<RunResult[]> {
  const target = await throwawayDatabase(database, 'import');
  if (!target) return [];
  const { dataDir, databaseUrl, cleanup } = target;
  const results: RunResult[] = [];
  const config = loadConfig({}, { dataDir, databaseUrl, logLevel: 'error', clientDir: path.join(dataDir, 'no-client'), rateLimitFactor: 1000, jobsEnabled: false });
  log(`\n[${database}] fresh database, applying migrations...`);
  const { app, deps } = await createApp({ config });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    let clubNo = 0;
    for (const rows of SIZES) {
      for (const format of FORMATS) {
        // A club of its own per file, so that its first import finds nobody.
        clubNo++;
        const admin = createPeopleFactory(900 + clubNo).person({ minAge: 30, maxAge: 50 });
        const password = 'password-bench-1';
        const ctx = { deps, meta: { ip: '127.0.0.1', userAgent: 'bench' }, viewer: null };
        const { token, accountId } = await signUp(ctx, {
          taxIdCode: admin.taxIdCode, firstname: admin.firstname, lastname: admin.lastname, birthday: admin.birthday.toISOString().slice(0, 10), role: 1,
          fullName: `ASD Bench Import ${clubNo}`, foundation: 1990, vatNumber: String(10_000_000_000 + clubNo * 7919).slice(0, 11), typeSport: 'rugby',
          email: `bench-import-${clubNo}-${randomBytes(3).toString('hex')}@example.it`, password, passwordConfirmation: password,
        });
        const membership = await deps.systemDb.membership.findFirstOrThrow({ where: { accountId } });
        const headers = { authorization: `Bearer ${token}`, 'x-club': membership.token };
        const file = athletesFile(rows, format, { cards: args.cards });
        const fileMB = round(file.byteLength / 1024 / 1024, 2);
        let firstRunId: string | null = null;
        for (const run of ['first import', 're-import', 'undo'] as const) {
          global.gc?.();
          const stopRss = rssSampler();
          const stopOthers = otherTraffic(base, headers);
          const t0 = performance.now();
          const answer: Answer = run === 'undo' ? await undo(base, headers, firstRunId) : await upload(base, headers, file, format);
          const seconds = round((performance.now() - t0) / 1000, 2);
          const others = await stopOthers();
          const peakRssMB = stopRss();
          if (answer.refusal) log(`[${database}] ${rows} ${format} ${run}: refused: ${answer.refusal}`);
          if (run === 'first import') firstRunId = answer.runId;
          const result: RunResult = { database, rows, format, fileMB, run, seconds, counts: answer.counts, peakRssMB, others, targetSeconds: run === 'undo' ? undefined : TARGET_SECONDS[database][rows] };
          results.push(result);
          log(`[${database}] ${rows.toLocaleString('en')} rows ${format} (${fileMB} MB) ${run}: ${seconds} s, ${JSON.stringify(result.counts)}, peak RSS ${peakRssMB} MB, others p95 ${others.p95Ms} ms (max ${others.maxMs}, n=${others.requests}, failed ${others.failed})`);
        }
      }
    }
  } finally {
    await app.close();
    await cleanup();
  }
  return results;
}

const all: RunResult[] = [];
for (const database of DATABASES) all.push(...(await benchDatabase(database)));

log('\n| database | rows | format | file | run | seconds | target | peak RSS | others p95 / max | result |');
log('| --- | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | --- |');
for (const r of all) {
  const c = r.counts;
  const right = r.run === 'undo' ? c.removed === r.rows && c.left === 0 : c.total === r.rows && (r.run === 're-import' ? c.unchanged === r.rows : c.new === r.rows);
  const counted = right ? 'counts ok' : 'WRONG COUNTS';
  const time = r.targetSeconds === undefined ? '' : r.seconds <= r.targetSeconds ? ', time met' : ', time OVER';
  const others = r.others.p95Ms < 1000 ? ', p95 met' : ', p95 OVER';
  log(`| ${r.database} | ${r.rows.toLocaleString('en')} | ${r.format} | ${r.fileMB} MB | ${r.run} | ${r.seconds} | ${r.targetSeconds ?? '-'} | ${r.peakRssMB} MB | ${r.others.p95Ms} / ${r.others.maxMs} ms | ${counted}${time}${others} |`);
}
await mkdir(path.join(root, 'bench/results'), { recursive: true });
// With --cards the results go beside the plain run's, which they do not replace.
const resultFile = args.cards ? 'bench/results/import-cards.json' : 'bench/results/import.json';
await writeFile(path.join(root, resultFile), `${JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, node: process.version, cards: args.cards, results: all }, null, 2)}\n`);
log(`\n${resultFile} written`);
process.exit(0);
