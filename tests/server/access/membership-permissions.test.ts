// What the client learns about its own rights (issue 11, "the UI follows the role"): each of the account's
// memberships carries its role's permissions (docs/permissions.md's row) and, for a coach, the groups they coach.
// The client hides what these do not allow; the server refuses anyway (permissions.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_ROLES, ROLE_PERMISSIONS } from '../../../server/access/permissions';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';

const MY_CLUBS = /* GraphQL */ `
  query { me { profile { clubs { role permissions athleteGroupIds club { id } } } } }`;

type Row = { role: string; permissions: string[]; athleteGroupIds: string[] | null; club: { id: string } };

describe('ClubMembership.permissions and athleteGroupIds', () => {
  let t: TestApp;
  let owner: TestClub;
  const clubsOf = async (who: TestClub): Promise<Row[]> => (await gql(t.app, MY_CLUBS, {}, { token: who.token })).body.data.me.profile.clubs;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createClub(t.deps, { fullName: 'ASD Permessi' });
  });
  afterAll(() => t.close());

  it("are the role's row of the table, for each role", async () => {
    for (const role of CLUB_ROLES.filter((r) => r !== 'owner')) {
      const collaborator = await addCollaborator(t.deps, owner, role);
      const here = (await clubsOf(collaborator)).find((m) => m.club.id === owner.clubId)!;
      expect(here.role).toBe(role);
      expect(new Set(here.permissions)).toEqual(ROLE_PERMISSIONS[role]);
    }
    const [own] = await clubsOf(owner);
    expect(new Set(own.permissions)).toEqual(ROLE_PERMISSIONS.owner);
  });

  it('differ per club for an account in two clubs (its own club as owner, the other as lettura)', async () => {
    const reader = await addCollaborator(t.deps, owner, 'lettura');
    const clubs = await clubsOf(reader);
    expect(clubs.map((m) => m.role).sort()).toEqual(['lettura', 'owner']);
    const reading = clubs.find((m) => m.role === 'lettura')!;
    expect(reading.permissions).not.toContain('people.athlete.write');
    expect(reading.permissions).not.toContain('health.read');
    expect(clubs.find((m) => m.role === 'owner')!.permissions).toContain('club.archive');
  });

  it("name a coach's groups, and only a coach's", async () => {
    const trainer = await addCollaborator(t.deps, owner, 'allenatore');
    const group = await t.deps.systemDb.group.create({ data: { clubId: owner.clubId, name: 'Under 12', type: 'athlete' } });
    await t.deps.systemDb.membership.updateMany({ where: { accountId: trainer.accountId, clubId: owner.clubId }, data: { groupIds: [group.id] } });
    const clubs = await clubsOf(trainer);
    expect(clubs.find((m) => m.role === 'allenatore')!.athleteGroupIds).toEqual([group.id]);
    expect(clubs.find((m) => m.role === 'owner')!.athleteGroupIds).toBeNull();
  });
});
