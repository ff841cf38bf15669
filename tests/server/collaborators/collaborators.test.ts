// Collaborators (collaborators.service.ts through GraphQL): invitations by email with a role, single use and 7 days,
// acceptance by another account, role changes, removal with immediate effect, leaving, ownership transfer, and the
// refusals: other roles, other clubs' ids, the last owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { createGroupWith } from '../../support/people-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

const RESULT = `__typename ... on BaseError { code message } ... on ValidationError { fields { field message } }`;
const INVITE = `mutation($input: InviteCollaboratorInput!) { inviteCollaborator(input: $input) { ${RESULT} ... on MutationInviteCollaboratorSuccess { data { message invitationId } } } }`;
const ACCEPT = `mutation($token: String!) { acceptCollaboratorInvitation(token: $token) { ${RESULT} ... on MutationAcceptCollaboratorInvitationSuccess { data { message clubName membershipId } } } }`;
const RESEND = `mutation($id: ID!) { resendCollaboratorInvitation(id: $id) { ${RESULT} } }`;
const REVOKE = `mutation($id: ID!) { revokeCollaboratorInvitation(id: $id) { ${RESULT} } }`;
const CHANGE = `mutation($id: ID!, $input: ChangeCollaboratorRoleInput!) { changeCollaboratorRole(id: $id, input: $input) { ${RESULT} } }`;
const REMOVE = `mutation($id: ID!) { removeCollaborator(id: $id) { ${RESULT} ... on MutationRemoveCollaboratorSuccess { data { message } } } }`;
const TRANSFER = `mutation($id: ID!) { transferClubOwnership(id: $id) { ${RESULT} } }`;
const LIST = `{ collaborators { id role email name isYou groupIds } collaboratorInvitations { id email role groupIds } }`;
const PEOPLE = `{ people(kind: athlete) { totalCount } }`;

let t: TestApp;
let owner: TestClub;
let other: TestClub;
const as = (who: { token: string; clubToken: string }) => ({ token: who.token, club: who.clubToken });

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Collaboratori' });
  other = await createClub(t.deps, { fullName: 'ASD Altra' });
});
afterAll(() => t.close());

async function lastLinkTo(email: string) {
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1);
  return { mail, token: /\/invito\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] };
}

/** An account of its own (signed up with its own club), ready to accept an invitation. */
const newcomer = (name: string) => createClub(t.deps, { fullName: `ASD ${name}` });

async function membershipOf(accountId: string, clubId: string) {
  return t.deps.systemDb.membership.findUniqueOrThrow({ where: { accountId_clubId: { accountId, clubId } } });
}

describe('invite and accept', () => {
  it('the owner invites by email with a role; the mailed link makes the account a member with that role, once', async () => {
    const guest = await newcomer('Segreteria');
    const invited = await gql(t.app, INVITE, { input: { email: ` ${guest.email.toUpperCase()} `, role: 'segreteria' } }, as(owner));
    expect(invited.body.data.inviteCollaborator.data.message).toBe(MSG.collaboratorInviteSent(guest.email));
    const { mail, token } = await lastLinkTo(guest.email);
    expect(mail?.subject).toBe(MSG.collaboratorMailSubject('ASD Collaboratori'));
    expect(mail?.text).toContain('Segreteria');
    expect(token).toBeDefined();
    // stored only as a hash
    expect(await t.deps.systemDb.collaboratorInvitation.count({ where: { tokenHash: token! } })).toBe(0);
    expect((await gql(t.app, LIST, {}, as(owner))).body.data.collaboratorInvitations).toEqual([
      { id: invited.body.data.inviteCollaborator.data.invitationId, email: guest.email, role: 'segreteria', groupIds: [] },
    ]);

    const accepted = await gql(t.app, ACCEPT, { token }, { token: guest.token });
    expect(accepted.body.data.acceptCollaboratorInvitation.data).toMatchObject({ message: MSG.collaboratorJoined('ASD Collaboratori'), clubName: 'ASD Collaboratori' });
    const membership = await membershipOf(guest.accountId, owner.clubId);
    expect(membership.role).toBe('segreteria');
    // the new member works in the club with its own club token
    expect((await gql(t.app, PEOPLE, {}, { token: guest.token, club: membership.token })).body.data.people.totalCount).toBe(0);
    // single use
    const again = await gql(t.app, ACCEPT, { token }, { token: (await newcomer('Seconda')).token });
    expect(again.body.data.acceptCollaboratorInvitation).toMatchObject({ __typename: 'ValidationError', message: MSG.collaboratorInviteInvalid });
    expect((await gql(t.app, LIST, {}, as(owner))).body.data.collaboratorInvitations).toEqual([]);
  });

  it('a revoked, replaced (resent) or expired link does not work; the resent one does', async () => {
    const guest = await newcomer('Lettura');
    const id = (await gql(t.app, INVITE, { input: { email: guest.email, role: 'lettura' } }, as(owner))).body.data.inviteCollaborator.data.invitationId;
    const first = (await lastLinkTo(guest.email)).token;
    expect((await gql(t.app, RESEND, { id }, as(owner))).body.data.resendCollaboratorInvitation.__typename).toBe('MutationResendCollaboratorInvitationSuccess');
    const second = (await lastLinkTo(guest.email)).token;
    expect(second).not.toBe(first);
    const invalid = { __typename: 'ValidationError', message: MSG.collaboratorInviteInvalid };
    expect((await gql(t.app, ACCEPT, { token: first }, { token: guest.token })).body.data.acceptCollaboratorInvitation).toMatchObject(invalid);

    await t.deps.systemDb.collaboratorInvitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await gql(t.app, ACCEPT, { token: second }, { token: guest.token })).body.data.acceptCollaboratorInvitation).toMatchObject(invalid);

    const again = (await gql(t.app, INVITE, { input: { email: guest.email, role: 'lettura' } }, as(owner))).body.data.inviteCollaborator.data.invitationId;
    const third = (await lastLinkTo(guest.email)).token;
    expect((await gql(t.app, REVOKE, { id: again }, as(owner))).body.data.revokeCollaboratorInvitation.__typename).toBe('MutationRevokeCollaboratorInvitationSuccess');
    expect((await gql(t.app, ACCEPT, { token: third }, { token: guest.token })).body.data.acceptCollaboratorInvitation).toMatchObject(invalid);
    expect(await t.deps.systemDb.membership.count({ where: { accountId: guest.accountId, clubId: owner.clubId } })).toBe(0);
  });

  it('a coach needs athlete groups of the club; an existing member is a conflict; a bad email is refused', async () => {
    const res = await gql(t.app, INVITE, { input: { email: 'coach@example.it', role: 'allenatore' } }, as(owner));
    expect(res.body.data.inviteCollaborator.fields).toEqual([{ field: 'groupIds', message: MSG.collaboratorGroupsRequired }]);
    const foreign = await createGroupWith(t.deps, other.clubId, 'athlete', 'Under 10 altrui');
    const res2 = await gql(t.app, INVITE, { input: { email: 'coach@example.it', role: 'allenatore', groupIds: [foreign.id] } }, as(owner));
    expect(res2.body.data.inviteCollaborator.fields).toEqual([{ field: 'groupIds', message: MSG.collaboratorGroupsInvalid }]);
    const own = await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 10');
    const ok = await gql(t.app, INVITE, { input: { email: 'coach@example.it', role: 'allenatore', groupIds: [own.id] } }, as(owner));
    expect(ok.body.data.inviteCollaborator.__typename).toBe('MutationInviteCollaboratorSuccess');

    const conflict = await gql(t.app, INVITE, { input: { email: owner.email, role: 'admin' } }, as(owner));
    expect(conflict.body.data.inviteCollaborator).toMatchObject({ __typename: 'ConflictError', message: MSG.collaboratorAlready });
    const bad = await gql(t.app, INVITE, { input: { email: 'non-una-mail', role: 'admin' } }, as(owner));
    expect(bad.body.data.inviteCollaborator.fields).toEqual([{ field: 'email', message: MSG.emailInvalid }]);
    const owners = await gql(t.app, `mutation { inviteCollaborator(input: { email: "x@example.it", role: owner }) { ${RESULT} } }`, {}, as(owner));
    expect(owners.body.data.inviteCollaborator.fields).toEqual([{ field: 'role', message: MSG.collaboratorRoleInvalid }]);
  });
});

describe('roles, removal, ownership', () => {
  it('only owner and admin manage collaborators; another club sees none of them', async () => {
    for (const role of ['segreteria', 'allenatore', 'lettura'] as const) {
      const member = await addCollaborator(t.deps, owner, role);
      const res = await gql(t.app, INVITE, { input: { email: 'no@example.it', role: 'lettura' } }, as(member));
      expect(res.body.data.inviteCollaborator).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
      expect((await gql(t.app, LIST, {}, as(member))).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const ownInvitation = (await gql(t.app, INVITE, { input: { email: 'pending@example.it', role: 'lettura' } }, as(owner))).body.data.inviteCollaborator.data.invitationId;
    const ownMember = (await membershipOf(owner.accountId, owner.clubId)).id;
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND' };
    expect((await gql(t.app, REVOKE, { id: ownInvitation }, as(other))).body.data.revokeCollaboratorInvitation).toMatchObject(notFound);
    expect((await gql(t.app, RESEND, { id: ownInvitation }, as(other))).body.data.resendCollaboratorInvitation).toMatchObject(notFound);
    expect((await gql(t.app, REMOVE, { id: ownMember }, as(other))).body.data.removeCollaborator).toMatchObject(notFound);
    expect((await gql(t.app, CHANGE, { id: ownMember, input: { role: 'lettura' } }, as(other))).body.data.changeCollaboratorRole).toMatchObject(notFound);
    const theirs = (await gql(t.app, LIST, {}, as(other))).body.data;
    expect(theirs.collaborators.map((c: { email: string }) => c.email)).toEqual([other.email]);
    expect(theirs.collaboratorInvitations).toEqual([]);
  });

  it('a role change takes effect at once; a removed member is refused at their next request', async () => {
    const member = await addCollaborator(t.deps, owner, 'admin');
    const id = (await membershipOf(member.accountId, owner.clubId)).id;
    expect((await gql(t.app, CHANGE, { id, input: { role: 'lettura' } }, as(owner))).body.data.changeCollaboratorRole.__typename).toBe('MutationChangeCollaboratorRoleSuccess');
    expect((await gql(t.app, LIST, {}, as(member))).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(t.app, PEOPLE, {}, as(member))).body.data.people.totalCount).toBe(0);

    expect((await gql(t.app, REMOVE, { id }, as(owner))).body.data.removeCollaborator.data.message).toBe(MSG.collaboratorRemoved);
    const refused = await gql(t.app, PEOPLE, {}, as(member));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(refused.body.data ?? null).toBeNull();
  });

  it('the last owner can neither leave nor be demoted; after a transfer the former owner is admin and may leave', async () => {
    const own = await createClub(t.deps, { fullName: 'ASD Titolari' });
    const ownerId = (await membershipOf(own.accountId, own.clubId)).id;
    const leave = await gql(t.app, REMOVE, { id: ownerId }, as(own));
    expect(leave.body.data.removeCollaborator).toMatchObject({ __typename: 'ConflictError', message: MSG.collaboratorLastOwner });
    expect((await gql(t.app, CHANGE, { id: ownerId, input: { role: 'admin' } }, as(own))).body.data.changeCollaboratorRole).toMatchObject({
      __typename: 'ConflictError',
      message: MSG.collaboratorOwnerByTransfer,
    });

    const admin = await addCollaborator(t.deps, own, 'admin');
    const adminId = (await membershipOf(admin.accountId, own.clubId)).id;
    // an admin cannot take the club or push the owner out
    expect((await gql(t.app, TRANSFER, { id: adminId }, as(admin))).body.data.transferClubOwnership).toMatchObject({ __typename: 'ForbiddenError' });
    expect((await gql(t.app, REMOVE, { id: ownerId }, as(admin))).body.data.removeCollaborator).toMatchObject({ __typename: 'ConflictError' });

    expect((await gql(t.app, TRANSFER, { id: adminId }, as(own))).body.data.transferClubOwnership.__typename).toBe('MutationTransferClubOwnershipSuccess');
    expect((await membershipOf(admin.accountId, own.clubId)).role).toBe('owner');
    expect((await membershipOf(own.accountId, own.clubId)).role).toBe('admin');
    expect((await gql(t.app, REMOVE, { id: ownerId }, as(own))).body.data.removeCollaborator.data.message).toBe(MSG.collaboratorLeft);
    expect(await t.deps.systemDb.membership.count({ where: { clubId: own.clubId } })).toBe(1);
  });
});
