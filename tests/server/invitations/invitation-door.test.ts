// The invitation door (modules/invitations, issue 34 point 2) through GraphQL, both databases: the public reading of
// a link (club or organisation, Italian role, inviter, address, state) for every state, another club's token and
// garbage; the account-only sign-up (validation messages, the invitation's address only, duplicate address, used,
// expired and revoked links refused in Italian, never a 5xx); the new account owns no club, signs in and works in
// the club it joined; a signed-in account accepts either kind through one mutation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { STAFF_MSG } from '../../../server/modules/organisations/organisation-staff.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { organisationOf } from '../../support/organisation-factories';
import { createGroupWith } from '../../support/people-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

const READ = `query($token: String!) { invitation(token: $token) { kind state email targetName roleLabel invitedBy hasAccount expiresAt } }`;
const RESULT = `__typename ... on BaseError { code message } ... on ValidationError { fields { field message } } ... on ConflictError { fields { field message } }`;
const SIGN_UP = `mutation($input: SignUpWithInvitationInput!) { signUpWithInvitation(input: $input) { ${RESULT}
  ... on MutationSignUpWithInvitationSuccess { data { token account { email profile { firstname lastname clubs { id role token club { fullName } } } } joined { kind targetName membershipId message } } } } }`;
const ACCEPT = `mutation($token: String!) { acceptInvitation(token: $token) { ${RESULT} ... on MutationAcceptInvitationSuccess { data { kind targetId targetName membershipId message } } } }`;
const INVITE = `mutation($input: InviteCollaboratorInput!) { inviteCollaborator(input: $input) { __typename ... on MutationInviteCollaboratorSuccess { data { invitationId } } } }`;
const INVITE_STAFF = `mutation($o: ID!, $e: String!, $r: OrganisationStaffRole!) { inviteOrganisationStaff(organisationId: $o, email: $e, role: $r) { __typename } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on MutationLoginSuccess { data { token } } } }`;

let t: TestApp;
let owner: TestClub;
let other: TestClub;
let under10: string;
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });
let seq = 0;
const fresh = (name: string) => `${name}-${Date.now()}-${++seq}@example.it`;
const PASSWORD = 'password-nuova-1';
const form = (token: string, overrides: Record<string, unknown> = {}) => ({ token, firstname: 'Marco', lastname: 'Mister', password: PASSWORD, passwordConfirmation: PASSWORD, ...overrides });

/** Invites `email` to the owner's club and answers the mailed token and the invitation's id. */
async function invite(email: string, role = 'allenatore', by: TestClub = owner) {
  const groupIds = role === 'allenatore' ? [under10] : undefined;
  const res = await gql(t.app, INVITE, { input: { email, role, groupIds } }, as(by));
  expect(res.body.data.inviteCollaborator.__typename).toBe('MutationInviteCollaboratorSuccess');
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1);
  const token = /\/invito\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeDefined();
  return { token: token!, id: res.body.data.inviteCollaborator.data.invitationId as string };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Porta Aperta', firstname: 'Paola', lastname: 'Presidente' });
  other = await createClub(t.deps, { fullName: 'ASD Altra Porta' });
  under10 = (await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 10', [])).id;
});
afterAll(() => t.close());

describe('reading a link (public)', () => {
  it('names the club, the Italian role, who invited and the address, before anything is clicked, without a session', async () => {
    const email = fresh('coach');
    const { token } = await invite(email);
    const res = await gql(t.app, READ, { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.invitation).toMatchObject({
      kind: 'collaborator',
      state: 'pending',
      email,
      targetName: 'ASD Porta Aperta',
      roleLabel: 'Allenatore',
      invitedBy: 'Paola Presidente',
      hasAccount: false,
    });
  });

  it('says accepted, expired and revoked; an address with an account says so', async () => {
    const used = await invite(fresh('used'));
    const joined = await gql(t.app, ACCEPT, { token: used.token }, { token: (await createClub(t.deps, { fullName: 'ASD Chi Usa' })).token });
    expect(joined.body.data.acceptInvitation.__typename).toBe('MutationAcceptInvitationSuccess');
    expect((await gql(t.app, READ, { token: used.token })).body.data.invitation.state).toBe('accepted');

    const expired = await invite(fresh('expired'), 'lettura');
    await t.deps.systemDb.collaboratorInvitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await gql(t.app, READ, { token: expired.token })).body.data.invitation.state).toBe('expired');

    const revoked = await invite(fresh('revoked'), 'segreteria');
    await gql(t.app, `mutation($id: ID!) { revokeCollaboratorInvitation(id: $id) { __typename } }`, { id: revoked.id }, as(owner));
    expect((await gql(t.app, READ, { token: revoked.token })).body.data.invitation).toMatchObject({ state: 'revoked', roleLabel: 'Segreteria' });

    // replaced by a newer invitation to the same address: the older link is revoked
    const address = fresh('replaced');
    const first = await invite(address, 'lettura');
    await invite(address, 'lettura');
    expect((await gql(t.app, READ, { token: first.token })).body.data.invitation.state).toBe('revoked');

    const member = await invite(other.email, 'lettura');
    expect((await gql(t.app, READ, { token: member.token })).body.data.invitation).toMatchObject({ state: 'pending', hasAccount: true });
  });

  it("another club's token answers that club's invitation and nothing of the caller's club; garbage answers null", async () => {
    const theirs = await invite(fresh('theirs'), 'lettura', other);
    // read by a member of the first club, with its club header: the token decides, not the caller
    const res = await gql(t.app, READ, { token: theirs.token }, as(owner));
    expect(res.body.data.invitation).toMatchObject({ targetName: 'ASD Altra Porta', state: 'pending' });
    expect(JSON.stringify(res.body)).not.toContain('ASD Porta Aperta');
    for (const token of ['', 'x', 'not-a-token-at-all', 'a'.repeat(500), theirs.token.slice(0, -1), "'; DROP TABLE accounts; --"]) {
      const garbage = await gql(t.app, READ, { token });
      expect(garbage.statusCode).toBe(200);
      expect(garbage.body.data.invitation).toBeNull();
    }
  });

  it("reads an organisation's staff invitation through the same query", async () => {
    const organisation = await organisationOf(t.deps, owner, 'Federazione Porta');
    const email = fresh('staff');
    expect((await gql(t.app, INVITE_STAFF, { o: organisation.id, e: email, r: 'reader' }, { token: owner.token })).body.data.inviteOrganisationStaff.__typename).toBe(
      'MutationInviteOrganisationStaffSuccess',
    );
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1);
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    expect((await gql(t.app, READ, { token })).body.data.invitation).toMatchObject({
      kind: 'organisationStaff',
      state: 'pending',
      targetName: 'Federazione Porta',
      roleLabel: 'Sola lettura',
      invitedBy: 'Paola Presidente',
    });
    // ...and signs up through the same door: staff, no club
    const res = await gql(t.app, SIGN_UP, { input: form(token, { firstname: 'Sara', lastname: 'Staff' }) });
    expect(res.body.data.signUpWithInvitation.data.joined).toMatchObject({ kind: 'organisationStaff', targetName: 'Federazione Porta', membershipId: null, message: STAFF_MSG.joined('Federazione Porta') });
    expect(res.body.data.signUpWithInvitation.data.account.profile.clubs).toEqual([]);
    const staff = await t.deps.systemDb.organisationStaff.findMany({ where: { organisationId: organisation.id, account: { email } } });
    expect(staff.map((s) => s.role)).toEqual(['reader']);
  });
});

describe('the account-only sign-up', () => {
  it('creates an account with the invitation address, joins the club as coach, owns no club, signs in again and works', async () => {
    const email = fresh('nuovo');
    const { token } = await invite(email);
    // an address sent along is not an input: the invitation's own is used
    const res = await gql(t.app, SIGN_UP, { input: form(token) });
    const data = res.body.data.signUpWithInvitation.data;
    expect(data.account.email).toBe(email);
    expect(data.account.profile).toMatchObject({ firstname: 'Marco', lastname: 'Mister' });
    expect(data.joined).toMatchObject({ kind: 'collaborator', targetName: 'ASD Porta Aperta', message: MSG.collaboratorJoined('ASD Porta Aperta') });
    expect(data.account.profile.clubs).toEqual([expect.objectContaining({ id: data.joined.membershipId, role: 'allenatore', club: { fullName: 'ASD Porta Aperta' } })]);

    const account = await t.deps.systemDb.account.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(account.memberships.map((m) => [m.clubId, m.role, m.groupIds])).toEqual([[owner.clubId, 'allenatore', [under10]]]);
    expect(await t.deps.systemDb.membership.count({ where: { accountId: account.id, role: 'owner' } })).toBe(0);
    // the access log names the new account as who joined
    const line = await t.deps.systemDb.accessLogEntry.findFirstOrThrow({ where: { clubId: owner.clubId, action: 'collaborator_joined', entityLabel: email } });
    expect(line).toMatchObject({ actorAccountId: account.id, actorName: 'Marco Mister' });

    // the session works in the club: the coach reads the groups it coaches
    const clubToken = data.account.profile.clubs[0].token;
    const groups = await gql(t.app, `{ groups(types: [athlete]) { edges { node { name } } } }`, {}, { token: data.token, club: clubToken });
    expect(groups.body.errors).toBeUndefined();
    expect(groups.body.data.groups.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Under 10']);
    // and the password signs in later, for an account with no club of its own
    const login = await gql(t.app, LOGIN, { input: { email, password: PASSWORD } });
    expect(login.body.data.login.__typename).toBe('MutationLoginSuccess');
    // the link is now used
    const again = await gql(t.app, SIGN_UP, { input: form(token) });
    expect(again.statusCode).toBeLessThan(500);
    expect(again.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.invitationUsed });
  });

  it('answers the Italian validation messages, field by field, and creates nothing', async () => {
    const email = fresh('valida');
    const { token } = await invite(email, 'lettura');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstname: '  ' }, 'firstname', MSG.invitationNameRequired],
      [{ lastname: '' }, 'lastname', MSG.invitationNameRequired],
      [{ password: '', passwordConfirmation: '' }, 'password', MSG.invitationPasswordRequired],
      [{ password: 'corta', passwordConfirmation: 'corta' }, 'password', MSG.passwordTooShort],
      [{ passwordConfirmation: 'un-altra-password' }, 'passwordConfirmation', MSG.passwordsDiffer],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await gql(t.app, SIGN_UP, { input: form(token, overrides) });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ValidationError', message });
      expect(res.body.data.signUpWithInvitation.fields).toContainEqual({ field, message });
    }
    const blank = await gql(t.app, SIGN_UP, { input: form('') });
    expect(blank.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.invitationUnknown });
    const garbage = await gql(t.app, SIGN_UP, { input: form('niente-di-valido') });
    expect(garbage.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.invitationUnknown });
    expect(await t.deps.systemDb.account.count({ where: { email } })).toBe(0);
  });

  it('refuses an address that already has an account (sign in instead), and expired or revoked links, in Italian', async () => {
    const existing = await createClub(t.deps, { fullName: 'ASD Chi Esiste' });
    const taken = await invite(existing.email, 'lettura');
    const res = await gql(t.app, SIGN_UP, { input: form(taken.token) });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ConflictError', message: MSG.invitationAccountExists });
    expect(await t.deps.systemDb.membership.count({ where: { accountId: existing.accountId, clubId: owner.clubId } })).toBe(0);

    const expired = await invite(fresh('scaduto'), 'lettura');
    await t.deps.systemDb.collaboratorInvitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await gql(t.app, SIGN_UP, { input: form(expired.token) });
    expect(late.statusCode).toBeLessThan(500);
    expect(late.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.invitationExpired });

    const revoked = await invite(fresh('annullato'), 'lettura');
    await gql(t.app, `mutation($id: ID!) { revokeCollaboratorInvitation(id: $id) { __typename } }`, { id: revoked.id }, as(owner));
    const cancelled = await gql(t.app, SIGN_UP, { input: form(revoked.token) });
    expect(cancelled.body.data.signUpWithInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.invitationRevoked });
    expect(await t.deps.systemDb.account.count({ where: { email: { in: [(await t.deps.systemDb.collaboratorInvitation.findUniqueOrThrow({ where: { id: expired.id } })).email] } } })).toBe(0);
  });
});

describe('accepting, signed in', () => {
  it('needs a session; a used link says so in Italian; the member of the club is a conflict', async () => {
    const { token } = await invite(fresh('accetta'), 'lettura');
    const anonymous = await gql(t.app, ACCEPT, { token });
    expect(anonymous.body.data.acceptInvitation.__typename).toBe('UnauthenticatedError');
    const joiner = await createClub(t.deps, { fullName: 'ASD Chi Accetta' });
    const ok = await gql(t.app, ACCEPT, { token }, { token: joiner.token });
    expect(ok.body.data.acceptInvitation.data).toMatchObject({ kind: 'collaborator', targetId: owner.clubId, targetName: 'ASD Porta Aperta' });
    const used = await gql(t.app, ACCEPT, { token }, { token: joiner.token });
    expect(used.body.data.acceptInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.invitationUsed });
    const second = await invite(fresh('doppio'), 'lettura');
    const conflict = await gql(t.app, ACCEPT, { token: second.token }, { token: joiner.token });
    expect(conflict.body.data.acceptInvitation).toMatchObject({ __typename: 'ConflictError', message: MSG.collaboratorAlready });
  });
});
