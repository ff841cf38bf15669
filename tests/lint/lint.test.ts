// `npm run lint` as a test of the suite: ESLint over the whole repository (warnings fail, as --max-warnings 0), then
// knip for unused dependencies. Run as its own vitest project, in the pool beside the other files, rather than
// before them: it used one core of two for about a minute while the other waited.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The command's exit code and output (stdout then stderr): a failure is reported, not thrown. */
async function outcome(bin: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'node_modules', '.bin', bin), ...args], { cwd: root, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

it('ESLint finds no error and no warning in the repository', { timeout: 600_000 }, async () => {
  const { code, output } = await outcome('eslint', ['--max-warnings', '0', '.']);
  expect(output.trim(), 'ESLint (npm run lint)').toBe('');
  expect(code).toBe(0);
});

it('knip finds no unused or missing dependency', { timeout: 120_000 }, async () => {
  const { code, output } = await outcome('knip', ['--dependencies']);
  expect(code, output).toBe(0);
});
