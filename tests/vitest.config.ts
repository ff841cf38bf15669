// `npm test`: client unit tests, component tests (jsdom, against the real app), the server suite on embedded PGlite,
// again on PostgreSQL when 127.0.0.1:5432 (or TEST_DATABASE_URL) answers, then the end-to-end suite in headless Chromium.
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { postgresAdminUrl, postgresReachable } from './support/postgres';

const root = path.resolve(import.meta.dirname, '..');
const serverTests = ['tests/server/**/*.test.ts', 'tests/compat/**/*.test.ts'];
const withPostgres = await postgresReachable();
if (!withPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl()}: the PostgreSQL run of the server suite is skipped.`);

export default defineConfig({
  root,
  // Node loads graphql's CommonJS build for Pothos and Yoga; make our own imports use that same copy
  // (Vite would pick index.mjs, and two copies of graphql refuse each other's types).
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default in a run is one worker fewer than the cores: on these 2-core machines a single file at a time,
    // with a core idle while a file waits on PostgreSQL or Chromium. Two workers halved the suite (16 -> 8.5 min);
    // a third keeps both cores busy while a browser file waits on its page (the e2e files alone: 450 -> 390 s).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'client', include: ['tests/client/**/*.test.ts'] } },
      // `npm run lint`, run from the start at the lowest priority and awaited by the last project to run (by name).
      { extends: true, test: { name: 'static:lint', include: ['tests/static/**/*.test.ts'], globalSetup: ['tests/support/lint-global-setup.ts'] } },
      {
        extends: true,
        test: {
          // Components (Testing Library in jsdom) against the real server, started once for the run.
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
          globalSetup: ['tests/support/component-server-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server:pglite',
          // The server files share a worker's module graph (the app, Prisma and the schema imported once, not per
          // file: a third of this project's time). Each file still starts its own app on its own database.
          isolate: false,
          include: serverTests,
          env: { CAMPOBASE_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/pglite-global-setup.ts'],
        },
      },
      ...(withPostgres
        ? [{
            extends: true as const,
            test: {
              name: 'server:postgres',
              isolate: false,
              include: serverTests,
              env: { CAMPOBASE_TEST_DB: 'postgres' },
              globalSetup: ['tests/support/postgres-global-setup.ts'],
            },
          }]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // As on the server: the files of a worker share its module graph (the app imported once, not per file)
          // and its one Chromium (tests/support/browser.ts). Each file still starts its own server and contexts.
          isolate: false,
          setupFiles: ['tests/support/e2e-setup.ts'],
          testTimeout: 120_000,
          // Two browser files at a time on 2 cores: a test that fails is run once more (a regression fails twice).
          // Flakes seen under load are fixed where understood (tests/support/browser.ts); the rest stay listed in
          // docs/testing.md ("Known flaky tests") rather than hidden.
          retry: 1,
          // expect.poll waits as long as the pages' own waits (page.setDefaultTimeout(15_000)), not vitest's 1 s: a
          // count polled right after a navigation read 0 under load and failed where the page was only slow.
          expect: { poll: { timeout: 15_000 } },
          env: { CAMPOBASE_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/pglite-global-setup.ts'],
        },
      },
    ],
  },
});
