// Two instances on one PostgreSQL database, as behind a load balancer: two real HTTP servers, requests alternating
// between them. A session made on one works on the other (and its sign-out counts on both); the login allowance is
// counted once for both (the rate_limits table), not once per instance.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CampoApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createClub, PASSWORD, type TestClub } from '../support/factories';
import { databaseUrl, dropDatabase } from '../support/postgres';
import { clonePostgresTemplate, usingPostgres } from '../support/test-app';

interface Instance {
  campo: CampoApp;
  url: string;
  dataDir: string;
}

async function startInstance(url: string): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-instance-'));
  const config = loadConfig({}, { dataDir, databaseUrl: url, logLevel: 'silent', clientDir: path.join(dataDir, 'no-client'), jobsEnabled: false });
  const campo = await createApp({ config });
  await campo.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = campo.app.server.address() as { port: number };
  return { campo, url: `http://127.0.0.1:${port}`, dataDir };
}

async function post(instance: Instance, route: string, body: unknown = {}, token?: string) {
  const res = await fetch(`${instance.url}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; context: any; message: string } };
}

describe.runIf(usingPostgres())('two instances on one PostgreSQL database', () => {
  let database: string;
  let a: Instance;
  let b: Instance;
  let club: TestClub;

  beforeAll(async () => {
    database = await clonePostgresTemplate();
    [a, b] = await Promise.all([startInstance(databaseUrl(database)), startInstance(databaseUrl(database))]);
    club = await createClub(a.campo.deps);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(async (i) => {
      await i.campo.app.close();
      await rm(i.dataDir, { recursive: true, force: true });
    }));
    if (database) await dropDatabase(database);
  });

  it('a session made on A works on B, and signing out on B ends it on A too', async () => {
    const login = await post(a, '/login', { email: club.email, password: PASSWORD });
    expect(login.body.status).toBe(true);
    const token: string = login.body.context.token;

    for (const instance of [b, a, b]) {
      const me = await post(instance, '/me', {}, token);
      expect(me).toMatchObject({ status: 200, body: { status: true, context: { account: { email: club.email } } } });
    }
    expect((await post(b, '/logout', {}, token)).body.status).toBe(true);
    for (const instance of [a, b]) expect((await post(instance, '/me', {}, token)).status).toBe(401);
  });

  it('the login allowance (10 attempts an account) is shared: the 11th attempt is refused on both, not the 21st', async () => {
    const attempt = (instance: Instance) => post(instance, '/login', { email: club.email, password: 'sbagliata-1234' });
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const { status, body } = await attempt(i % 2 === 0 ? a : b);
      expect(body.status).toBe(false); // a wrong password, counted
      answers.push(status);
    }
    expect(answers).toEqual(Array(10).fill(200));
    // 5 attempts on each so far: in-memory limits would still allow 5 more on each
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
    // even the right password, until the window ends
    expect((await post(b, '/login', { email: club.email, password: PASSWORD })).status).toBe(429);

    const counter = await a.campo.deps.systemDb.rateLimitCounter.findUniqueOrThrow({ where: { key: `login:account:${club.email.toLowerCase()}` } });
    expect(counter.points).toBe(13);
    expect(Number(counter.expire)).toBeGreaterThan(Date.now());
  });
});
