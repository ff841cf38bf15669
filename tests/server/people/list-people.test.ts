// The people lists through GraphQL: order, search (accent-insensitive, every word must match), group filter, kinds,
// Relay pagination with totalCount, and the groups of each row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../schema/constants';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { savePerson } from '../../../server/modules/people/save-person.service';
import { clubContext, createGroupWith, createPerson, personInput } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { taxCodeFor } from '../../support/tax-code-factories';

const PEOPLE = /* GraphQL */ `
  query People($kind: PersonKind!, $search: String, $groupId: ID, $archived: Boolean, $first: Int, $after: String, $last: Int, $before: String) {
    people(kind: $kind, search: $search, groupId: $groupId, archived: $archived, first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id kind person { firstname lastname taxIdCode } groups { id name } } }
    }
  }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function newClub() {
  const club = await createClub(t.deps);
  return { club, ctx: await clubContext(t.deps, club) };
}

async function people(club: TestClub, vars: Record<string, unknown>) {
  const res = await gql(t.app, PEOPLE, vars, { token: club.token, club: club.clubToken });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.people;
}
const names = (conn: { edges: Array<{ node: { person: { firstname: string; lastname: string } } }> }) =>
  conn.edges.map((e) => `${e.node.person.lastname} ${e.node.person.firstname}`);

describe('search', () => {
  let club: TestClub;
  beforeAll(async () => {
    const made = await newClub();
    club = made.club;
    for (const [firstname, lastname, nickname] of [
      ['Nicolò', 'Rossi', undefined],
      ['Nicola', 'Bianchi', undefined],
      ['Anna', 'Rossini', 'Nico'],
      ['Luca', 'Verdi', undefined],
    ]) {
      await createPerson(made.ctx, 'athlete', { profile: { firstname, lastname, nickname } });
    }
    await createPerson(made.ctx, 'coach', { profile: { firstname: 'Nicolò', lastname: 'Rossi', taxIdCode: 'RSSNCL80A01H501D' } });
  });

  it('ignores accents and case, and needs every word', async () => {
    expect(names(await people(club, { kind: 'athlete', search: 'nicolo ross' }))).toEqual(['Rossi Nicolò']);
    expect(names(await people(club, { kind: 'athlete', search: 'NICOLÒ' }))).toEqual(['Rossi Nicolò']);
    expect(names(await people(club, { kind: 'athlete', search: 'nico' }))).toEqual(['Bianchi Nicola', 'Rossi Nicolò', 'Rossini Anna']);
    expect(names(await people(club, { kind: 'athlete', search: 'nicolo bianchi' }))).toEqual([]);
    expect((await people(club, { kind: 'athlete', search: 'ross' })).totalCount).toBe(2);
  });

  it('matches the tax code, and a typed % or _ only matches itself', async () => {
    const coaches = await people(club, { kind: 'coach', search: 'rssncl80' });
    expect(names(coaches)).toEqual(['Rossi Nicolò']);
    expect((await people(club, { kind: 'athlete', search: '%' })).totalCount).toBe(0);
    expect((await people(club, { kind: 'athlete', search: '_' })).totalCount).toBe(0);
  });

  it('lists one kind only', async () => {
    expect((await people(club, { kind: 'athlete' })).totalCount).toBe(4);
    expect((await people(club, { kind: 'coach' })).totalCount).toBe(1);
    expect((await people(club, { kind: 'member' })).totalCount).toBe(0);
  });
});

describe('groups', () => {
  it('filters by group and lists each row’s active groups by name', async () => {
    const { club, ctx } = await newClub();
    const a = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname: 'Alfa' } });
    const b = await createPerson(ctx, 'athlete', { profile: { firstname: 'Bea', lastname: 'Beta' } });
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Cleo', lastname: 'Gamma' } });
    const under12 = await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 12', [a.roleId, b.roleId]);
    const esordienti = await createGroupWith(t.deps, club.clubId, 'athlete', 'Esordienti', [a.roleId]);
    const old = await createGroupWith(t.deps, club.clubId, 'athlete', 'Archiviato', [a.roleId]);
    await t.deps.systemDb.group.update({ where: { id: old.id }, data: { archivedAt: new Date() } });

    const inGroup = await people(club, { kind: 'athlete', groupId: under12.id });
    expect(inGroup.totalCount).toBe(2);
    expect(names(inGroup)).toEqual(['Alfa Ada', 'Beta Bea']);
    expect(inGroup.edges[0].node.groups).toEqual([
      { id: esordienti.id, name: 'Esordienti' },
      { id: under12.id, name: 'Under 12' },
    ]);
    expect(inGroup.edges[1].node.groups).toEqual([{ id: under12.id, name: 'Under 12' }]);

    expect((await people(club, { kind: 'athlete', groupId: '00000000-0000-4000-8000-000000000000' })).totalCount).toBe(0);
    expect((await people(club, { kind: 'athlete', groupId: 'non-un-id' })).totalCount).toBe(0);
  });
});

describe('pagination', () => {
  let club: TestClub;
  beforeAll(async () => {
    const made = await newClub();
    club = made.club;
    // created out of order, with two namesakes: the list orders by last name, first name, then id
    for (const [firstname, lastname] of [
      ['Zeno', 'Bruni'], ['Aldo', 'Bruni'], ['Ugo', 'Costa'], ['Ivo', 'Amato'], ['Eva', 'Esposito'],
      ['Ida', 'Fabbri'], ['Ada', 'Gallo'], ['Ugo', 'Costa'], ['Rita', 'Dini'], ['Olga', 'Hoxha'],
    ]) {
      await createPerson(made.ctx, 'athlete', { profile: { firstname, lastname } });
    }
  });

  it('answers 8 rows by default, sorted, with totalCount and a cursor to the rest', async () => {
    const first = await people(club, { kind: 'athlete' });
    expect(first.totalCount).toBe(10);
    expect(first.edges).toHaveLength(PAGE_SIZE);
    expect(names(first)).toEqual(['Amato Ivo', 'Bruni Aldo', 'Bruni Zeno', 'Costa Ugo', 'Costa Ugo', 'Dini Rita', 'Esposito Eva', 'Fabbri Ida']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const second = await people(club, { kind: 'athlete', after: first.pageInfo.endCursor });
    expect(names(second)).toEqual(['Gallo Ada', 'Hoxha Olga']);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(second.totalCount).toBe(10);

    const ids = [...first.edges, ...second.edges].map((e: { node: { id: string } }) => e.node.id);
    expect(new Set(ids).size).toBe(10);
  });

  it('pages the namesakes without skipping or repeating, forwards and backwards', async () => {
    const forward: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await people(club, { kind: 'athlete', first: 3, after });
      forward.push(...page.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    const all = (await people(club, { kind: 'athlete', first: 20 })).edges.map((e: { node: { id: string } }) => e.node.id);
    expect(forward).toEqual(all);

    const last = await people(club, { kind: 'athlete', last: 3 });
    expect(names(last)).toEqual(['Fabbri Ida', 'Gallo Ada', 'Hoxha Olga']);
    const before = await people(club, { kind: 'athlete', last: 3, before: last.pageInfo.startCursor });
    expect(names(before)).toEqual(['Costa Ugo', 'Dini Rita', 'Esposito Eva']);
  });

  it('caps a page at 100 rows', async () => {
    const { club: big, ctx } = await newClub();
    const base = await createPerson(ctx, 'member', { profile: { firstname: 'Primo', lastname: 'Socio' } });
    // bulk rows for size only: 100 more members
    await t.deps.systemDb.person.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        clubId: big.clubId, firstname: 'Socio', lastname: `N${String(i).padStart(3, '0')}`, taxIdCode: taxCodeFor(i, 'BLK'), searchText: 'socio',
      })),
    });
    const bulk = await t.deps.systemDb.person.findMany({ where: { clubId: big.clubId, id: { not: base.personId } }, select: { id: true } });
    await t.deps.systemDb.personRole.createMany({ data: bulk.map((p) => ({ clubId: big.clubId, personId: p.id, kind: 'member' as const })) });

    const page = await people(big, { kind: 'member', first: 500 });
    expect(page.totalCount).toBe(101);
    expect(page.edges).toHaveLength(100);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });
});

describe('sort and search keys', () => {
  it('follow a renamed profile into every role, and reach a role added later', async () => {
    const { club, ctx } = await newClub();
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Marco', lastname: 'Mele' } });
    const renamed = await createPerson(ctx, 'athlete', { profile: { firstname: 'Zoe', lastname: 'Zanetti', taxIdCode: 'ZNTZOE90A41H501G' } });
    await createPerson(ctx, 'coach', { profile: { firstname: 'Zoe', lastname: 'Zanetti', taxIdCode: 'ZNTZOE90A41H501G' } });
    expect(names(await people(club, { kind: 'athlete' }))).toEqual(['Mele Marco', 'Zanetti Zoe']);

    // the profile is renamed through the athlete role: the coach role's list follows (database trigger)
    await savePerson(ctx, 'athlete', { ...personInput({ profile: { firstname: 'Zoe', lastname: 'Àlbani', taxIdCode: 'ZNTZOE90A41H501G' } }), id: renamed.roleId });
    expect(names(await people(club, { kind: 'athlete' }))).toEqual(['Àlbani Zoe', 'Mele Marco']);
    expect(names(await people(club, { kind: 'coach', search: 'albani' }))).toEqual(['Àlbani Zoe']);
    expect((await people(club, { kind: 'coach', search: 'zanetti' })).totalCount).toBe(0);

    // a role created after the rename copies the current keys
    await createPerson(ctx, 'member', { profile: { firstname: 'Zoe', lastname: 'Àlbani', taxIdCode: 'ZNTZOE90A41H501G' } });
    const keys = await t.deps.systemDb.personRole.findMany({ where: { personId: renamed.personId }, select: { kind: true, sortName: true, searchText: true } });
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatchObject({ sortName: 'albani zoe', searchText: expect.stringContaining('albani') });
  });
});
