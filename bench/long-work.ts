// Benchmark (not a test): long work never blocks the server (issue 33 point 5). The real server in its own process
// (`server/index.ts`, the demo club on a throwaway database), and for each long operation a prober that asks
// GET /healthz and the club's people list page (GraphQL) every 100 ms, each on its own clock (a slow answer does
// not delay the next request): their p95 and max are what other users feel meanwhile. The operations, one after
// another, as a club's administrator would run them:
//   1. a 1,000,000-row CSV upload (short rows, under the 20 MB cap: refused for too many rows after parsing);
//   2. a dry run of 100,000 new athletes (CSV);
//   3. the import of those 100,000;
//   4. its undo (GraphQL undoImport).
// Target: every probe's p95 under 1 s during each operation, on both databases, and each operation ends as it
// should (the refusal, the preview's counts, the import's counts, every imported athlete removed).
//   npm run bench:long-work [-- [--db pglite,postgres] [--rows 100000] [--upload-rows 1000000 (0: none)] [--skip-dry-run] [--per-kind 50]]
// Results: a table on stdout and bench/results/long-work.json (machine and load average included: say how busy it was).
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { athletesFile } from './support/athletes-file';
import { withDemoServer } from './support/demo-server';
import { PEOPLE_PAGE } from './support/load';
import { log, logTargets, stats, writeResults, type Stats, type Target } from './throwaway-database';
import { importColumns } from '../schema/import-columns';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    rows: { type: 'string', default: '100000' },
    'upload-rows': { type: 'string', default: '1000000' },
    'per-kind': { type: 'string', default: '50' },
    'skip-dry-run': { type: 'boolean', default: false },
  },
});
type Database = 'pglite' | 'postgres';
const DATABASES = args.db.split(',').map((s) => s.trim()) as Database[];
const ROWS = Number(args.rows);
const UPLOAD_ROWS = Number(args['upload-rows']);
const PROBE_EVERY_MS = 100;
const TARGET_P95_MS = 1_000;

/** A CSV of `rows` short data rows under the template's first three headers: parsed whole, then refused as too long. */
function longCsv(rows: number): Buffer {
  const headers = importColumns('athlete').slice(0, 3).map((c) => c.header).join(';');
  return Buffer.from(`${headers}\r\n${'A;B;C\r\n'.repeat(rows)}`);
}

interface Probed {
  probe: string;
  latencyMs: Stats;
  failed: number;
  /** The slowest probe: when it was sent (seconds from the operation's start) and its latency. */
  slowest: { sentAtSecond: number; ms: number };
}

/** `request` every PROBE_EVERY_MS until stopped, whatever the last one's state: each answer's latency. */
function prober(name: string, request: () => Promise<Response>) {
  const samples: number[] = [];
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const slowest = { sentAtSecond: 0, ms: 0 };
  let failed = 0;
  const once = async () => {
    const t0 = performance.now();
    try {
      const res = await request();
      await res.arrayBuffer();
      if (!res.ok) failed++;
    } catch {
      failed++;
    }
    const ms = performance.now() - t0;
    samples.push(ms);
    if (ms > slowest.ms) Object.assign(slowest, { sentAtSecond: Math.round((t0 - start) / 100) / 10, ms: Math.round(ms) });
  };
  const timer = setInterval(() => {
    const p = once().finally(() => pending.delete(p));
    pending.add(p);
  }, PROBE_EVERY_MS);
  return async (): Promise<Probed> => {
    clearInterval(timer);
    await Promise.all(pending);
    return { probe: name, latencyMs: stats(samples.length ? samples : [0]), failed, slowest };
  };
}

interface Operation {
  name: string;
  seconds: number;
  outcome: string;
  ok: boolean;
  probes: Probed[];
}

/**
 * POSTs `body` and answers the status and the parsed JSON, with no time limit of the client's own: fetch gives up
 * waiting for the answer's headers after 300 s, which an undo on a loaded machine may take.
 */
async function post<T>(url: string, headers: Record<string, string>, body: FormData | string): Promise<{ http: number; json: T }> {
  const request = new Request(url, { method: 'POST', headers: typeof body === 'string' ? { ...headers, 'content-type': 'application/json' } : headers, body });
  const bytes = Buffer.from(await request.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...Object.fromEntries(request.headers), 'content-length': bytes.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ http: res.statusCode ?? 0, json: JSON.parse(text) as T });
        } catch {
          reject(new Error(`HTTP ${res.statusCode}: not JSON: ${text.slice(0, 200)}`));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

async function upload(url: string, auth: Record<string, string>, file: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.set('type', 'athlete');
  form.set('dry_run', dryRun ? '1' : '0');
  form.set('file', new Blob([new Uint8Array(file)]), 'atleti.csv');
  const { http: status, json } = await post<{ status: boolean; message: string; context?: { counts?: Record<string, number>; import_id?: string | null } }>(`${url}/api/import`, auth, form);
  return { http: status, ...json };
}

const UNDO = `mutation Bench_Undo($id: ID!) { undoImport(id: $id) { __typename
  ... on MutationUndoImportSuccess { data { removed restored } } ... on BaseError { message } } }`;

async function measured(url: string, auth: Record<string, string>, name: string, work: () => Promise<{ outcome: string; ok: boolean }>): Promise<Operation> {
  const list = JSON.stringify({ query: PEOPLE_PAGE, variables: { kind: 'athlete', first: 8, offset: 0 } });
  const stops = [
    prober('GET /healthz', () => fetch(`${url}/healthz`)),
    prober('people list page', () => fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: list })),
  ];
  const t0 = performance.now();
  let result: { outcome: string; ok: boolean };
  try {
    result = await work();
  } catch (error) {
    result = { outcome: `failed: ${(error as Error).message}`, ok: false };
  }
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  // A little past the end: an answer held by the operation's last step still counts.
  await new Promise((r) => setTimeout(r, 300));
  const probes = await Promise.all(stops.map((stop) => stop()));
  return { name, seconds, ...result, probes };
}

async function benchDatabase(database: Database) {
  return withDemoServer(database, { prefix: 'long-work', perKind: args['per-kind'] }, async (url, auth) => {
    const operations: Operation[] = [];
    const run = async (name: string, work: () => Promise<{ outcome: string; ok: boolean }>) => {
      log(`[${database}] ${name}...`);
      const op = await measured(url, auth, name, work);
      operations.push(op);
      for (const p of op.probes) {
        log(`[${database}]   ${p.probe.padEnd(18)} p50 ${p.latencyMs.p50} ms  p95 ${p.latencyMs.p95} ms  max ${p.latencyMs.max} ms (sent at ${p.slowest.sentAtSecond} s)  n=${p.latencyMs.n}  failed ${p.failed}`);
      }
      log(`[${database}]   ${op.seconds} s: ${op.outcome}`);
    };
    const big = longCsv(UPLOAD_ROWS);
    if (UPLOAD_ROWS > 0) await run(`upload of ${UPLOAD_ROWS.toLocaleString('en')} CSV rows (${(big.byteLength / 2 ** 20).toFixed(1)} MB)`, async () => {
      const answer = await upload(url, auth, big, true);
      return { outcome: `HTTP ${answer.http}: ${answer.message}`, ok: !answer.status && answer.http < 500 && /righe/i.test(answer.message) };
    });
    const file = athletesFile(ROWS, 'csv');
    const n = ROWS.toLocaleString('en');
    if (!args['skip-dry-run']) await run(`dry run of ${n} athletes`, async () => {
      const answer = await upload(url, auth, file, true);
      return { outcome: `HTTP ${answer.http}: ${JSON.stringify(answer.context?.counts)}`, ok: answer.status && answer.context?.counts?.new === ROWS };
    });
    let runId: string | null = null;
    await run(`import of ${n} athletes`, async () => {
      const answer = await upload(url, auth, file, false);
      runId = answer.context?.import_id ?? null;
      return { outcome: `HTTP ${answer.http}: ${JSON.stringify(answer.context?.counts)}`, ok: answer.status && answer.context?.counts?.new === ROWS };
    });
    await run(`undo of that import`, async () => {
      const { json } = await post<{ data: { undoImport: { __typename: string; data?: { removed: number }; message?: string } } }>(`${url}/graphql`, auth, JSON.stringify({ query: UNDO, variables: { id: runId } }));
      const r = json.data.undoImport;
      return { outcome: r.data ? `removed ${r.data.removed}` : `${r.__typename}: ${r.message}`, ok: r.data?.removed === ROWS };
    });
    return { database, operations };
  });
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  log(`load average at start: ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  const runs: Array<{ database: Database; operations: Operation[] }> = [];
  for (const database of DATABASES) {
    const r = await benchDatabase(database);
    if (r) runs.push(r);
  }
  log('\n| database | operation | seconds | outcome | /healthz p95 / max | list page p95 / max |');
  log('| --- | --- | ---: | --- | ---: | ---: |');
  for (const { database, operations } of runs) {
    for (const op of operations) {
      const [h, l] = op.probes;
      log(`| ${database} | ${op.name} | ${op.seconds} | ${op.ok ? 'ok' : 'WRONG'}: ${op.outcome} | ${h.latencyMs.p95} / ${h.latencyMs.max} ms | ${l.latencyMs.p95} / ${l.latencyMs.max} ms |`);
    }
  }
  const targets: Target[] = runs.flatMap(({ database, operations }) =>
    operations.flatMap((op) => [
      { target: `${database}, ${op.name}: ends as it should`, value: op.outcome, met: op.ok },
      ...op.probes.map((p) => ({
        target: `${database}, ${op.name}: ${p.probe} p95 under ${TARGET_P95_MS} ms`,
        value: `${p.latencyMs.p95} ms (max ${p.latencyMs.max}, ${p.failed} failed)`,
        met: p.latencyMs.p95 < TARGET_P95_MS && p.failed === 0,
      })),
    ]),
  );
  logTargets('Targets (issue 33 point 5):', targets);
  log(`load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await writeResults('long-work', startedAt, loadAtStart, { rows: ROWS, uploadRows: UPLOAD_ROWS, probeEveryMs: PROBE_EVERY_MS, runs, targets });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
