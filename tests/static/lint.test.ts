// `npm run lint` as part of `npm test`: started with the run at the lowest priority (tests/support/lint-global-setup.ts),
// awaited here. ESLint with --max-warnings 0 and knip must both pass; their output is the failure's message.
import { existsSync, readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';

it('npm run lint passes (ESLint without errors or warnings, knip without unused dependencies)', { timeout: 1_200_000 }, async () => {
  const file = inject('lintResultFile');
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 500));
  const { code, output } = JSON.parse(readFileSync(file, 'utf8')) as { code: number; output: string };
  expect(code, output).toBe(0);
});
