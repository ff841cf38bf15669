// Benchmark (not a test): from `npm start` on an installed, built tree to the first page served.
// Target: under 5 s. Run: npm run bench:startup [-- --runs 5]
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

async function once(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('no page after 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok && (await res.text()).includes('<div id="root">')) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
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
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await once(dataDir));
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`first start (new DATA_DIR, migrations applied): ${fmt(first)}`);
  console.log(`later starts (${runs}): ${warm.map(fmt).join(', ')}  max ${fmt(Math.max(...warm))}`);
  console.log(Math.max(first, ...warm) < 5000 ? 'target < 5 s: met' : 'target < 5 s: NOT met');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
