// Outgoing mail is throttled at one door (server/lib/mailer.ts throttledMailer), here with small allowances
// (MAIL_PER_RECIPIENT_HOURLY=2, MAIL_PER_CLUB_HOURLY=3): an archive past them still succeeds but mails nobody
// (logged), an invitation past them is a RateLimitError and stores nothing, feedback is limited per account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { archivePerson } from '../../server/modules/people/archive-person.service';
import { createClub } from '../support/factories';
import { gql } from '../support/http';
import { clubContext, createPerson } from '../support/people-factories';
import { readOutbox, startTestApp, type TestApp } from '../support/test-app';

const FEEDBACK_TO = 'prodotto@campobase.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ mailPerRecipientHourly: 2, mailPerClubHourly: 3, feedbackEmail: FEEDBACK_TO });
});
afterAll(() => t.close());

const mailsTo = async (address: string) => (await readOutbox(t.dataDir)).filter((m) => m.to.includes(address));

describe('mail throttle', () => {
  it('archiving past the per-recipient allowance succeeds but mails the person no more', async () => {
    const club = await createClub(t.deps);
    const ctx = await clubContext(t.deps, club);
    const email = 'stesso.indirizzo@example.it';
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await createPerson(ctx, 'athlete', { profile: { emailPrimary: email } }));
    for (const { roleId } of people) await archivePerson(ctx, 'athlete', roleId);

    const notes = await t.deps.systemDb.notification.findMany({ where: { clubId: club.clubId }, orderBy: { createdAt: 'asc' } });
    expect(notes.map((n) => n.emailedTo)).toEqual([email, email, null]);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, archivedAt: { not: null } } })).toBe(3);
  });

  it("archiving past the club's allowance mails nobody more, whatever the addresses", async () => {
    const club = await createClub(t.deps);
    const ctx = await clubContext(t.deps, club);
    for (let i = 0; i < 4; i++) {
      const { roleId } = await createPerson(ctx, 'member', { profile: { emailPrimary: `socio-${i}-${club.clubId.slice(0, 8)}@example.it` } });
      await archivePerson(ctx, 'member', roleId);
    }
    const notes = await t.deps.systemDb.notification.findMany({ where: { clubId: club.clubId }, orderBy: { createdAt: 'asc' } });
    expect(notes.map((n) => n.emailedTo !== null)).toEqual([true, true, true, false]);
  });

  it('an invitation past the allowance is a RateLimitError and stores nothing', async () => {
    const club = await createClub(t.deps);
    const ctx = await clubContext(t.deps, club);
    const { personId } = await createPerson(ctx, 'coach', { profile: { emailPrimary: 'invitato@example.it' } });
    const INVITE = `mutation($id: ID!) { invitePersonLink(personId: $id) { __typename ... on BaseError { code message } } }`;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await gql(t.app, INVITE, { id: personId }, { token: club.token, club: club.clubToken })).body.data!.invitePersonLink);
    expect(answers.slice(0, 2).map((a) => a.__typename)).toEqual(['MutationInvitePersonLinkSuccess', 'MutationInvitePersonLinkSuccess']);
    expect(answers[2]).toEqual({ __typename: 'RateLimitError', code: 'RATE_LIMITED', message: MSG.rateLimited(60) });
    expect(await t.deps.systemDb.personLinkInvitation.count({ where: { personId } })).toBe(2);
    expect(await mailsTo('invitato@example.it')).toHaveLength(2);
  });

  it('feedback: 10 an hour per account, then a RateLimitError with the Italian message; the team address is never exhausted', async () => {
    const SEND = `mutation($input: SendFeedbackInput!) { sendFeedback(input: $input) { __typename ... on BaseError { code message } } }`;
    const club = await createClub(t.deps);
    const before = (await mailsTo(FEEDBACK_TO)).length;
    const answers = [];
    for (let i = 0; i < 11; i++) {
      const res = await gql(t.app, SEND, { input: { topic: 'suggestion', message: `Idea ${i}`, page: '/dashboard' } }, { token: club.token, club: club.clubToken });
      answers.push(res.body.data!.sendFeedback);
    }
    // 10 delivered although the per-recipient allowance is 2 and the club's 3: FEEDBACK_EMAIL is the team's own
    // address, and what goes to the team counts against the sender's account, not the club's allowance for its people
    expect(answers.slice(0, 10).every((a) => a.__typename === 'MutationSendFeedbackSuccess')).toBe(true);
    expect(answers[10]).toEqual({ __typename: 'RateLimitError', code: 'RATE_LIMITED', message: MSG.rateLimited(60) });
    expect(await t.deps.systemDb.feedback.count({ where: { clubId: club.clubId } })).toBe(10);
    expect((await mailsTo(FEEDBACK_TO)).length - before).toBe(10);
  });
});
