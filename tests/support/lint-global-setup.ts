// `npm run lint` (ESLint over the repository, then knip) started with the run, at the lowest CPU priority (nice 19):
// it takes the cycles the test files leave idle instead of a minute of its own before them (the suite is CPU-bound
// on 2 cores, and run beside the files at normal priority it slowed the e2e files by 15-35 %). Its exit code and
// output go to a file that tests/static/lint.test.ts waits for; the static project sorts last, so by then it is done.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-lint-'));
  const file = path.join(dir, 'lint.json');
  project.provide('lintResultFile', file);
  let output = '';
  // `nice` is coreutils (every Linux); the npm script keeps the command where developers run it.
  const child = spawn('nice', ['-n', '19', 'npm', 'run', '--silent', 'lint'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<void>((resolve) => {
    child.once('error', (error) => void writeFile(file, JSON.stringify({ code: -1, output: `${output}\n${error.message}` })).then(resolve));
    child.once('exit', (code) => void writeFile(file, JSON.stringify({ code: code ?? -1, output })).then(resolve));
  });
  return async () => {
    if (child.exitCode === null) child.kill();
    await done;
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    lintResultFile: string;
  }
}
