// Benchmark (not a test): from `npm start` on an installed, built tree to the first page served, and to the first
// `GET /healthz` answered 200 (database open and migrated: the app usable). Target: both under 5 s.
// Run: npm run bench:startup [-- --runs 5]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const root = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

interface Timing {
  /** the client's page (index.html) served */
  page: number;
  /** GET /healthz answered 200 */
  ready: number;
}

async function once(dataDir: string): Promise<Timing> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const until = async (url: string, ok: (res: Response) => Promise<boolean>) => {
    for (;;) {
      if (performance.now() - started > 90_000) throw new Error(`no answer from ${url} after 90 s`);
      try {
        if (await ok(await fetch(`http://127.0.0.1:${port}${url}`))) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    const page = await until('/', async (res) => res.ok && (await res.text()).includes('<div id="root">'));
    const ready = await until('/healthz', async (res) => res.ok);
    return { page, ready };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    // Wait for the whole process group (npm, tsx, node) to be gone: the server closes PGlite on the way out,
    // and the next run opens the same DATA_DIR.
    for (;;) {
      try {
        process.kill(-child.pid!, 0);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        break;
      }
    }
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-bench-'));
try {
  const first = await once(dataDir);
  const warm: Timing[] = [];
  for (let i = 0; i < runs; i++) warm.push(await once(dataDir));
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const list = (key: keyof Timing) => `${warm.map((t) => fmt(t[key])).join(', ')}  max ${fmt(Math.max(...warm.map((t) => t[key])))}`;
  console.log(`first start (new DATA_DIR): page ${fmt(first.page)}, ready (/healthz 200) ${fmt(first.ready)}`);
  console.log(`later starts (${runs}): page ${list('page')}; ready ${list('ready')}`);
  const worst = Math.max(first.page, first.ready, ...warm.flatMap((t) => [t.page, t.ready]));
  console.log(worst < 5000 ? 'target < 5 s (page and ready): met' : 'target < 5 s (page and ready): NOT met');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
