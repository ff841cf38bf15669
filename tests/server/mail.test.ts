// With SMTP_URL, mail really leaves through SMTP (to a local SMTP server started here), and no outbox file is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { readOutbox, startTestApp, type TestApp } from '../support/test-app';
import { gql } from '../support/http';
import { createClub } from '../support/factories';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('SMTP_URL', () => {
  it('sends the password code by SMTP', async () => {
    const club = await createClub(t.deps);
    const res = await gql(t.app, `mutation($e: String!) { requestPasswordReset(input: { email: $e }) { __typename } }`, { e: club.email });
    expect(res.body.data.requestPasswordReset.__typename).toBe('MutationRequestPasswordResetSuccess');
    await t.deps.background.idle(); // the code is mailed after the answer
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([club.email]);
    expect(smtp.received[0].raw).toMatch(/From: CampoBase <noreply@campobase\.test>/);
    expect(smtp.received[0].raw).toMatch(/\b\d{6}\b/);
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });
});
