// The database's own guarantee under the club-scoped data access (migration same_club_links): a row that links two
// club-owned rows links rows of one club, whoever writes it (here the unguarded system client, as a careless script
// would). Same-club links are stored; cross-club ones are refused with check_violation and store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let a: TestClub;
let b: TestClub;
let roleA: { roleId: string; personId: string };
let roleB: { roleId: string; personId: string };
let groupA: string;
let groupB: string;
let postA: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await createClub(t.deps);
  b = await createClub(t.deps);
  roleA = await createPerson(await clubContext(t.deps, a), 'athlete');
  roleB = await createPerson(await clubContext(t.deps, b), 'athlete');
  groupA = (await createGroupWith(t.deps, a.clubId, 'athlete', 'Under 12 A')).id;
  groupB = (await createGroupWith(t.deps, b.clubId, 'athlete', 'Under 12 B')).id;
  postA = (await t.deps.systemDb.post.create({ data: { clubId: a.clubId, title: 'Avviso', caption: 'Testo', searchText: 'avviso testo' } })).id;
});
afterAll(() => t.close());

const checkViolation = (error: unknown) => JSON.stringify(error).includes('23514') || String((error as Error).message).includes('different clubs');

describe('links between rows of two clubs', () => {
  it("a group member: another club's role or group is refused, the same club's is stored", async () => {
    const { systemDb: db } = t.deps;
    for (const data of [
      { clubId: a.clubId, groupId: groupA, roleId: roleB.roleId },
      { clubId: a.clubId, groupId: groupB, roleId: roleA.roleId },
      { clubId: b.clubId, groupId: groupA, roleId: roleA.roleId },
    ]) {
      const error = await db.groupMember.create({ data }).then(() => null, (e: unknown) => e);
      expect(error, JSON.stringify(data)).not.toBeNull();
      expect(checkViolation(error)).toBe(true);
    }
    expect(await db.groupMember.count({ where: { OR: [{ groupId: groupB }, { roleId: roleB.roleId }] } })).toBe(0);
    await db.groupMember.create({ data: { clubId: a.clubId, groupId: groupA, roleId: roleA.roleId } });
    // moving an existing member row across clubs is refused too
    await expect(db.groupMember.updateMany({ where: { groupId: groupA }, data: { groupId: groupB } })).rejects.toSatisfy(checkViolation);
  });

  it("a post's target group of another club is refused", async () => {
    const { systemDb: db } = t.deps;
    await expect(db.postGroup.create({ data: { postId: postA, groupId: groupB } })).rejects.toSatisfy(checkViolation);
    await db.postGroup.create({ data: { postId: postA, groupId: groupA } });
    expect(await db.postGroup.count({ where: { postId: postA } })).toBe(1);
  });

  it("a role for another club's person is refused", async () => {
    const { systemDb: db } = t.deps;
    await expect(db.personRole.create({ data: { clubId: a.clubId, personId: roleB.personId, kind: 'coach' } })).rejects.toSatisfy(checkViolation);
    expect(await db.personRole.count({ where: { personId: roleB.personId } })).toBe(1);
  });
});
