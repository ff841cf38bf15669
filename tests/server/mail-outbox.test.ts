// The mail outbox (issue 16 point 1), with the job queue running: every mail is first a row of mail_outbox, handed to
// the queue and delivered through the transport (the .eml folder of the embedded default, or a real SMTP server
// started here); a failed delivery is retried with backoff and the last failure is recorded and logged; a mail is
// never sent twice (a second job, a mail already sent or being sent); a mail written inside a transaction exists iff
// that transaction commits, an invitation's mail included.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_QUEUE } from '../../server/lib/mail-outbox';
import { createClub } from '../support/factories';
import { gql } from '../support/http';
import { outboxDelivered, readOutbox, startTestApp, type TestApp } from '../support/test-app';

const LONG = { timeout: 60_000, interval: 100 };

/** Waits for the app's job queue and its workers (the mail worker among them) to have started. */
async function queueStarted(t: TestApp) {
  await vi.waitFor(() => expect(t.lifecycle.jobs).toBe('started'), LONG);
}

const rowTo = (t: TestApp, to: string) => t.deps.systemDb.mailOutbox.findFirstOrThrow({ where: { recipients: to }, orderBy: { createdAt: 'desc' } });

/** Until pg-boss has settled job `id` (completed, or failed for good). */
async function jobSettled(t: TestApp, id: string | null) {
  await vi.waitFor(async () => {
    const [job] = await t.deps.systemDb.$queryRaw<Array<{ state: string }>>`SELECT state::text FROM pgboss.job WHERE id = ${id}::uuid`;
    expect(['completed', 'failed']).toContain(job?.state);
  }, LONG);
}

describe('the embedded default: the .eml folder, through the job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ jobsEnabled: true });
    await queueStarted(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('writes the mail to the table, hands it to the queue, and the .eml file appears; the sent row keeps no body', async () => {
    await t.deps.mailer.send({ to: 'tabella@example.it', subject: 'Dalla tabella', text: 'Consegnata dalla coda.' });
    const written = await rowTo(t, 'tabella@example.it');
    expect(written).toMatchObject({ subject: 'Dalla tabella' });
    expect(await readOutbox(t.dataDir)).toContainEqual({ to: 'tabella@example.it', subject: 'Dalla tabella', text: 'Consegnata dalla coda.\n' });
    const sent = await rowTo(t, 'tabella@example.it');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, text: '' });
    expect(sent.queuedAt).toBeInstanceOf(Date);
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('a mail written in a transaction that rolls back never exists; one that commits is delivered', async () => {
    await expect(
      t.deps.systemDb.$transaction(async (tx) => {
        await t.deps.mailer.send({ to: 'annullato@example.it', subject: 'Mai partita', text: 'x' }, {}, { tx });
        await t.deps.mailer.send({ to: 'annullato@example.it', subject: 'Mai partita (2)', text: 'x' }, {}, { tx });
        throw new Error('la scrittura fallisce');
      }),
    ).rejects.toThrow('la scrittura fallisce');
    await t.deps.systemDb.$transaction(async (tx) => {
      await t.deps.mailer.send({ to: 'confermato@example.it', subject: 'Partita', text: 'Con la scrittura.' }, {}, { tx });
      await t.deps.mailer.send({ to: 'confermato@example.it', subject: 'Partita (2)', text: 'Anche questa.' }, {}, { tx });
      // the hand-over waits for the commit, however late it comes
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const mails = await readOutbox(t.dataDir);
    expect(mails.filter((m) => m.to === 'annullato@example.it')).toEqual([]);
    expect(mails.filter((m) => m.to === 'confermato@example.it').map((m) => m.subject).sort()).toEqual(['Partita', 'Partita (2)']);
    // neither the rolled-back rows nor the probe that saw them roll back are left
    expect(await t.deps.systemDb.mailOutbox.count({ where: { recipients: 'annullato@example.it' } })).toBe(0);
    expect(await t.deps.systemDb.mailOutbox.count({ where: { recipients: '' } })).toBe(0);
  });

  it("an invitation's mail is written with the invitation, with the club and the request's id", async () => {
    const owner = await createClub(t.deps, { fullName: 'ASD Posta in Uscita' });
    const INVITE = `mutation($input: InviteCollaboratorInput!) { inviteCollaborator(input: $input) { __typename } }`;
    const res = await gql(t.app, INVITE, { input: { email: 'nuova.segreteria@example.it', role: 'segreteria' } }, { token: owner.token, club: owner.clubToken });
    expect(res.body.data.inviteCollaborator.__typename).toBe('MutationInviteCollaboratorSuccess');
    await outboxDelivered(t.deps);
    expect(await rowTo(t, 'nuova.segreteria@example.it')).toMatchObject({ status: 'sent', originClubId: owner.clubId, requestId: res.headers['x-request-id'] });
    expect((await readOutbox(t.dataDir)).filter((m) => m.to === 'nuova.segreteria@example.it')).toHaveLength(1);
  });
});

describe('SMTP: retries, the final failure, never twice', () => {
  // Refuses RCPT (451, temporary) for "una-volta-..." addresses the first time, and for "mai@..." always.
  const received: Array<{ to: string[]; raw: string }> = [];
  const refused = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      if (to.startsWith('mai@') || (to.startsWith('una-volta') && !refused.has(to))) {
        refused.add(to);
        return callback(Object.assign(new Error('Casella temporaneamente non disponibile'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const receivedBy = (to: string) => received.filter((m) => m.to.includes(to));

  const logs: Array<{ level: number; msg: string; mailId?: string }> = [];
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    // One retry, 1-2 s after the first failure.
    t = await startTestApp(
      { jobsEnabled: true, smtpUrl: `smtp://127.0.0.1:${port}`, mailRetries: 1, mailRetrySeconds: 1, logLevel: 'warn' },
      { logStream: { write: (line) => void logs.push(JSON.parse(line) as (typeof logs)[number]) } },
    );
    await queueStarted(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('retries a refused delivery with backoff, then delivers it once, with the error of the first attempt kept', async () => {
    const to = 'una-volta@example.it';
    await t.deps.mailer.send({ to, subject: 'Secondo tentativo', text: 'Ci riprovo.' });
    await vi.waitFor(async () => expect((await rowTo(t, to)).status).toBe('sent'), LONG);
    const row = await rowTo(t, to);
    expect(row).toMatchObject({ attempts: 2, lastError: expect.stringContaining('Casella temporaneamente non disponibile') });
    expect(receivedBy(to)).toHaveLength(1);
    expect(receivedBy(to)[0].raw).toContain(`Message-ID: <${row.id}@campobase.local>`);
    expect(logs).toContainEqual(expect.objectContaining({ level: 40, msg: 'mail not delivered: it will be retried', mailId: row.id }));
  });

  it('records the last failure once no retry is left, and logs it as an error', async () => {
    await t.deps.mailer.send({ to: 'mai@example.it', subject: 'Non arriverà', text: 'Mai.' });
    await vi.waitFor(async () => expect((await rowTo(t, 'mai@example.it')).status).toBe('failed'), LONG);
    const row = await rowTo(t, 'mai@example.it');
    expect(row).toMatchObject({ attempts: 2, sentAt: null, text: 'Mai.', lastError: expect.stringContaining('451') });
    expect(logs).toContainEqual(expect.objectContaining({ level: 50, msg: 'mail not delivered: no retries left (status failed in mail_outbox)', mailId: row.id }));
    expect(receivedBy('mai@example.it')).toEqual([]);
  });

  it('never sends a mail twice: a second job for it, a job for a sent mail, a job for a mail being sent', async () => {
    const to = 'una-sola-volta@example.it';
    await t.deps.mailer.send({ to, subject: 'Una sola volta', text: 'Uno.' });
    const { id } = await rowTo(t, to);
    // a duplicate job while the first may still be waiting or running
    await jobSettled(t, await t.deps.jobs!.send(MAIL_QUEUE, { mailId: id }));
    await outboxDelivered(t.deps);
    // and one more once it is sent (as after a crash between the delivery and the job's completion)
    await jobSettled(t, await t.deps.jobs!.send(MAIL_QUEUE, { mailId: id }));
    expect(await rowTo(t, to)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(receivedBy(to)).toHaveLength(1);

    // a mail another worker is sending right now (its claim is fresh) is left to it
    await t.deps.mailer.send({ to: 'in-corso@example.it', subject: 'In corso', text: 'Due.' });
    await outboxDelivered(t.deps);
    const sending = await rowTo(t, 'in-corso@example.it');
    await t.deps.systemDb.mailOutbox.update({ where: { id: sending.id }, data: { status: 'sending', lastAttemptAt: new Date() } });
    await jobSettled(t, await t.deps.jobs!.send(MAIL_QUEUE, { mailId: sending.id }));
    expect(await rowTo(t, 'in-corso@example.it')).toMatchObject({ status: 'sending', attempts: 1 });
    expect(receivedBy('in-corso@example.it')).toHaveLength(1);
    await t.deps.systemDb.mailOutbox.update({ where: { id: sending.id }, data: { status: 'sent' } });
  });
});
