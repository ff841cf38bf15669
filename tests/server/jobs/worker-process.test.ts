// `npm run worker` (issue 34 point 6): the jobs in a process of their own. On PostgreSQL, a web app started with
// JOBS=worker only enqueues: a password reset's mail waits in the outbox, handed to the queue and not attempted by
// the web process; the worker (server/worker.ts, a real child process) starts, takes the job and delivers the mail to
// an SMTP server; SIGTERM stops it gracefully (exit 0). The setting itself: JOBS=worker needs DATABASE_URL, an
// unknown value is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config';
import { repoRoot } from '../../../server/db/migrate';
import { MAIL_QUEUE } from '../../../server/lib/mail-outbox';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

const LONG = { timeout: 60_000, interval: 100 };
const RESET = `mutation Reset($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename } }`;

describe('JOBS: the setting', () => {
  it('web (the default), worker (PostgreSQL only) or off; anything else is refused', () => {
    const url = 'postgresql://127.0.0.1:5432/campobase';
    expect(loadConfig({})).toMatchObject({ jobsEnabled: true, jobsInWorker: false });
    expect(loadConfig({ JOBS: 'web' })).toMatchObject({ jobsEnabled: true, jobsInWorker: false });
    expect(loadConfig({ JOBS: '0' })).toMatchObject({ jobsEnabled: false, jobsInWorker: false });
    expect(loadConfig({ JOBS: 'off' })).toMatchObject({ jobsEnabled: false, jobsInWorker: false });
    expect(loadConfig({ JOBS: 'worker', DATABASE_URL: url })).toMatchObject({ jobsEnabled: false, jobsInWorker: true });
    expect(() => loadConfig({ JOBS: 'worker' })).toThrow('JOBS=worker richiede DATABASE_URL');
    expect(() => loadConfig({ JOBS: 'altrove', DATABASE_URL: url })).toThrow('JOBS deve essere web, worker o off');
  });
});

describe.runIf(usingPostgres())('npm run worker beside a web app with JOBS=worker', () => {
  const received: Array<{ to: string; text: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  let t: TestApp;
  let club: TestClub;
  let workerDir: string;
  let worker: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp({ jobsEnabled: false, jobsInWorker: true, smtpUrl: `smtp://127.0.0.1:${port}` });
    club = await createClub(t.deps);
    workerDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-worker-'));
  }, 120_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (workerDir) await rm(workerDir, { recursive: true, force: true });
  });

  it('the web app enqueues the mail without attempting it; the worker delivers it; SIGTERM stops the worker cleanly', { timeout: 120_000 }, async () => {
    await vi.waitFor(() => expect(t.lifecycle.jobs).toBe('started'), LONG);
    const answer = await gql(t.app, RESET, { input: { email: club.email } });
    expect(answer.body.data?.requestPasswordReset.__typename).toBe('MutationRequestPasswordResetSuccess');

    // Handed to the queue by the web app, which has no worker: pending, never attempted, its job waiting.
    const row = () => t.deps.systemDb.mailOutbox.findFirstOrThrow({ where: { recipients: club.email }, orderBy: { createdAt: 'desc' } });
    await vi.waitFor(async () => expect((await row()).queuedAt).toBeInstanceOf(Date), LONG);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await row()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(received).toEqual([]);
    const mailId = (await row()).id;
    const jobState = async () =>
      (await t.deps.systemDb.$queryRaw<Array<{ state: string }>>`SELECT state::text FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'mailId' = ${mailId}`).map((j) => j.state);
    expect(await jobState()).toEqual(['created']);

    // The worker: its own process, no HTTP, the same settings (JOBS=worker included, which it ignores).
    worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: t.deps.config.databaseUrl, SMTP_URL: t.deps.config.smtpUrl, JOBS: 'worker', DATA_DIR: workerDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker!.once('exit', (code) => resolve(code)));

    await vi.waitFor(() => expect(received.map((m) => m.to)).toContain(club.email), LONG);
    expect(received.find((m) => m.to === club.email)!.text).toMatch(/password/i);
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'sent', attempts: 1 }), LONG);
    // The row is marked sent inside the job; pg-boss completes the job right after, so a loaded machine may look between.
    await vi.waitFor(async () => expect(await jobState()).toEqual(['completed']), LONG);
    // The queue may hand the mail over before the start's own line is written: its line comes, sooner or later.
    await vi.waitFor(() => expect(output).toContain('CampoBase worker pronto'), LONG);
    expect(output).not.toMatch(/ascolto su|listening/i);

    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('worker: shut down');
  });
});
