// scripts/supervise.ts: a child that exits is started again (with a backoff), and SIGTERM reaches the child,
// which closes, and the supervisor then exits with the child's code.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-supervise-'));
  // Fails on its first two runs, then stays up until SIGTERM, which it records before exiting cleanly.
  await writeFile(
    path.join(dir, 'child.mjs'),
    `import { appendFileSync, readFileSync } from 'node:fs';
const log = ${JSON.stringify(path.join(dir, 'runs.log'))};
appendFileSync(log, 'start\\n');
const runs = readFileSync(log, 'utf8').split('\\n').filter((l) => l === 'start').length;
if (runs < 3) process.exit(1);
process.on('SIGTERM', () => { appendFileSync(log, 'sigterm\\n'); process.exit(0); });
setInterval(() => {}, 1000);
`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const runs = async () => (await readFile(path.join(dir, 'runs.log'), 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);

it('restarts a child that exits and forwards SIGTERM to it', async () => {
  const supervisor = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/supervise.ts'), '--', process.execPath, path.join(dir, 'child.mjs')], {
    cwd: root,
    env: { ...process.env, SUPERVISE_BACKOFF_MS: '20' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  supervisor.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => supervisor.on('exit', (code) => resolve(code)));

  await vi.waitFor(async () => expect(await runs()).toEqual(['start', 'start', 'start']), { timeout: 15_000, interval: 50 });
  supervisor.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(await runs()).toEqual(['start', 'start', 'start', 'sigterm']);
  expect(stderr).toMatch(/exited with 1: starting again in 20 ms/);
  expect(stderr).toMatch(/exited with 1: starting again in 40 ms/);
  expect(stderr).toMatch(/stopped \(SIGTERM\), exit code 0/);
});
