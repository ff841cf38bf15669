// Ends every run with the plain line CI reads: "N passed, N failed" (skipped tests are counted apart).
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (test.diagnostic()?.flaky) flaky.push(`${mod.moduleId.replace(/^.*\/tests\//, 'tests/')} > ${test.fullName}`);
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && ![...mod.children.allTests()].length) failed++; // a file that failed to load
    }
    // Passed only on the retry (the e2e project retries once): listed, never hidden.
    if (flaky.length) process.stdout.write(`\nPassed on a retry (${flaky.length}):\n${flaky.map((name) => `  ${name}`).join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
