// `forgot` answers known and unknown emails in the same time: the request only validates and counts the rate limit;
// the account lookup, the stored code and the mail come after the answer. Shown with a mail server that does not
// answer until the test lets it: the answer cannot be waiting for it. No clocks, no sleeps.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../../server/lib/mailer';
import { createClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';

const REQUEST = `mutation($email: String!) { requestPasswordReset(input: { email: $email }) { __typename } }`;

/** A mail server that accepts each message only when the test releases it. */
function stalledMailer() {
  const sent: MailMessage[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { sent, release, mailer: { send: vi.fn(async (m: MailMessage) => { sent.push(m); await released; }) } };
}

let t: TestApp;
const mail = stalledMailer();
beforeAll(async () => {
  t = await startTestApp({}, { mailer: mail.mailer });
});
afterAll(async () => {
  mail.release();
  await t.close();
});

describe('forgot: equal time for known and unknown emails', () => {
  it('answers before the mail is sent, the same for a known and an unknown email', async () => {
    const club = await createClub(t.deps);
    const known = await gql(t.app, REQUEST, { email: club.email });
    const unknown = await gql(t.app, REQUEST, { email: 'nessuno@example.it' });
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data.requestPasswordReset.__typename).toBe('MutationRequestPasswordResetSuccess');

    // the mail to the known address is still being sent (it cannot finish until released) after the answer
    await vi.waitFor(() => expect(mail.sent.map((m) => m.to)).toEqual([club.email]));
    expect(await t.deps.systemDb.passwordReset.count({ where: { accountId: club.accountId } })).toBe(1);

    // the legacy route too: same envelope for both, while the mail server still has not answered
    const legacyKnown = await rest(t.app, '/auth/password/forgot', { email: club.email });
    const legacyUnknown = await rest(t.app, '/auth/password/forgot', { email: 'nessuno@example.it' });
    expect([legacyKnown.statusCode, legacyKnown.body.message]).toEqual([legacyUnknown.statusCode, legacyUnknown.body.message]);
    expect(legacyKnown.body.status).toBe(true);
    await vi.waitFor(() => expect(mail.sent).toHaveLength(2));

    mail.release();
    await t.deps.background.idle();
  });

  it('a failing mail server is logged, never shown', async () => {
    const club = await createClub(t.deps);
    const error = vi.spyOn(t.deps.log, 'error');
    mail.mailer.send.mockRejectedValueOnce(new Error('SMTP giù'));
    const res = await gql(t.app, REQUEST, { email: club.email });
    expect(res.body.data.requestPasswordReset.__typename).toBe('MutationRequestPasswordResetSuccess');
    await t.deps.background.idle();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ task: 'password reset code' }), 'background task failed');
    error.mockRestore();
  });
});
