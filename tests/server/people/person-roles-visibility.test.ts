// Person.roles lists only the roles of kinds the viewer may read: a coach (allenatore) looking at one of their
// athletes who is also a member of the club does not learn of the membership; the owner sees both.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

const ROLES = /* GraphQL */ `query($id: ID!) { personRole(id: $id) { person { roles { kind } } } }`;

let t: TestApp;
let club: ClubWithRoles;
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps);
});
afterAll(() => t.close());

it("shows a coach only the roles of kinds they may read, the owner every role", async () => {
  const ctx = await clubContext(t.deps, club.members.owner);
  const athlete = await createPerson(ctx, 'athlete', { profile: { lastname: 'Doppio' } });
  await createPerson(ctx, 'member', { profile: { lastname: 'Doppio', taxIdCode: athlete.taxIdCode } });
  await t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId: club.coachedGroupId, roleId: athlete.roleId } });
  const kinds = async (who: keyof ClubWithRoles['members']) => {
    const res = await gql(t.app, ROLES, { id: athlete.roleId }, as(club.members[who]));
    expect(res.body.errors).toBeUndefined();
    return res.body.data.personRole.person.roles.map((r: { kind: string }) => r.kind);
  };
  expect(await kinds('owner')).toEqual(['athlete', 'member']);
  expect(await kinds('allenatore')).toEqual(['athlete']);
});
