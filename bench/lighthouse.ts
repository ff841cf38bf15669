// Benchmark (not a test): Lighthouse 12 on the public pages, performance and accessibility, mobile emulation
// (Lighthouse's default: Moto G Power-class screen, simulated slow 4G and 4x CPU slowdown). Target: both >= 95.
//
// Builds nothing: run `npm run build` first (or point CLIENT_DIR at another build). Starts the real server
// (`server/index.ts`, production mode) on a temporary DATA_DIR and a free port, audits each page in Debian's
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium), prints the scores and writes bench/results/lighthouse.json.
//
//   npm run bench:lighthouse [-- --runs 3] [-- --pages /,/pricing]
// With several runs the median score of each page and category is reported (Lighthouse varies by a point or two).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const runs = Number(arg('--runs')) || 1;
const pages = (arg('--pages') ?? '/,/pricing,/inscription').split(',');
const TARGET = 95;
const clientDir = path.resolve(process.env.CLIENT_DIR ?? path.join(root, 'dist', 'client'));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(path.join(clientDir, 'index.html'))) {
  console.error(`No built client in ${clientDir}: run \`npm run build\` first (or set CLIENT_DIR).`);
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (performance.now() - started > 60_000) throw new Error('the server did not answer within 60 s');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      process.kill(-child.pid!, 'SIGTERM');
      for (;;) {
        try {
          process.kill(-child.pid!, 0);
          await new Promise((r) => setTimeout(r, 50));
        } catch {
          return;
        }
      }
    },
  };
}

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, number | undefined>;
  /** JavaScript transferred for the page (compressed, kB = 1000 bytes). */
  scriptTransferKb?: number;
  failedAccessibilityAudits: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-lighthouse-'));
const server = await startServer(dataDir);
/** One audit in a fresh Chromium (reusing one browser for repeated runs breaks Lighthouse's trace: NO_NAVSTART). */
async function audit(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    return await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  } finally {
    chrome.kill();
  }
}

const results: PageResult[] = [];
try {
  for (const page of pages) {
    const samples: PageResult[] = [];
    for (let run = 0; run < runs; run++) {
      const answer = await audit(`${server.url}${page}`);
      if (!answer) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = answer;
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue;
      const requests = lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
      const scriptBytes = (requests?.items ?? [])
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      samples.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        metrics: {
          firstContentfulPaintMs: metric('first-contentful-paint'),
          largestContentfulPaintMs: metric('largest-contentful-paint'),
          totalBlockingTimeMs: metric('total-blocking-time'),
          cumulativeLayoutShift: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
        },
        scriptTransferKb: Math.round(scriptBytes / 100) / 10,
        failedAccessibilityAudits: (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      });
    }
    // Scores: the median of the runs; metrics: those of the first run.
    const best = samples[0];
    const result: PageResult = {
      ...best,
      performance: median(samples.map((s) => s.performance)),
      accessibility: median(samples.map((s) => s.accessibility)),
    };
    results.push(result);
    const flag = (value: number) => (value >= TARGET ? '' : '  <-- below target');
    console.log(
      `${page.padEnd(14)} performance ${String(result.performance).padStart(3)}${flag(result.performance)}   accessibility ${String(result.accessibility).padStart(3)}${flag(result.accessibility)}` +
        `   LCP ${Math.round(result.metrics.largestContentfulPaintMs ?? 0)} ms, TBT ${Math.round(result.metrics.totalBlockingTimeMs ?? 0)} ms, CLS ${(result.metrics.cumulativeLayoutShift ?? 0).toFixed(3)}, JS ${result.scriptTransferKb ?? '?'} kB` +
        (result.failedAccessibilityAudits.length ? `   failing: ${result.failedAccessibilityAudits.join(', ')}` : ''),
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const met = results.every((r) => r.performance >= TARGET && r.accessibility >= TARGET);
await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
await writeFile(
  path.join(root, 'bench', 'results', 'lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: '12', formFactor: 'mobile', runs, target: TARGET, met, pages: results }, null, 2)}\n`,
);
console.log(met ? `target >= ${TARGET} on every page: met` : `target >= ${TARGET}: NOT met`);
process.exitCode = met ? 0 : 1;
