// An organisation's staff (issue 13 point 1) through GraphQL: its admin invites by email (a mailed single-use link,
// stored hashed), any signed-in account holding the link joins with the invited role; a used, revoked or unknown
// link is refused alike; readers and outsiders cannot invite; roles change and staff leave, but the organisation
// always keeps an admin. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../server/modules/organisations/organisation-staff.service';
import { PORTAL_MSG } from '../../../server/modules/organisations/organisation-portal.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { organisationOf } from '../../support/organisation-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: TestClub;
let invitee: TestClub;
let outsider: TestClub;
let organisationId: string;

const outcome = (field: string, data: string) => {
  const name = field.split('(')[0];
  return `${field} { __typename ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { ${data} } } ... on BaseError { message } }`;
};
const INVITE = `mutation($o: ID!, $e: String!, $r: OrganisationStaffRole!) { ${outcome('inviteOrganisationStaff(organisationId: $o, email: $e, role: $r)', 'message invitationId')} }`;
const ACCEPT = `mutation($token: String!) { ${outcome('acceptOrganisationStaffInvitation(token: $token)', 'message organisationId')} }`;
const STAFF = `query($o: ID!) { organisationStaff(organisationId: $o) { staff { email role } invitations { id email role } } }`;
const ROLE = `mutation($o: ID!, $a: ID!, $r: OrganisationStaffRole!) { ${outcome('changeOrganisationStaffRole(organisationId: $o, accountId: $a, role: $r)', 'role')} }`;
const REMOVE = `mutation($o: ID!, $a: ID!) { ${outcome('removeOrganisationStaff(organisationId: $o, accountId: $a)', 'role')} }`;

/** The token of the newest invitation mailed to `email`. */
async function mailedToken(email: string) {
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email)).at(-1);
  expect(mail?.subject).toBe(STAFF_MSG.mailSubject('Federazione Staff'));
  return new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
}

beforeAll(async () => {
  t = await startTestApp();
  [admin, invitee, outsider] = [await createClub(t.deps), await createClub(t.deps), await createClub(t.deps)];
  organisationId = (await organisationOf(t.deps, admin, 'Federazione Staff')).id;
});
afterAll(() => t.close());

describe("an organisation's staff", () => {
  it('invites by email; the link joins once; a used or unknown link is refused alike', async () => {
    const sent = await gql(t.app, INVITE, { o: organisationId, e: ` ${invitee.email.toUpperCase()} `, r: 'reader' }, { token: admin.token });
    expect(sent.body.data.inviteOrganisationStaff.data.message).toBe(STAFF_MSG.sent(invitee.email));
    const token = await mailedToken(invitee.email);
    const stored = await t.deps.systemDb.organisationStaffInvitation.findFirstOrThrow({ where: { email: invitee.email } });
    expect(stored.tokenHash).not.toContain(token);
    expect((await gql(t.app, STAFF, { o: organisationId }, { token: admin.token })).body.data.organisationStaff.invitations).toEqual([expect.objectContaining({ email: invitee.email, role: 'reader' })]);

    const joined = await gql(t.app, ACCEPT, { token }, { token: invitee.token });
    expect(joined.body.data.acceptOrganisationStaffInvitation.data).toEqual({ message: STAFF_MSG.joined('Federazione Staff'), organisationId });
    const again = await gql(t.app, ACCEPT, { token }, { token: outsider.token });
    expect(again.body.data.acceptOrganisationStaffInvitation).toEqual({ __typename: 'ValidationError', message: STAFF_MSG.invalid });
    const unknown = await gql(t.app, ACCEPT, { token: 'x'.repeat(40) }, { token: outsider.token });
    expect(unknown.body.data.acceptOrganisationStaffInvitation.message).toBe(STAFF_MSG.invalid);

    const list = (await gql(t.app, STAFF, { o: organisationId }, { token: invitee.token })).body.data.organisationStaff;
    expect(list.staff).toEqual([{ email: admin.email, role: 'admin' }, { email: invitee.email, role: 'reader' }]);
    expect(list.invitations).toEqual([]);
  });

  it('readers and outsiders cannot invite or see the staff; an existing member is not invited twice; a pending invitation can be revoked', async () => {
    const byReader = await gql(t.app, INVITE, { o: organisationId, e: 'nuovo@example.it', r: 'admin' }, { token: invitee.token });
    expect(byReader.body.data.inviteOrganisationStaff).toEqual({ __typename: 'ForbiddenError', message: STAFF_MSG.notAdmin });
    const byOutsider = await gql(t.app, STAFF, { o: organisationId }, { token: outsider.token });
    expect(byOutsider.body.errors?.[0].message).toBe(PORTAL_MSG.notStaff);
    const twice = await gql(t.app, INVITE, { o: organisationId, e: invitee.email, r: 'admin' }, { token: admin.token });
    expect(twice.body.data.inviteOrganisationStaff).toEqual({ __typename: 'ConflictError', message: STAFF_MSG.already });
    const invalid = await gql(t.app, INVITE, { o: organisationId, e: 'non-una-email', r: 'admin' }, { token: admin.token });
    expect(invalid.body.data.inviteOrganisationStaff).toEqual({ __typename: 'ValidationError', message: STAFF_MSG.emailInvalid });

    const pending = (await gql(t.app, INVITE, { o: organisationId, e: 'ripensamento@example.it', r: 'admin' }, { token: admin.token })).body.data.inviteOrganisationStaff.data;
    const token = await mailedToken('ripensamento@example.it');
    const revoke = `mutation($id: ID!) { ${outcome('revokeOrganisationStaffInvitation(id: $id)', 'message')} }`;
    expect((await gql(t.app, revoke, { id: pending.invitationId }, { token: invitee.token })).body.data.revokeOrganisationStaffInvitation.__typename).toBe('ForbiddenError');
    expect((await gql(t.app, revoke, { id: pending.invitationId }, { token: admin.token })).body.data.revokeOrganisationStaffInvitation.data.message).toBe(STAFF_MSG.revoked);
    expect((await gql(t.app, ACCEPT, { token }, { token: outsider.token })).body.data.acceptOrganisationStaffInvitation.message).toBe(STAFF_MSG.invalid);
  });

  it('roles change and staff are removed, but the last admin stays', async () => {
    const demoteLast = await gql(t.app, ROLE, { o: organisationId, a: admin.accountId, r: 'reader' }, { token: admin.token });
    expect(demoteLast.body.data.changeOrganisationStaffRole).toEqual({ __typename: 'ValidationError', message: STAFF_MSG.lastAdmin });
    const promote = await gql(t.app, ROLE, { o: organisationId, a: invitee.accountId, r: 'admin' }, { token: admin.token });
    expect(promote.body.data.changeOrganisationStaffRole.data.role).toBe('admin');
    const leave = await gql(t.app, REMOVE, { o: organisationId, a: admin.accountId }, { token: admin.token });
    expect(leave.body.data.removeOrganisationStaff.data.role).toBeNull();
    const removeLast = await gql(t.app, REMOVE, { o: organisationId, a: invitee.accountId }, { token: invitee.token });
    expect(removeLast.body.data.removeOrganisationStaff).toEqual({ __typename: 'ValidationError', message: STAFF_MSG.lastAdmin });
    const formerAdmin = await gql(t.app, ROLE, { o: organisationId, a: invitee.accountId, r: 'reader' }, { token: admin.token });
    expect(formerAdmin.body.data.changeOrganisationStaffRole).toEqual({ __typename: 'ForbiddenError', message: STAFF_MSG.notAdmin });
  });
});
