// The real server (its own process, file-backed PGlite in a temporary DATA_DIR) killed with SIGKILL at random
// moments while it stores ~1.8 MB documents and athletes through the legacy REST API: it must come back after
// every kill with every write it had acknowledged. The long run is `npm run bench:crash -- --kills 100`.
import { describe, expect, it } from 'vitest';
import { runCrashTrials } from '../../support/crash-harness';
import { giveUpAfterAll } from '../../support/give-up';

const run = process.env.CAMPOBASE_TEST_DB === 'postgres' ? describe.skip : describe;

run('kill -9 during writes with large uploads', () => {
  const giveUp = giveUpAfterAll();

  // 10 process starts on PGlite: 92 s in one full run, over 180 s in another on a slower 2-core host (30 Nov).
  it('restarts after every kill with every acknowledged write', { timeout: 360_000 }, async () => {
    // Up to 2.5 s before each kill: under the full suite's load a 1.8 MB save can take over a second, and with
    // kills at 0.1-1.2 s one run of 10 acknowledged no document at all.
    const figures = await runCrashTrials({ kills: 10, killAfterMs: [200, 2500], signal: giveUp });
    expect(figures.failedRestarts).toEqual([]);
    expect(figures.lost).toEqual([]);
    expect(figures.restartsOk).toBe(10);
    expect(figures.acknowledgedDocuments).toBeGreaterThan(0); // the kills did land during real writes
  });
});
