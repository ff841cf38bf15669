// Once per run of the component tests: the real app on an in-memory PGlite, listening on a free port. The
// components render in jsdom and talk to it through the app's own Apollo client (tests/components/setup.ts sends
// the client's relative '/graphql' there), so a form's validation, errors and lookups meet the real server.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migratedTemplate } from './pglite-global-setup';

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-components-'));
  const config = loadConfig({}, {
    dataDir,
    logLevel: 'silent',
    clientDir: path.join(dataDir, 'no-client'),
    host: '127.0.0.1',
    port: 0,
    jobsEnabled: false,
    // every file signs up its own clubs from the same address
    rateLimitFactor: 1000,
  });
  // The run's migrated database (shared with the other PGlite projects) rather than initdb and every migration here.
  const template = await migratedTemplate();
  const campo = await createApp({ config, inMemoryDatabase: true, loadDataDir: new Blob([await readFile(template.file)]) });
  await campo.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = campo.app.server.address() as { port: number };
  project.provide('componentServerUrl', `http://127.0.0.1:${port}`);
  return async () => {
    await campo.app.close();
    await rm(dataDir, { recursive: true, force: true });
    await template.release();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    componentServerUrl: string;
  }
}
