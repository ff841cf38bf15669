// Run before each e2e file (setupFiles), in a worker that keeps its browser across files: whatever a file left
// open is closed when it ends, so no page of one file runs on (polling, animating) during the next.
import { afterAll } from 'vitest';
import { closeOpenContexts } from './browser';

afterAll(closeOpenContexts);
