// Every request has an id (docs/operations.md): the caller's X-Request-Id when it is a short safe token, else a
// new one; echoed in the answer, on every log line of the request (fastify's, the services', the background work
// it started) and carried by the jobs it enqueued into their worker's log lines. The app's real pino logger writes
// to a stream the test reads; the job queue is the real pg-boss on the test's database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClub, type TestClub } from '../../support/factories';
import { metricsOf, sample } from '../../support/prometheus';
import { startTestApp, type TestApp } from '../../support/test-app';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  job?: string;
  jobId?: string;
  [key: string]: unknown;
}

const TOKEN = 'request-id-test-metrics-token-0123456789';
const ECHO_QUEUE = 'operations-test-echo';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const lines: LogLine[] = [];
const rawLines: string[] = [];
let t: TestApp;
let club: TestClub;

beforeAll(async () => {
  t = await startTestApp(
    { logLevel: 'info', jobsEnabled: true, metricsToken: TOKEN },
    {
      logStream: {
        write: (line: string) => {
          rawLines.push(line);
          lines.push(JSON.parse(line) as LogLine);
        },
      },
    },
  );
  // A request that enqueues a job, as the outbox and other request-started work do: a route of this test only.
  t.app.post('/operations-test/enqueue', async () => ({ jobId: await t.deps.jobs!.send(ECHO_QUEUE, { n: 1 }) }));
  club = await createClub(t.deps);
  await vi.waitFor(() => expect(t.lifecycle.jobs).toBe('started'), { timeout: 20_000 });
});
afterAll(() => t.close());

const linesOf = (requestId: string) => lines.filter((l) => l.requestId === requestId);

describe('the request id', () => {
  it("is the caller's X-Request-Id when it is a short safe token, echoed and on the request's log lines", async () => {
    const id = 'lb-7f3a9c.42_x:1';
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('is a new UUID when the caller sends none, or one that is not a short safe token', async () => {
    const given = [undefined, '', 'a'.repeat(65), 'due parole', 'x"}{"level":60', 'id;drop', 'àèì'];
    const ids = new Set<string>();
    for (const header of given) {
      const res = await t.app.inject({ method: 'GET', url: '/livez', headers: header === undefined ? {} : { 'x-request-id': header } });
      const id = res.headers['x-request-id'] as string;
      expect(id, String(header)).toMatch(UUID);
      expect(linesOf(id).length, String(header)).toBeGreaterThan(0);
      ids.add(id);
    }
    expect(ids.size).toBe(given.length);
    // Nothing the caller sent reached the log.
    expect(rawLines.join('\n')).not.toContain('drop');
  });

  it('is on the log lines the services and the background work of the request write', async () => {
    const id = 'forgot-request-0001';
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      payload: JSON.stringify({
        query: 'mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename } }',
        variables: { input: { email: club.email } },
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    // The code is mailed after the answer (password-reset.service.ts): in the background, then through the mail
    // outbox's job; the transport's summary line is written by the app's logger, not the request's.
    await vi.waitFor(() => expect(linesOf(id).find((l) => l.msg.startsWith('mail written to outbox'))).toMatchObject({ requestId: id, to: club.email }), {
      timeout: 15_000,
      interval: 100,
    });
    // Once per line, never twice (JSON would keep only the last).
    for (const raw of rawLines.filter((l) => l.includes(id))) expect(raw.split('"requestId"').length - 1).toBe(1);
  });

  it('reaches the job the request enqueued: in its data, and on its worker’s log lines', async () => {
    const seen: Array<{ data: unknown; id: string }> = [];
    await t.deps.jobs!.createQueue(ECHO_QUEUE);
    await t.deps.jobs!.work<{ n: number }>(ECHO_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      seen.push({ data: job.data, id: job.id });
      t.deps.log.info({ n: job.data.n }, 'operations test job ran');
    });

    const id = 'job-origin-request-42';
    const res = await t.app.inject({ method: 'POST', url: '/operations-test/enqueue', headers: { 'x-request-id': id } });
    const { jobId } = res.json<{ jobId: string }>();
    await vi.waitFor(() => expect(seen.map((s) => s.id)).toContain(jobId), { timeout: 15_000, interval: 100 });
    expect(seen.find((s) => s.id === jobId)?.data).toEqual({ n: 1, requestId: id });
    expect(lines.find((l) => l.msg === 'operations test job ran')).toMatchObject({ requestId: id, job: ECHO_QUEUE, jobId, n: 1 });

    // A job enqueued outside any request carries no id, and its worker's lines none either.
    const quiet = await t.deps.jobs!.send(ECHO_QUEUE, { n: 2 });
    await vi.waitFor(() => expect(seen.map((s) => s.id)).toContain(quiet), { timeout: 15_000, interval: 100 });
    expect(seen.find((s) => s.id === quiet)?.data).toEqual({ n: 2 });
    const quietLine = lines.find((l) => l.msg === 'operations test job ran' && l.n === 2);
    expect(quietLine).toMatchObject({ job: ECHO_QUEUE, jobId: quiet });
    expect(quietLine?.requestId).toBeUndefined();
  });
});

describe('the job queue in the metrics', () => {
  it("reports each queue's depth: jobs waiting and running", async () => {
    const queue = 'operations-test-depth';
    await t.deps.jobs!.createQueue(queue);
    expect(sample(await metricsOf(t.app, TOKEN), 'campobase_job_queue_jobs', { queue, state: 'queued' })).toBe(0);
    for (let i = 0; i < 3; i++) await t.deps.jobs!.send(queue, { i });
    const text = await metricsOf(t.app, TOKEN);
    expect(sample(text, 'campobase_job_queue_jobs', { queue, state: 'queued' })).toBe(3);
    expect(sample(text, 'campobase_job_queue_jobs', { queue, state: 'active' })).toBe(0);
    if (t.databaseKind === 'postgres') expect(sample(text, 'campobase_db_pool_max_connections', { pool: 'jobs' })).toBe(2);
  });
});
