// Ends every run with the plain line CI reads: "N passed, N failed" (skipped tests are counted apart).
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** A path under the repository's tests/ folder, from `tests/` on. */
const inTests = (file: string) => file.replace(/^.*\/tests\//, 'tests/');

/** What a test's failed attempts threw, a few lines each, with the test file's line it failed on: vitest prints
 *  nothing of an attempt a retry then passed, and a flake seen only in CI is otherwise a name without a cause. */
function failedAttempts(test: TestCase) {
  return (test.result().errors ?? []).map((error) => {
    const message = String(error.message).split('\n').slice(0, 6).join('\n      ');
    const where = error.stacks?.find((frame) => frame.file.includes('/tests/'));
    return `    ${error.name ?? 'Error'}: ${message}${where ? `\n      at ${inTests(where.file)}:${where.line}` : ''}`;
  });
}

export default class SummaryReporter implements Reporter {
  // CAMPOBASE_TEST_TIMING=<file>: each file's project, worker, wall-clock start and end and vitest's durations, as JSON
  // (where a run's time goes: docs/testing.md, "Suite time").
  private readonly timingFile = process.env.CAMPOBASE_TEST_TIMING;
  private readonly runStart = Date.now();
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleStart(mod: TestModule) {
    if (this.timingFile) this.started.set(`${mod.project.name}|${mod.moduleId}`, Date.now() - this.runStart);
  }

  onTestModuleEnd(mod: TestModule) {
    if (this.timingFile) this.ended.set(`${mod.project.name}|${mod.moduleId}`, Date.now() - this.runStart);
  }

  private writeTiming(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules.map((mod) => {
      const d = mod.diagnostic();
      const key = `${mod.project.name}|${mod.moduleId}`;
      const start = this.started.get(key) ?? null;
      const end = this.ended.get(key) ?? null;
      return {
        project: mod.project.name, file: inTests(mod.moduleId), worker: d.concurrencyId ?? null, start, end,
        collect: Math.round(d.collectDuration), setup: Math.round(d.setupDuration), tests: Math.round(d.duration),
      };
    });
    writeFileSync(this.timingFile!, JSON.stringify({ wall: Date.now() - this.runStart, files: rows }, null, 1));
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (this.timingFile) this.writeTiming(testModules);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (test.diagnostic()?.flaky) flaky.push([`  ${inTests(mod.moduleId)} > ${test.fullName}`, ...failedAttempts(test)].join('\n'));
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && ![...mod.children.allTests()].length) failed++; // a file that failed to load
    }
    // Passed only on the retry (the e2e project retries once): listed with what the first attempt threw, never hidden.
    if (flaky.length) process.stdout.write(`\nPassed on a retry (${flaky.length}):\n${flaky.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
