// "Lascia un feedback": sendFeedback stores the feedback for the X-Club club and the account, mails it to
// FEEDBACK_EMAIL (the outbox without SMTP_URL) and marks it emailed; with a failing mail server it still answers
// success, and the mail waits in the mail outbox with its error, to be retried. Refused without a session, without a club, and for another account's club.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { FEEDBACK_MESSAGE_MAX } from '../../../schema/validation/feedback';
import { DEFAULT_FEEDBACK_EMAIL, loadConfig } from '../../../server/config';
import { ValidationError } from '../../../server/lib/errors';
import { sendFeedback } from '../../../server/modules/feedback/send-feedback.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';
import { contextFor } from '../accounts/account-helpers';

const FEEDBACK_TO = 'prodotto@campobase.test';

const SEND = /* GraphQL */ `
  mutation($input: SendFeedbackInput!) {
    sendFeedback(input: $input) {
      __typename
      ... on MutationSendFeedbackSuccess { data { message feedback { id topic message page createdAt } } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
    }
  }`;

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp({ feedbackEmail: FEEDBACK_TO });
  club = await createClub(t.deps, { fullName: 'ASD Feedback Rugby' });
});
afterAll(() => t.close());

describe('sendFeedback', () => {
  it('stores the feedback for the club and the account, mails it, and marks it emailed', async () => {
    const res = await gql(t.app, SEND, { input: { topic: 'problem', message: '  La ricerca non trova Nicolò.  ', page: '/athlete?tp=Under%2012' } }, { token: club.token, club: club.clubToken });
    const result = res.body.data!.sendFeedback;
    expect(result).toMatchObject({
      __typename: 'MutationSendFeedbackSuccess',
      data: { message: MSG.feedbackSent, feedback: { topic: 'problem', message: 'La ricerca non trova Nicolò.', page: '/athlete?tp=Under%2012' } },
    });
    const stored = await t.deps.systemDb.feedback.findUniqueOrThrow({ where: { id: result.data.feedback.id } });
    expect(stored).toMatchObject({ clubId: club.clubId, accountId: club.accountId, topic: 'problem', message: 'La ricerca non trova Nicolò.' });
    expect(stored.emailedAt).toBeInstanceOf(Date);

    const mail = (await readOutbox(t.dataDir)).find((m) => m.text.includes('La ricerca non trova Nicolò.'));
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(FEEDBACK_TO);
    expect(mail!.subject).toContain('Feedback (problema)');
    for (const line of ['Tipo: Problema', 'Società: ASD Feedback Rugby', `Scritto da: Mario Rossi <${club.email}>`, 'Pagina: /athlete?tp=Under%2012']) {
      expect(mail!.text).toContain(line);
    }
  });

  it('refuses a missing or too long message and a missing topic, storing nothing', async () => {
    const ctx = await contextFor(t.deps, club.token, club.clubToken);
    const before = await t.deps.systemDb.feedback.count();
    const fieldsOf = (input: Record<string, unknown>) => sendFeedback(ctx, input).then(() => 'sent', (e: ValidationError) => e.fields);
    expect(await fieldsOf({ topic: 'suggestion', message: '   ' })).toEqual({ message: MSG.feedbackMessageRequired });
    expect(await fieldsOf({ topic: 'suggestion', message: 'x'.repeat(FEEDBACK_MESSAGE_MAX + 1) })).toEqual({ message: MSG.feedbackMessageTooLong(FEEDBACK_MESSAGE_MAX) });
    expect(await fieldsOf({ topic: 'lamentela', message: 'Ciao' })).toEqual({ topic: MSG.feedbackTopicRequired });
    expect(await fieldsOf({ message: 'Ciao' })).toEqual({ topic: MSG.feedbackTopicRequired });
    // through GraphQL too, as a ValidationError
    const res = await gql(t.app, SEND, { input: { topic: 'praise' } }, { token: club.token, club: club.clubToken });
    expect(res.body.data!.sendFeedback).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: MSG.invalidFields,
      fields: [{ field: 'message', message: MSG.feedbackMessageRequired }],
    });
    expect(await t.deps.systemDb.feedback.count()).toBe(before);
    // exactly 4000 characters is fine
    expect(await fieldsOf({ topic: 'praise', message: 'x'.repeat(FEEDBACK_MESSAGE_MAX) })).toBe('sent');
  });

  it('keeps the feedback and answers success when the mail server fails (the mail waits in the outbox, logged)', async () => {
    // A real SMTP attempt to a port nobody listens on.
    const failing = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:1', feedbackEmail: FEEDBACK_TO });
    try {
      const owner = await createClub(failing.deps);
      const warn = vi.spyOn(failing.deps.log, 'warn');
      const res = await gql(failing.app, SEND, { input: { topic: 'suggestion', message: 'Vorrei un export in PDF.' } }, { token: owner.token, club: owner.clubToken });
      const result = res.body.data!.sendFeedback;
      expect(result).toMatchObject({ __typename: 'MutationSendFeedbackSuccess', data: { message: MSG.feedbackSent, feedback: { page: null } } });
      const stored = await failing.deps.systemDb.feedback.findUniqueOrThrow({ where: { id: result.data.feedback.id } });
      expect(stored).toMatchObject({ clubId: owner.clubId, message: 'Vorrei un export in PDF.' });
      await failing.deps.background.idle(); // the first attempt, made after the answer
      const mail = await failing.deps.systemDb.mailOutbox.findFirstOrThrow({ where: { recipients: FEEDBACK_TO } });
      expect(mail).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });
      expect(mail.text).toContain('Vorrei un export in PDF.');
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ mailId: mail.id }), 'mail not delivered: it will be retried');
    } finally {
      await failing.close();
    }
  });
});

describe('sendFeedback refusals', () => {
  const input = { topic: 'praise', message: 'Bravi!' };

  it('refuses without a session and without the club header, storing nothing', async () => {
    const before = await t.deps.systemDb.feedback.count();
    expect((await gql(t.app, SEND, { input }, { club: club.clubToken })).body.data!.sendFeedback).toEqual({
      __typename: 'UnauthenticatedError',
      code: 'UNAUTHENTICATED',
      message: MSG.notAuthenticated,
    });
    expect((await gql(t.app, SEND, { input }, { token: club.token })).body.data!.sendFeedback).toEqual({
      __typename: 'ForbiddenError',
      code: 'FORBIDDEN',
      message: MSG.clubHeaderMissing,
    });
    expect(await t.deps.systemDb.feedback.count()).toBe(before);
  });

  it("refuses a club the session does not belong to, storing nothing for it", async () => {
    const other = await createClub(t.deps);
    const res = await gql(t.app, SEND, { input }, { token: club.token, club: other.clubToken });
    expect(res.statusCode).toBe(403);
    expect(res.body.errors?.[0]).toMatchObject({ message: MSG.clubForbidden, extensions: { code: 'FORBIDDEN' } });
    expect(await t.deps.systemDb.feedback.count({ where: { clubId: other.clubId } })).toBe(0);
  });
});

describe('FEEDBACK_EMAIL setting', () => {
  it('takes FEEDBACK_EMAIL, else SALES_EMAIL, else the example address, and refuses a malformed one', () => {
    expect(loadConfig({ FEEDBACK_EMAIL: ' a@example.it , b@example.it ' }).feedbackEmail).toBe('a@example.it, b@example.it');
    expect(loadConfig({ SALES_EMAIL: 'vendite@example.it' }).feedbackEmail).toBe('vendite@example.it');
    expect(loadConfig({}).feedbackEmail).toBe(DEFAULT_FEEDBACK_EMAIL);
    expect(() => loadConfig({ FEEDBACK_EMAIL: 'non-una-email' })).toThrow(/FEEDBACK_EMAIL/);
  });
});
