// With SMTP_URL, mail really leaves through SMTP (to a local SMTP server started here), and no outbox file is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readOutbox, startTestApp, type TestApp } from '../support/test-app';
import { gql } from '../support/http';
import { createClub } from '../support/factories';

const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'CampoBase <noreply@campobase.test>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP_URL', () => {
  it('sends the password code by SMTP', async () => {
    const club = await createClub(t.deps);
    const res = await gql(t.app, `mutation($e: String!) { requestPasswordReset(input: { email: $e }) { __typename } }`, { e: club.email });
    expect(res.body.data.requestPasswordReset.__typename).toBe('MutationRequestPasswordResetSuccess');
    await t.deps.background.idle(); // the code is mailed after the answer
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([club.email]);
    expect(received[0].raw).toMatch(/From: CampoBase <noreply@campobase\.test>/);
    expect(received[0].raw).toMatch(/\b\d{6}\b/);
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });
});
