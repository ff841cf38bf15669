// Liveness, readiness and the graceful stop (docs/operations.md), on the real app listening on a port: /livez
// never asks the database, /readyz answers 503 while the instance starts and from the first moment of a stop; a
// stop lets the requests in flight finish (bounded by the timeout) before the database closes. The last test
// sends SIGTERM to the real server process (`server/index.ts`).
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it, vi } from 'vitest';
import { createPGlite } from '../../../server/db/adapters';
import { drainAndClose } from '../../../server/operations/shutdown';
import { freePort, healthy, startServer } from '../../support/crash-harness';
import { giveUpAfterAll } from '../../support/give-up';
import { adminQuery, databaseUrl, dropDatabase } from '../../support/postgres';
import { migratedPGlite, startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

interface Answer {
  status: number;
  body: any;
}

/** A GET on a connection of its own (no keep-alive), so a closed port shows as a refused connection. */
function get(base: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : text }));
      })
      .on('error', reject);
  });
}

/**
 * A GraphQL request in flight: its headers and the first bytes of its body are sent now, the rest when `finish` is
 * called, so the server holds it open meanwhile.
 */
function requestInFlight(base: string) {
  const body = JSON.stringify({ query: '{ __typename }' });
  const req = http.request(`${base}/graphql`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  answer.catch(() => {}); // observed by the test
  req.write(body.slice(0, 5));
  req.flushHeaders();
  return { answer, finish: () => req.end(body.slice(5)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

describe('/livez and /readyz', () => {
  it('/readyz answers 503 while the instance starts (migrations, then the job queue), then 200; /livez 200 all along', { timeout: 120_000 }, async () => {
    const t = await startTestApp({ jobsEnabled: true }, { waitForDatabase: false });
    try {
      const first = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ status: 'starting' });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ status: 'ok' });
      await vi.waitFor(async () => expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200), { timeout: 100_000, interval: 50 });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', database: t.databaseKind, checks: { migrations: 'applied', jobs: 'started', database: 'ok' } });
      expect(ready.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  // PostgreSQL: a server the app can no longer reach (PGlite lives in the process and cannot go away on its own).
  it.skipIf(!usingPostgres())('/readyz asks the database and answers 503 when it does not answer; /livez does not ask it', async () => {
    const t = await startTestApp();
    const name = new URL(t.deps.config.databaseUrl!).pathname.slice(1);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready', checks: { jobs: 'off', database: 'ok' } });
      await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      const readyz = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(readyz.statusCode).toBe(503);
      expect(readyz.json()).toMatchObject({ status: 'error', checks: { database: 'unreachable' } });
      expect(await t.app.inject({ method: 'GET', url: '/livez' })).toMatchObject({ statusCode: 200 });
    } finally {
      await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await t.close();
    }
  });
});

describe('a graceful stop', () => {
  const giveUp = giveUpAfterAll();

  it('answers /readyz 503 at once, serves during the delay, then lets a request in flight finish before it closes', async () => {
    const t = await startTestApp();
    try {
      const base = await listening(t);
      expect((await get(base, '/readyz')).status).toBe(200);

      const inFlight = requestInFlight(base);
      await sleep(200); // the server has its headers: a request in flight
      const started = Date.now();
      const stopping = drainAndClose(t.app, t.lifecycle, { delayMs: 1000, timeoutMs: 10_000, log: t.app.log });

      // The delay: not ready, still alive and serving.
      expect(await get(base, '/readyz')).toMatchObject({ status: 503, body: { status: 'draining' } });
      expect(await get(base, '/livez')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect((await get(base, '/healthz')).status).toBe(200);

      // Past the delay the port is closed to new connections, while the request in flight is still open.
      await sleep(1300);
      await expect(get(base, '/livez')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      inFlight.finish();
      expect(await inFlight.answer).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });

      await stopping;
      // Its own pace, not the timeout's.
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await t.close();
    }
  });

  it('cuts a request that does not finish within the timeout, and closes', async () => {
    const t = await startTestApp();
    try {
      const base = await listening(t);
      const stuck = requestInFlight(base); // never finished
      await sleep(200);
      const started = Date.now();
      await drainAndClose(t.app, t.lifecycle, { delayMs: 0, timeoutMs: 500, log: t.app.log });
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(stuck.answer).rejects.toThrow();
    } finally {
      await t.close();
    }
  });

  it('on SIGTERM the server process drains and exits with 0', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-sigterm-'));
    const pgName = usingPostgres() ? `${inject('postgresTemplate')}_sigterm_${process.pid}` : undefined;
    if (pgName) {
      await adminQuery(`CREATE DATABASE "${pgName}" TEMPLATE "${inject('postgresTemplate')}"`);
    } else {
      // The run's migrated database in DATA_DIR, so the process starts without creating and migrating one.
      const seed = createPGlite(path.join(dataDir, 'pglite'), await migratedPGlite());
      await seed.waitReady;
      await seed.close();
    }
    const port = await freePort();
    const server = await startServer(dataDir, port, 0, {
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_SECONDS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      ...(pgName ? { DATABASE_URL: databaseUrl(pgName) } : {}),
    }, giveUp);
    try {
      await healthy(server, 180_000);
      await vi.waitFor(async () => expect((await get(server.url, '/readyz')).status).toBe(200), { timeout: 60_000, interval: 200 });

      const inFlight = requestInFlight(server.url);
      await sleep(200);
      server.child.kill('SIGTERM');
      await vi.waitFor(async () => expect(await get(server.url, '/readyz')).toMatchObject({ status: 503, body: { status: 'draining' } }), { timeout: 5000, interval: 50 });
      await sleep(1500); // past the delay: the port is closed, the request still in flight
      inFlight.finish();
      expect(await inFlight.answer).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
      expect(await server.exited).toBe(0);
      const logged = server.output();
      expect(logged).toMatch(/"signal":"SIGTERM".*"msg":"shutting down"/);
      expect(logged).toMatch(/"msg":"shut down"/);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
      if (pgName) await dropDatabase(pgName);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
