// Linking a person record to the person's own account (issue 10): the club asks, a single-use link (stored hashed,
// 7 days) goes to the email on the club's record, the signed-in recipient confirms, and only then does the club's
// archive notification reach that account. Another club's person id behaves as unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql, type Credentials } from '../../support/http';
import { clubContext, createPerson, nextTaxCode } from '../../support/people-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

const INVITE = /* GraphQL */ `
  mutation($personId: ID!) {
    invitePersonLink(personId: $personId) {
      __typename
      ... on MutationInvitePersonLinkSuccess { data { message email } }
      ... on BaseError { code message }
    }
  }`;
const ACCEPT = /* GraphQL */ `
  mutation($token: String!) {
    acceptPersonLink(token: $token) {
      __typename
      ... on MutationAcceptPersonLinkSuccess { data { message clubName } }
      ... on BaseError { code message }
    }
  }`;
const NOTIFICATIONS = /* GraphQL */ `{ myNotifications { title clubName } }`;
const LINKED = /* GraphQL */ `query($id: ID!) { personRole(id: $id) { person { hasLinkedAccount } } }`;

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://app.campobase.test' });
  [club, other] = await Promise.all([createClub(t.deps, { fullName: 'ASD Collega Test' }), createClub(t.deps, { fullName: 'ASD Altra Società' })]);
});
afterAll(() => t.close());

const asClub = (c: TestClub = club) => ({ token: c.token, club: c.clubToken });
const invite = async (personId: string, creds: Credentials = asClub()) => (await gql(t.app, INVITE, { personId }, creds)).body.data!.invitePersonLink;
const accept = async (token: string, sessionToken?: string) =>
  (await gql(t.app, ACCEPT, { token }, sessionToken ? { token: sessionToken } : {})).body.data!.acceptPersonLink;

/** The token in the newest invitation mailed to `email`. */
async function linkTokenMailedTo(email: string): Promise<string> {
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email)).at(-1);
  const url = /https:\/\/app\.campobase\.test\/invito\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!url) throw new Error(`no invitation mailed to ${email}`);
  return url[1];
}

describe('invitePersonLink and acceptPersonLink', () => {
  it("mails a single-use link to the record's email; the confirming account gets the club's notifications", async () => {
    const ctx = await clubContext(t.deps, club);
    const email = 'giocatrice.link@example.it';
    const { roleId, personId } = await createPerson(ctx, 'athlete', { profile: { firstname: 'Giulia', emailPrimary: email } });

    expect(await invite(personId)).toEqual({
      __typename: 'MutationInvitePersonLinkSuccess',
      data: { message: MSG.personLinkInviteSent(email), email },
    });
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.text).toContain('ASD Collega Test');
    const token = await linkTokenMailedTo(email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url

    // stored hashed, valid 7 days, nobody linked yet
    const stored = await t.deps.systemDb.personLinkInvitation.findFirstOrThrow({ where: { personId } });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(7 * 24 * 60 * 60 * 1000, -4);
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } })).accountId).toBeNull();

    // confirming needs a session
    expect((await accept(token)).__typename).toBe('UnauthenticatedError');
    const person = await createClub(t.deps); // the person's own account (any account of theirs)
    expect(await accept(token, person.token)).toEqual({
      __typename: 'MutationAcceptPersonLinkSuccess',
      data: { message: MSG.personLinkAccepted('ASD Collega Test'), clubName: 'ASD Collega Test' },
    });
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } })).accountId).toBe(person.accountId);
    expect((await gql(t.app, LINKED, { id: roleId }, asClub())).body.data!.personRole.person.hasLinkedAccount).toBe(true);

    // single use: the same link cannot link another account
    const intruder = await createClub(t.deps);
    expect(await accept(token, intruder.token)).toEqual({ __typename: 'ValidationError', code: 'VALIDATION', message: MSG.personLinkInvalid });
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } })).accountId).toBe(person.accountId);

    await archivePerson(ctx, 'athlete', roleId);
    expect((await gql(t.app, NOTIFICATIONS, {}, { token: person.token })).body.data!.myNotifications).toEqual([
      { title: MSG.archivedNotificationTitle('ASD Collega Test'), clubName: 'ASD Collega Test' },
    ]);
    expect((await gql(t.app, NOTIFICATIONS, {}, { token: intruder.token })).body.data!.myNotifications).toEqual([]);
  });

  it('never links by tax code: an account claiming the tax code learns nothing of the archive', async () => {
    const ctx = await clubContext(t.deps, club);
    const taxIdCode = nextTaxCode('CLM');
    const claimer = await createClub(t.deps, { taxIdCode });
    const { roleId, personId } = await createPerson(ctx, 'member', { profile: { taxIdCode, emailPrimary: 'socio.claim@example.it' } });
    await archivePerson(ctx, 'member', roleId);
    expect((await gql(t.app, NOTIFICATIONS, {}, { token: claimer.token })).body.data!.myNotifications).toEqual([]);
    expect(await t.deps.systemDb.notification.findFirstOrThrow({ where: { personId } })).toMatchObject({ accountId: null });
  });

  it("treats another club's person id as unknown, and needs a club and an email on the record", async () => {
    const otherCtx = await clubContext(t.deps, other);
    const { personId: foreignId } = await createPerson(otherCtx, 'coach', { profile: { emailPrimary: 'coach.altro@example.it' } });
    const before = (await readOutbox(t.dataDir)).length;
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound };
    for (const id of [foreignId, '00000000-0000-4000-8000-000000000000', 'abc']) expect(await invite(id)).toEqual(notFound);
    expect(await t.deps.systemDb.personLinkInvitation.count({ where: { personId: foreignId } })).toBe(0);
    expect((await readOutbox(t.dataDir)).length).toBe(before);

    expect((await invite(foreignId, { token: club.token })).__typename).toBe('ForbiddenError');
    expect((await invite(foreignId, {})).__typename).toBe('UnauthenticatedError');

    const { personId: noEmail } = await createPerson(await clubContext(t.deps, club), 'voluntary');
    expect(await invite(noEmail)).toEqual({ __typename: 'ValidationError', code: 'VALIDATION', message: MSG.personLinkNoEmail });
  });

  it('refuses expired, replaced and unknown links alike', async () => {
    const ctx = await clubContext(t.deps, club);
    const email = 'allenatore.scade@example.it';
    const { personId } = await createPerson(ctx, 'coach', { profile: { emailPrimary: email } });
    const account = await createClub(t.deps);
    const invalid = { __typename: 'ValidationError', code: 'VALIDATION', message: MSG.personLinkInvalid };

    await invite(personId);
    const first = await linkTokenMailedTo(email);
    await invite(personId);
    const second = await linkTokenMailedTo(email);
    expect(second).not.toBe(first);
    expect(await accept(first, account.token)).toEqual(invalid); // replaced by the newer invitation

    await t.deps.systemDb.personLinkInvitation.updateMany({ where: { personId, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await accept(second, account.token)).toEqual(invalid);
    expect(await accept('x'.repeat(43), account.token)).toEqual(invalid);
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } })).accountId).toBeNull();
  });
});
