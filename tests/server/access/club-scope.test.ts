// The club-scoped data access (server/access/club-scope.ts): without a scope the app's client refuses club-owned
// models and raw SQL; a client bound to club A reads, counts, updates and deletes only A's rows (B's ids behave like
// unknown ones), stamps A on every create, nested creates included, refuses a write naming B, keeps its scope inside
// transactions, and lets raw SQL run only when the club is one of its parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_OWNED_MODELS, ClubScopeViolationError, clubScopedClient, MissingClubScopeError } from '../../../server/access/club-scope';
import { clubDb } from '../../../server/access/request-db';
import type { PrismaClient } from '../../../server/generated/prisma/client.js';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { clubContext, createPerson, nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let a: TestClub;
let b: TestClub;
let scopedA: PrismaClient;
let personA: string;
let personB: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await createClub(t.deps, { fullName: 'ASD Scope A' });
  b = await createClub(t.deps, { fullName: 'ASD Scope B' });
  personA = (await createPerson(await clubContext(t.deps, a), 'athlete')).personId;
  personB = (await createPerson(await clubContext(t.deps, b), 'athlete')).personId;
  scopedA = clubScopedClient(t.deps.systemDb, a.clubId);
});
afterAll(() => t.close());

describe('without a scope', () => {
  it('the app client refuses every club-owned model and raw SQL, loudly', async () => {
    expect([...CLUB_OWNED_MODELS].sort()).toEqual(
      expect.arrayContaining(['Address', 'Feedback', 'Group', 'GroupMember', 'Notification', 'Person', 'PersonRole', 'Post', 'StoredFile']),
    );
    await expect(t.deps.db.person.findMany()).rejects.toBeInstanceOf(MissingClubScopeError);
    await expect(t.deps.db.personRole.count()).rejects.toBeInstanceOf(MissingClubScopeError);
    await expect(t.deps.db.group.create({ data: { clubId: a.clubId, name: 'X', type: 'athlete' } as never })).rejects.toBeInstanceOf(MissingClubScopeError);
    await expect(t.deps.db.$queryRaw`SELECT count(*) FROM people`).rejects.toBeInstanceOf(MissingClubScopeError);
    await expect(t.deps.db.$transaction((tx) => tx.post.findMany())).rejects.toBeInstanceOf(MissingClubScopeError);
    // the account side is not club-owned
    expect(await t.deps.db.account.count()).toBeGreaterThanOrEqual(2);
  });

  it('a request without a club gets that same guarded client', () => {
    expect(clubDb(serviceContext(t.deps))).toBe(t.deps.db);
  });
});

describe('bound to club A', () => {
  it("reads and counts only A's rows; B's id is like an unknown one", async () => {
    const people = await scopedA.person.findMany({ select: { clubId: true } });
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.clubId === a.clubId)).toBe(true);
    expect(await scopedA.person.findUnique({ where: { id: personB } })).toBeNull();
    expect(await scopedA.person.findFirst({ where: { id: personB, clubId: b.clubId } })).toBeNull(); // naming B changes nothing
    expect(await scopedA.person.count({ where: { id: { in: [personA, personB] } } })).toBe(1);
    expect(await scopedA.person.findUnique({ where: { id: personA } })).not.toBeNull();
  });

  it("cannot update or delete B's rows", async () => {
    await expect(scopedA.person.update({ where: { id: personB }, data: { nickname: 'preso' } })).rejects.toMatchObject({ code: 'P2025' });
    expect((await scopedA.person.updateMany({ where: { id: personB }, data: { nickname: 'preso' } })).count).toBe(0);
    expect((await scopedA.personRole.deleteMany({ where: { personId: personB } })).count).toBe(0);
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personB } })).nickname).toBeNull();
  });

  it('stamps A on creates, nested ones included, and refuses a write naming B', async () => {
    const taxIdCode = nextTaxCode('SCP');
    const person = await scopedA.person.create({
      data: {
        firstname: 'Nested',
        lastname: 'Create',
        taxIdCode,
        searchText: 'nested create',
        sortName: 'create nested',
        roles: { create: [{ kind: 'member' }] },
      } as never,
      include: { roles: true },
    });
    expect(person.clubId).toBe(a.clubId);
    expect((person as unknown as { roles: Array<{ clubId: string }> }).roles.map((r) => r.clubId)).toEqual([a.clubId]);
    await expect(scopedA.group.create({ data: { clubId: b.clubId, name: 'Intrusa', type: 'athlete' } as never })).rejects.toBeInstanceOf(ClubScopeViolationError);
    await expect(
      scopedA.person.update({ where: { id: personA }, data: { roles: { create: [{ kind: 'coach', clubId: b.clubId }] } } as never }),
    ).rejects.toBeInstanceOf(ClubScopeViolationError);
    expect(await t.deps.systemDb.group.count({ where: { name: 'Intrusa' } })).toBe(0);
  });

  it('keeps its scope inside transactions', async () => {
    const seen = await scopedA.$transaction(async (tx) => ({
      people: await tx.person.findMany({ select: { clubId: true } }),
      other: await tx.person.findUnique({ where: { id: personB } }),
    }));
    expect(seen.people.every((p) => p.clubId === a.clubId)).toBe(true);
    expect(seen.other).toBeNull();
  });

  it("under a coach's narrowing: no per-kind counters, and raw SQL on people must take the groups", async () => {
    const coachDb = clubScopedClient(t.deps.systemDb, a.clubId, { groupIds: ['00000000-0000-0000-0000-000000000001'] });
    await expect(coachDb.personRoleCount.findMany()).rejects.toBeInstanceOf(MissingClubScopeError);
    await expect(coachDb.$queryRaw`SELECT count(*)::int AS n FROM person_roles WHERE club_id = ${a.clubId}::uuid`).rejects.toBeInstanceOf(MissingClubScopeError);
    expect(await coachDb.person.findMany({ where: { id: personA } })).toEqual([]); // an athlete of no coached group
  });

  it('runs raw SQL only when the club is one of its parameters', async () => {
    await expect(scopedA.$queryRaw`SELECT count(*)::int AS n FROM people`).rejects.toBeInstanceOf(MissingClubScopeError);
    await expect(scopedA.$queryRawUnsafe(`SELECT count(*) FROM people WHERE club_id = '${a.clubId}'`)).rejects.toBeInstanceOf(MissingClubScopeError);
    const [row] = await scopedA.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM people WHERE club_id = ${a.clubId}::uuid`;
    expect(row.n).toBeGreaterThan(0);
  });
});
