// Benchmark (not a test): a bookmarked page of the app opened cold, as a user on a slow device would (issue 34
// point 3). The real server (`server/index.ts`, production mode, the built client) on the demo club (`--per-kind`
// people of each kind, at most 2,000) with athletes added up to `--athletes` (3,000), the owner's session already stored in the browser; each page opened in a new
// Chromium context (cold cache) at 1440 x 900 with Chromium's CPU throttled 4x (CDP Emulation.setCPUThrottlingRate).
// For /athlete, /dashboard, /club and the personal area's /area it reports:
// - waves: the sequential waves of scripts before the first /graphql request leaves. Scripts in order of request: a
//   script asked for after every script of the current wave has arrived starts the next wave (it waited for them),
//   one asked for while some are still on their way joins the current one (they load side by side). The waves
//   begun before the first /graphql request are the waves it waited for;
// - first query: when the first /graphql request left, from the start of the navigation;
// - first content: when the page's data was on screen (the list's first row, the dashboard's numbers, the club's name);
// - scripts: how many script files and kB (transferred) the page loaded by then.
// Beside them, for scale, the server's plain `/healthz` opened the same way (no script at all).
//   npm run bench:first-page [-- --runs 3] [-- --athletes 3000] [-- --per-kind 150] [-- --db pglite|postgres] [-- --throttle 4]
//   [-- --profile <dir>]
// Builds nothing: run `npm run build` first (CLIENT_DIR points at another build). Targets: at most 2 waves, first
// rows under 1.5 s on an idle machine. Results: a table on stdout and bench/results/first-page.json.
import { existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../schema/constants';
import { withDemoServer } from './support/demo-server';
import { ROOT } from './support/server-process';
import { log, logTargets, writeResults } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    athletes: { type: 'string', default: '3000' },
    'per-kind': { type: 'string', default: '150' },
    db: { type: 'string', default: 'pglite' },
    throttle: { type: 'string', default: '4' },
    // A directory: each page's last run is also recorded as a CPU profile of the page (<page>.cpuprofile, opened in
    // Chrome's DevTools), and its heaviest functions by own time printed.
    profile: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const THROTTLE = Number(args.throttle);
const DATABASE = args.db as 'pglite' | 'postgres';
const clientDir = path.resolve(process.env.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client'));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_WAVES = 2;
const TARGET_FIRST_ROWS_MS = 1500;

if (args.profile) mkdirSync(args.profile, { recursive: true });
if (!existsSync(path.join(clientDir, 'index.html'))) {
  console.error(`No built client in ${clientDir}: run \`npm run build\` first (or set CLIENT_DIR).`);
  process.exit(1);
}

/** The pages, and when each one's data is on screen (evaluated in the page on every change of the DOM). */
const PAGES: { path: string; content: string }[] = [
  { path: '/athlete', content: `!!document.querySelector('main tbody tr td')` },
  {
    path: '/dashboard',
    content: `!!document.querySelector('main h2') && !document.querySelector('main [aria-label="Caricamento della dashboard"]')`,
  },
  { path: '/club', content: `!!document.querySelector('main h1') && document.querySelector('main h1').textContent.trim() !== 'Club'` },
  // the personal area (issue 36 point 6): the owner is also a parent here (bench/support/link-family.ts); its
  // first screen is the family's cards
  { path: '/area', content: `!!document.querySelector('main a[href^="/area/"]')` },
];

interface Run {
  waves: number | null;
  firstQueryMs: number | null;
  firstContentMs: number | null;
  scriptsBeforeQuery: number;
  scriptKbBeforeQuery: number;
  scripts: number;
  scriptKb: number;
  /** Each script's wave, file name, when it was requested and when it had arrived (ms): the waterfall. */
  waterfall: { wave: number; file: string; atMs: number; doneMs: number | null }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most own time (ms, throttled) in a CPU profile, by function and file. */
function heaviest(profile: CpuProfile, count = 15): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const own = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    const file = frame?.url ? new URL(frame.url).pathname.split('/').pop() : '';
    const key = `${frame?.functionName || '(anonymous)'} ${file}${file ? `:${(frame?.lineNumber ?? 0) + 1}` : ''}`;
    own.set(key, (own.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...own.values()].reduce((a, b) => a + b, 0);
  return [...own.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(6)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

async function openOnce(browser: Browser, url: string, tokens: { session: string; club: string } | null, content: string | null, profileTo?: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (tokens) {
      await context.addInitScript(
        ([sessionKey, clubKey, session, club]) => {
          window.localStorage.setItem(sessionKey, session);
          window.localStorage.setItem(clubKey, club);
        },
        [SESSION_STORAGE_KEY, CLUB_STORAGE_KEY, tokens.session, tokens.club] as const,
      );
    }
    if (content) {
      // The moment the page's data is on screen, watched from the first byte of the document.
      await context.addInitScript(`(() => {
        const w = window;
        w.__firstContent = null;
        const check = () => { if (w.__firstContent === null && (${content})) w.__firstContent = performance.now(); };
        new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
      })()`);
    }
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }

    const requests = new Map<string, { id: string; url: string; type?: string; at: number }>();
    const sizes = new Map<string, number>();
    const finished = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId)) requests.set(e.requestId, { id: e.requestId, url: e.request.url, type: e.type, at: e.timestamp });
    });
    cdp.on('Network.loadingFinished', (e) => {
      sizes.set(e.requestId, e.encodedDataLength);
      finished.set(e.requestId, e.timestamp);
    });

    await page.goto(url, { waitUntil: 'load' });
    if (content) await page.waitForFunction(() => (window as unknown as { __firstContent: number | null }).__firstContent !== null, undefined, { timeout: 60_000 });
    const firstContentMs = content ? await page.evaluate(() => (window as unknown as { __firstContent: number }).__firstContent) : null;
    // the document load, for /healthz (and to anchor the clock: navigation start is the document's request)
    const loadMs = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.duration ?? 0);
    if (profileTo) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      await writeFile(profileTo, JSON.stringify(profile));
      log(`  ${profileTo}, own time by function:\n${heaviest(profile).map((line) => `    ${line}`).join('\n')}`);
    }

    const all = [...requests.values()];
    const start = all.find((r) => r.type === 'Document')?.at ?? all[0]?.at ?? 0;
    const scripts = all.filter((r) => r.type === 'Script').sort((a, b) => a.at - b.at);
    const waveOf = new Map<string, number>();
    const waveStarts: number[] = [];
    let waveEnd = -Infinity;
    for (const script of scripts) {
      if (script.at > waveEnd) {
        waveStarts.push(script.at);
        waveEnd = -Infinity;
      }
      waveEnd = Math.max(waveEnd, finished.get(script.id) ?? script.at);
      waveOf.set(script.id, waveStarts.length);
    }
    const firstQuery = all.filter((r) => new URL(r.url).pathname === '/graphql').sort((a, b) => a.at - b.at)[0];
    const before = firstQuery ? scripts.filter((s) => s.at <= firstQuery.at) : scripts;
    const kb = (list: typeof scripts) => Math.round(list.reduce((sum, s) => sum + (sizes.get(s.id) ?? 0), 0) / 100) / 10;
    return {
      waves: firstQuery ? waveStarts.filter((at) => at < firstQuery.at).length : null,
      firstQueryMs: firstQuery ? Math.round((firstQuery.at - start) * 1000) : null,
      firstContentMs: content ? Math.round(firstContentMs ?? 0) : Math.round(loadMs),
      scriptsBeforeQuery: before.length,
      scriptKbBeforeQuery: kb(before),
      scripts: scripts.length,
      scriptKb: kb(scripts),
      waterfall: scripts.map((s) => {
        const done = finished.get(s.id);
        const file = new URL(s.url).pathname.split('/').pop() ?? s.url;
        return { wave: waveOf.get(s.id) ?? 0, file, atMs: Math.round((s.at - start) * 1000), doneMs: done === undefined ? null : Math.round((done - start) * 1000) };
      }),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

const startedAt = new Date();
const loadAtStart = os.loadavg();
const ATHLETES = Number(args.athletes);
const PER_KIND = Number(args['per-kind']);
const results = await withDemoServer(DATABASE, { prefix: 'first-page', perKind: String(PER_KIND), beforeStart: [...(ATHLETES > PER_KIND ? [['bench/support/add-athletes.ts', String(ATHLETES - PER_KIND)]] : []), ['bench/support/link-family.ts']] }, async (url, auth) => {
  const session = auth.authorization.replace(/^Bearer /, '');
  const tokens = { session, club: auth['x-club'] };
  const browser = await chromium.launch({ executablePath: chromePath, headless: true });
  try {
    const pages: Array<{ path: string; runs: Run[]; median: { waves: number | null; firstQueryMs: number | null; firstContentMs: number | null } }> = [];
    for (const { path: pagePath, content } of [...PAGES, { path: '/healthz', content: null }]) {
      const runs: Run[] = [];
      // One warm-up (the server's own first answers, Chromium's start), then the measured runs.
      await openOnce(browser, `${url}${pagePath}`, content ? tokens : null, content);
      for (let i = 0; i < RUNS; i++) {
        const profileTo = args.profile && i === RUNS - 1 ? path.join(args.profile, `${pagePath.slice(1)}.cpuprofile`) : undefined;
        runs.push(await openOnce(browser, `${url}${pagePath}`, content ? tokens : null, content, profileTo));
      }
      const pick = (key: 'waves' | 'firstQueryMs' | 'firstContentMs') => median(runs.map((r) => r[key]).filter((v): v is number => v !== null));
      const summary = { waves: pick('waves'), firstQueryMs: pick('firstQueryMs'), firstContentMs: pick('firstContentMs') };
      pages.push({ path: pagePath, runs, median: summary });
      const last = runs.at(-1)!;
      log(
        `${pagePath.padEnd(11)} waves before the first query ${String(summary.waves ?? '-').padStart(2)}, first query ${String(summary.firstQueryMs ?? '-').padStart(5)} ms, ` +
          `first content ${String(summary.firstContentMs ?? '-').padStart(5)} ms, scripts ${last.scripts} (${last.scriptKb} kB; ${last.scriptsBeforeQuery} / ${last.scriptKbBeforeQuery} kB before the query)`,
      );
    }
    return pages;
  } finally {
    await browser.close();
  }
});
if (!results) {
  console.error(`The ${DATABASE} database is not available.`);
  process.exit(1);
}

const app = results.filter((p) => p.path !== '/healthz');
const worstWaves = Math.max(...app.map((p) => p.median.waves ?? Infinity));
const athlete = results.find((p) => p.path === '/athlete')?.median.firstContentMs ?? null;
const area = results.find((p) => p.path === '/area')?.median.firstContentMs ?? null;
const targets = [
  { target: `at most ${TARGET_WAVES} waves of scripts before the first query`, value: `${worstWaves}`, met: worstWaves <= TARGET_WAVES },
  { target: `first rows of /athlete under ${TARGET_FIRST_ROWS_MS} ms (idle machine)`, value: `${athlete} ms`, met: athlete !== null && athlete < TARGET_FIRST_ROWS_MS },
  { target: `the personal area's first screen (/area) under ${TARGET_FIRST_ROWS_MS} ms (idle machine)`, value: `${area} ms`, met: area !== null && area < TARGET_FIRST_ROWS_MS },
];
logTargets(`Targets (CPU ${THROTTLE}x slower, cold cache, ${RUNS} runs, median; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')})`, targets);
await writeResults('first-page', startedAt, loadAtStart, { database: DATABASE, athletes: Math.max(ATHLETES, PER_KIND), perKind: PER_KIND, throttle: THROTTLE, runs: RUNS, targets, pages: results });
process.exit(0);
