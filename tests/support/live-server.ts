// The production server (built client, file-backed PGlite in a temp DATA_DIR) listening on a free port.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { clubMidnight } from '../../schema/club-time';
import { createApp, type CampoApp, type CreateAppOptions } from '../../server/app';
import { clockFrom } from '../../server/lib/clock';
import { loadConfig, type ServerConfig } from '../../server/config';
import { migratedPGlite, trackOutbox } from './test-app';

/** The built client: dist/client, or CAMPOBASE_E2E_CLIENT_DIR (a build elsewhere, e.g. while dist/ is in use). */
export const CLIENT_DIR = path.resolve(process.env.CAMPOBASE_E2E_CLIENT_DIR ?? path.join(import.meta.dirname, '../../dist/client'));

/**
 * `overrides`: settings for this server (e.g. an analytics id), on top of the test defaults. `options.now`: the
 * server's clock for its calendar rules (server/lib/clock.ts), for tests whose outcome depends on the day.
 */
export async function startLiveServer(
  overrides: Partial<ServerConfig> = {},
  options: { now?: CreateAppOptions['now'] } = {},
): Promise<CampoApp & { url: string; dataDir: string; close(): Promise<void> }> {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error('dist/client is missing: run `npm run build` first');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-e2e-'));
  const config = loadConfig({}, { dataDir, logLevel: 'warn', clientDir: CLIENT_DIR, host: '127.0.0.1', port: 0, jobsEnabled: false, ...overrides });
  // The new DATA_DIR's database starts from the run's migrated tarball (pglite-global-setup.ts) rather than empty.
  const campo = await createApp({ config, loadDataDir: await migratedPGlite(), now: options.now });
  trackOutbox(dataDir, campo.deps);
  await campo.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = campo.app.server.address() as { port: number };
  return {
    ...campo,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await campo.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

/** 10:00 in Italy on the club's day `day` (yyyy-mm-dd): what a clocked server's and its pages' clocks read first. */
export const clubMorning = (day: string) => new Date(clubMidnight(day).getTime() + 10 * 3600_000);

/**
 * A live server whose clock stands at `now`, started before the file's tests (a loaded machine may take more than
 * the default minute) and closed after them; its `url` and `deps` are read once it has started.
 */
export function clockedLiveServer(now: Date): Pick<LiveServer, 'url' | 'deps' | 'dataDir'> {
  let started: LiveServer | undefined;
  beforeAll(async () => {
    started = await startLiveServer({}, { now: clockFrom(now) });
  }, 180_000);
  afterAll(() => started?.close());
  const live = () => {
    if (!started) throw new Error('the live server has not started yet');
    return started;
  };
  return {
    get url() {
      return live().url;
    },
    get deps() {
      return live().deps;
    },
    get dataDir() {
      return live().dataDir;
    },
  };
}

/** A GraphQL request to a live server as a club's administrator (what the admin client sends); throws on errors. */
export async function liveGql<T = Record<string, any>>(
  url: string,
  club: { token: string; clubToken: string },
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
