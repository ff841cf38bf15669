// Two instances on one PostgreSQL database, as behind a load balancer: two real HTTP servers, each with its job
// queue, requests alternating between them. A session made on one works on the other (and its sign-out counts on
// both); the login allowance is counted once for both (the rate_limits table), not once per instance; a file
// uploaded through one is served by the other; each periodic task runs once per period across both (one pg-boss job
// per time slot, however many instances tick: jobs/periodic.ts), a certificate reminder due when both start is mailed
// once, a third instance starting later runs nothing again, and a job a request on one enqueues is worked by the
// other. Ticks are fired by the test, never waited for.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, clubDate } from '../../schema/club-time';
import { ACCESS_LOG_PRUNE_QUEUE } from '../../server/access/access-log';
import { createApp, type CampoApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { MAIL_SWEEP_QUEUE } from '../../server/jobs/mail-delivery';
import { REMINDER_QUEUE } from '../../server/modules/certificates/certificate-reminders.service';
import { FEE_REMINDER_QUEUE } from '../../server/modules/fees/fee-reminders.job';
import { NOTICE_DELIVERY_QUEUE } from '../../server/modules/notices/notice-delivery.job';
import { WEBHOOK_SCAN_QUEUE } from '../../server/modules/federation/webhook-delivery';
import { createClub, PASSWORD, type TestClub } from '../support/factories';
import { clubContext, createPerson, nextTaxCode } from '../support/people-factories';
import { databaseUrl, dropDatabase } from '../support/postgres';
import { clonePostgresTemplate, usingPostgres } from '../support/test-app';
import { pdf } from './files/fixtures';

interface Instance {
  campo: CampoApp;
  url: string;
  dataDir: string;
}

/** A test queue that only B works: A's requests enqueue into it. */
const ECHO_QUEUE = 'two-instances-echo';
/** Each periodic task and its period here (the defaults, but webhook scans hourly so that no tick fires on its own). */
const PERIODS: Record<string, number> = { [MAIL_SWEEP_QUEUE]: 60, [WEBHOOK_SCAN_QUEUE]: 3600, [REMINDER_QUEUE]: 3600, [FEE_REMINDER_QUEUE]: 3600, [ACCESS_LOG_PRUNE_QUEUE]: 86_400, [NOTICE_DELIVERY_QUEUE]: 10 };
const WAIT = { timeout: 20_000, interval: 50 };

async function startInstance(url: string, jobsEnabled: boolean, beforeListen?: (campo: CampoApp) => void): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-instance-'));
  const config = loadConfig({}, {
    dataDir,
    databaseUrl: url,
    logLevel: 'silent',
    clientDir: path.join(dataDir, 'no-client'),
    jobsEnabled,
    reminderScanMinutes: PERIODS[REMINDER_QUEUE] / 60,
    webhookScanSeconds: PERIODS[WEBHOOK_SCAN_QUEUE],
  });
  const campo = await createApp({ config });
  beforeListen?.(campo);
  await campo.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = campo.app.server.address() as { port: number };
  return { campo, url: `http://127.0.0.1:${port}`, dataDir };
}

async function stopInstance(instance: Instance) {
  await instance.campo.app.close();
  await rm(instance.dataDir, { recursive: true, force: true });
}

async function post(instance: Instance, route: string, body: unknown = {}, token?: string) {
  const res = await fetch(`${instance.url}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; context: any; message: string } };
}

interface JobRow {
  id: string;
  state: string;
  slot: number | null;
}

describe.runIf(usingPostgres())('two instances on one PostgreSQL database', () => {
  let database: string;
  let a: Instance;
  let b: Instance;
  let club: TestClub;
  const reminded = 'promemoria.due.istanze@example.it';
  const echoed: Array<{ id: string; data: Record<string, unknown> }> = [];

  const jobsOf = async (queue: string) =>
    a.campo.deps.systemDb.$queryRaw<JobRow[]>`
      SELECT id::text, state::text, extract(epoch FROM singleton_on)::float8 AS slot FROM pgboss.job WHERE name = ${queue} ORDER BY created_on`;
  const taskOf = (instance: Instance, queue: string) => instance.campo.deps.periodicTasks!.get(queue)!;

  beforeAll(async () => {
    database = await clonePostgresTemplate();
    // The club and an athlete whose certificate reaches its 7-day reminder today, written before the instances start
    // (by a third one without the queue), so that the scans both run at start find it.
    const setup = await startInstance(databaseUrl(database), false);
    try {
      club = await createClub(setup.campo.deps);
      await createPerson(await clubContext(setup.campo.deps, club), 'athlete', {
        profile: { firstname: 'Atleta', lastname: 'Dueistanze', birthday: '1990-01-01', emailPrimary: reminded },
        details: { medicalExaminationExpirationDate: addDays(clubDate(new Date()), 7) },
      });
    } finally {
      await stopInstance(setup);
    }
    [a, b] = await Promise.all([
      startInstance(databaseUrl(database), true, (campo) => {
        campo.app.post('/two-instances-test/enqueue', async () => ({ jobId: await campo.deps.jobs!.send(ECHO_QUEUE, { n: 1 }) }));
      }),
      startInstance(databaseUrl(database), true),
    ]);
    await vi.waitFor(() => expect([a.campo.lifecycle.jobs, b.campo.lifecycle.jobs]).toEqual(['started', 'started']), WAIT);
    // From here on the test fires the ticks: the instances' own timers (the mail sweep's every minute) are stopped.
    for (const instance of [a, b]) for (const task of instance.campo.deps.periodicTasks!.values()) task.stop();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
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

  it('a file uploaded through A is downloaded byte for byte through B', async () => {
    const auth = { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken };
    // A real PDF followed by random bytes: large enough to span several network reads, and unlike any other file.
    const content = Buffer.concat([pdf(), randomBytes(300_000)]);
    const SAVE = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename
      ... on MutationSavePersonSuccess { data { role { athlete { medicalExaminationDocument { url size } } } } } } }`;
    const input = { kind: 'athlete', profile: { firstname: 'Sara', lastname: 'Caricata', taxIdCode: nextTaxCode('UPL'), typeGenderId: 2 }, athlete: { medicalExaminationDocument: null } };
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: SAVE, variables: { input } }));
    form.append('map', JSON.stringify({ 0: ['variables.input.athlete.medicalExaminationDocument'] }));
    form.append('0', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'certificato.pdf');
    const uploaded = await fetch(`${a.url}/graphql`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(200);
    const doc = (await uploaded.json()).data.savePerson.data.role.athlete.medicalExaminationDocument;
    expect(doc.size).toBe(content.length);

    const served = await fetch(`${b.url}${doc.url}`, { headers: auth });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
  });

  describe('jobs', () => {
    /** Waits until no job of `queue` is waiting or running, and answers its rows. */
    async function settled(queue: string): Promise<JobRow[]> {
      let rows: JobRow[] = [];
      await vi.waitFor(async () => {
        rows = await jobsOf(queue);
        expect(rows.filter((r) => !['completed', 'failed'].includes(r.state))).toEqual([]);
      }, WAIT);
      return rows;
    }

    /** One job per slot of the task's period, each completed: the run happened once in each slot. */
    function oncePerSlot(queue: string, rows: JobRow[]) {
      const slots = rows.map((r) => r.slot);
      expect(slots, queue).not.toContain(null);
      expect(new Set(slots).size, queue).toBe(rows.length);
      for (const slot of slots) expect(slot! % PERIODS[queue], queue).toBe(0);
      for (const row of rows) expect(row.state, queue).toBe('completed');
    }

    it('both instances started at once: each periodic task made one job for its slot, and the due reminder is mailed once', async () => {
      expect([...a.campo.deps.periodicTasks!.keys()].sort()).toEqual(Object.keys(PERIODS).sort());
      for (const queue of Object.keys(PERIODS)) {
        for (const instance of [a, b]) expect(taskOf(instance, queue).slotSeconds).toBe(PERIODS[queue]);
        const rows = await settled(queue);
        expect(rows.length, queue).toBeGreaterThanOrEqual(1);
        oncePerSlot(queue, rows);
      }
      // One scan claimed the reminder (the claim is unique too: this shows the mail, not which guard held).
      await vi.waitFor(async () => {
        const mails = await a.campo.deps.systemDb.mailOutbox.findMany({ where: { recipients: reminded } });
        expect(mails.map((m) => [m.status, m.attempts])).toEqual([['sent', 1]]);
      }, WAIT);
      expect(await a.campo.deps.systemDb.certificateReminder.count({ where: { recipient: reminded } })).toBe(1);
    });

    it('a tick fired on both at once, and again on B once the run is over, adds no second job to the slot', async () => {
      // The 10-second notice delivery is left out: its own timers tick within this test's window, adding jobs the
      // count below cannot tell from the test's (its one job per slot is checked by the tests around this one).
      for (const queue of Object.keys(PERIODS).filter((q) => PERIODS[q] >= 60)) {
        const before = await settled(queue);
        const together = await Promise.all([a, b].map((instance) => taskOf(instance, queue).tick()));
        expect(together.filter(Boolean).length, queue).toBeLessThanOrEqual(1);
        await settled(queue);
        const later = await taskOf(b, queue).tick();
        const after = await settled(queue);
        // A tick that made a job found its slot empty: the minute (or hour) turned since the last one.
        const made = [...together, later].filter((id): id is string => !!id);
        expect(after.length - before.length, queue).toBe(made.length);
        oncePerSlot(queue, after);
        const slotOf = (id: string) => after.find((r) => r.id === id)!.slot;
        for (const id of made) expect(before.map((r) => r.slot), queue).not.toContain(slotOf(id));
      }
    });

    it('an instance started later (a restart) starts its queue on the existing queues, and adds no second job to a slot', async () => {
      const c = await startInstance(databaseUrl(database), true);
      try {
        await vi.waitFor(() => expect(c.campo.lifecycle.jobs).toBe('started'), WAIT);
        for (const queue of Object.keys(PERIODS)) oncePerSlot(queue, await settled(queue));
      } finally {
        await stopInstance(c);
      }
    });

    it('a job enqueued by a request on A is worked by B, with the request id of A', async () => {
      await b.campo.deps.jobs!.createQueue(ECHO_QUEUE);
      await b.campo.deps.jobs!.work<Record<string, unknown>>(ECHO_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        echoed.push({ id: job.id, data: job.data });
      });
      const res = await fetch(`${a.url}/two-instances-test/enqueue`, { method: 'POST', headers: { 'x-request-id': 'da-a-verso-b-1' } });
      const { jobId } = (await res.json()) as { jobId: string };
      expect(jobId).toBeTruthy();
      await vi.waitFor(() => expect(echoed.map((e) => e.id)).toContain(jobId), WAIT);
      expect(echoed.find((e) => e.id === jobId)!.data).toEqual({ n: 1, requestId: 'da-a-verso-b-1' });
    });
  });
});
