// For the tests that start `server/index.ts` as its own process (crash-harness.ts): a timed-out test's function runs
// on, so the suite aborts this signal once the describe block is done, which kills its servers and refuses restarts.
import { afterAll } from 'vitest';

/** An abort signal aborted in the calling describe block's afterAll. */
export function giveUpAfterAll(): AbortSignal {
  const giveUp = new AbortController();
  afterAll(() => giveUp.abort());
  return giveUp.signal;
}
