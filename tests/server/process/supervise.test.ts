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
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `name.mjs`, which logs each start to `name.log` (after `setup`, so a test that waits for a start knows
 *  the setup is done), then runs `body`. */
async function writeChild(name: string, setup: string, body: string) {
  const log = path.join(dir, `${name}.log`);
  await writeFile(
    path.join(dir, `${name}.mjs`),
    `import { appendFileSync, readFileSync } from 'node:fs';
const log = ${JSON.stringify(log)};
${setup}
appendFileSync(log, 'start\\n');
${body}
`,
  );
  return async () => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
}

function supervise(name: string) {
  const supervisor = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/supervise.ts'), '--', process.execPath, path.join(dir, `${name}.mjs`)], {
    cwd: root,
    env: { ...process.env, SUPERVISE_BACKOFF_MS: '20' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const output = { stderr: '' };
  supervisor.stderr.on('data', (d) => (output.stderr += d));
  const exited = new Promise<number | null>((resolve) => supervisor.on('exit', (code) => resolve(code)));
  return { supervisor, output, exited };
}

it('restarts a child that exits and forwards SIGTERM to it', async () => {
  // Fails on its first two runs, then stays up until SIGTERM, which it records before exiting cleanly. The handler
  // is in place before the start is logged: a SIGTERM sent on seeing the third start always finds it.
  const runs = await writeChild(
    'flaky',
    `process.on('SIGTERM', () => { appendFileSync(log, 'sigterm\\n'); process.exit(0); });`,
    `const runs = readFileSync(log, 'utf8').split('\\n').filter((l) => l === 'start').length;
if (runs < 3) process.exit(1);
setInterval(() => {}, 1000);`,
  );
  const { supervisor, output, exited } = supervise('flaky');

  await vi.waitFor(async () => expect(await runs()).toEqual(['start', 'start', 'start']), { timeout: 15_000, interval: 50 });
  supervisor.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(await runs()).toEqual(['start', 'start', 'start', 'sigterm']);
  expect(output.stderr).toMatch(/exited with 1: starting again in 20 ms/);
  expect(output.stderr).toMatch(/exited with 1: starting again in 40 ms/);
  expect(output.stderr).toMatch(/stopped \(SIGTERM\), exit code 0\n/);
});

it('exits with 128 + the signal when the child had no handler and was ended by it, not with 0', async () => {
  const runs = await writeChild('unhandled', '', 'setInterval(() => {}, 1000);');
  const { supervisor, output, exited } = supervise('unhandled');

  await vi.waitFor(async () => expect(await runs()).toEqual(['start']), { timeout: 15_000, interval: 50 });
  supervisor.kill('SIGTERM');
  expect(await exited).toBe(128 + os.constants.signals.SIGTERM);
  expect(output.stderr).toMatch(/stopped \(SIGTERM\), exit code 143 \(SIGTERM\)/);
  expect(output.stderr).not.toMatch(/starting again/);
});
