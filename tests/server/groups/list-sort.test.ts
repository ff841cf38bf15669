// The groups lists' sorts (issue 15): every `GroupOrder` through GraphQL on a real database, walked forwards and
// backwards with cursors (no row skipped or repeated), a jump by offset landing where the cursors would, member counts
// that leave archived roles out (as memberCount does), categories, a search, a coach's narrowed list; another club's
// and archived groups never enter the order; an unknown order is the schema's refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_ORDERS, type GroupOrder } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroupWith } from '../../support/people-factories';
import { createRole } from '../../support/registry-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const LIST = /* GraphQL */ `
  query($types: [PersonKind!], $search: String, $orderBy: GroupOrder, $first: Int, $after: String, $last: Int, $before: String, $offset: Int) {
    groups(types: $types, search: $search, orderBy: $orderBy, first: $first, after: $after, last: $last, before: $before, offset: $offset) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { node { name memberCount } }
    }
  }`;

let t: TestApp;
let club: TestClub;
let coach: TestClub;
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });

// name, type, active members, archived members (not counted), creation order: every order differs from the others.
// Allenatori, Dirigenti and Volontari festa tie on 1 member: the name breaks the tie, both ways.
// Under 12 has 2 active members and 2 archived ones: counting the archived would put it after Under 10.
const GROUPS = [
  { name: 'Under 12', type: 'athlete', active: 2, archived: 2, created: 0, ageMax: 11 },
  { name: 'Volontari festa', type: 'voluntary', active: 1, archived: 0, created: 1 },
  { name: 'Allenatori', type: 'coach', active: 1, archived: 0, created: 2 },
  { name: 'Under 10', type: 'athlete', active: 3, archived: 0, created: 3 },
  { name: 'Dirigenti', type: 'manager', active: 1, archived: 0, created: 4 },
  { name: 'Staff medico', type: 'staff', active: 0, archived: 0, created: 5 },
] as const;

beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  for (const g of GROUPS) {
    const roles = [
      ...(await Promise.all(Array.from({ length: g.active }, (_, i) => createRole(ctx, g.type, { lastname: `${g.name} ${i}` })))),
      ...(await Promise.all(Array.from({ length: g.archived }, (_, i) => createRole(ctx, g.type, { lastname: `${g.name} archiviato ${i}`, archived: true })))),
    ];
    const group = await createGroupWith(t.deps, club.clubId, g.type, g.name, roles);
    await t.deps.systemDb.group.update({ where: { id: group.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, g.created)), ageMax: 'ageMax' in g ? g.ageMax : null } });
  }
  // an archived group and another club's groups stay out of every order
  const old = await createGroupWith(t.deps, club.clubId, 'athlete', 'Aaa archiviato');
  await t.deps.systemDb.group.update({ where: { id: old.id }, data: { archivedAt: new Date() } });
  const stranger = await createClub(t.deps);
  await createGroupWith(t.deps, stranger.clubId, 'athlete', 'Aaa estraneo', [await createRole(await clubContext(t.deps, stranger), 'athlete')]);
  // a coach of Under 10: of the athlete groups, sees only that one
  coach = await addCollaborator(t.deps, club, 'allenatore');
  const u10 = await t.deps.systemDb.group.findFirstOrThrow({ where: { clubId: club.clubId, name: 'Under 10' } });
  await t.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [u10.id] } });
  // a dozen people saved through the app: longer than the default hook time on a busy machine
}, 120_000);
afterAll(() => t.close());

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { node: { name: string; memberCount: number } }[];
}

async function list(vars: Record<string, unknown>, who = club): Promise<Page> {
  const res = await gql<{ groups: Page }>(t.app, LIST, vars, as(who));
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.groups;
}
const namesOf = (page: Page) => page.edges.map((e) => e.node.name);

/** The whole list in `orderBy`, walked `size` rows at a time with the cursors, from the start. */
async function walk(orderBy: GroupOrder, vars: Record<string, unknown> = {}, who = club, size = 2) {
  const names: string[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 10; guard++) {
    const page = await list({ ...vars, orderBy, first: size, after }, who);
    names.push(...namesOf(page));
    if (!page.pageInfo.hasNextPage) return names;
    after = page.pageInfo.endCursor;
  }
  throw new Error('more pages than rows');
}

/** The same, from the end backwards (`last` / `before`). */
async function walkBack(orderBy: GroupOrder, size = 2) {
  const names: string[] = [];
  let before: string | null = null;
  for (let guard = 0; guard < 10; guard++) {
    const page = await list({ orderBy, last: size, before });
    names.unshift(...namesOf(page));
    if (!page.pageInfo.hasPreviousPage) return names;
    before = page.pageInfo.startCursor;
  }
  throw new Error('more pages than rows');
}

type Row = (typeof GROUPS)[number];
const KIND_ORDER = ['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'];
const byName = (a: Row, b: Row) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const ageOf = (g: Row) => ('ageMax' in g ? g.ageMax : Infinity);
const sorted = (compare: (a: Row, b: Row) => number) => [...GROUPS].sort((a, b) => compare(a, b) || byName(a, b)).map((g) => g.name);

const EXPECTED: Record<GroupOrder, string[]> = {
  NAME: sorted(() => 0),
  NAME_DESC: sorted(() => 0).reverse(),
  TYPE: sorted((a, b) => KIND_ORDER.indexOf(a.type) - KIND_ORDER.indexOf(b.type)),
  TYPE_DESC: sorted((a, b) => KIND_ORDER.indexOf(b.type) - KIND_ORDER.indexOf(a.type)),
  MEMBERS: sorted((a, b) => a.active - b.active),
  MEMBERS_DESC: sorted((a, b) => b.active - a.active),
  CREATED: sorted((a, b) => a.created - b.created),
  CREATED_DESC: sorted((a, b) => b.created - a.created),
  // youngest first; groups without an age band after them, by name (A-Z, or Z-A going down)
  AGE: [...sorted((a, b) => ageOf(a) - ageOf(b))],
  AGE_DESC: [...sorted((a, b) => ageOf(a) - ageOf(b))].reverse(),
};

describe('the groups list in each order', () => {
  it('spells out the expected orders (the fixture tells every order apart)', () => {
    expect(EXPECTED.MEMBERS).toEqual(['Staff medico', 'Allenatori', 'Dirigenti', 'Volontari festa', 'Under 12', 'Under 10']);
    expect(EXPECTED.MEMBERS_DESC).toEqual(['Under 10', 'Under 12', 'Allenatori', 'Dirigenti', 'Volontari festa', 'Staff medico']);
    expect(EXPECTED.TYPE_DESC).toEqual(['Volontari festa', 'Staff medico', 'Dirigenti', 'Allenatori', 'Under 10', 'Under 12']);
    // only Under 12 has an age band here, so by age is not by type
    expect(EXPECTED.AGE).toEqual(['Under 12', 'Allenatori', 'Dirigenti', 'Staff medico', 'Under 10', 'Volontari festa']);
    expect(new Set(Object.values(EXPECTED).map((names) => names.join())).size).toBe(GROUP_ORDERS.length);
  });

  it.each(GROUP_ORDERS.map((o) => [o] as const))('%s, page by page both ways, with no row skipped or repeated', async (orderBy) => {
    expect(await walk(orderBy)).toEqual(EXPECTED[orderBy]);
    expect(await walkBack(orderBy)).toEqual(EXPECTED[orderBy]);
    expect(await walk(orderBy, {}, club, 4)).toEqual(EXPECTED[orderBy]);
  });

  it('NAME is the default, and the member count shown is the one sorted by', async () => {
    expect(namesOf(await list({ first: 10 }))).toEqual(EXPECTED.NAME);
    const page = await list({ orderBy: 'MEMBERS_DESC', first: 10 });
    expect(page.edges.map((e) => e.node.memberCount)).toEqual([3, 2, 1, 1, 1, 0]);
    expect(page.totalCount).toBe(GROUPS.length);
  });

  it('jumps to a page by offset and lands where the cursors would', async () => {
    for (const orderBy of GROUP_ORDERS) {
      const page = await list({ orderBy, first: 2, offset: 2 });
      expect(namesOf(page)).toEqual(EXPECTED[orderBy].slice(2, 4));
      expect(page.pageInfo.hasNextPage).toBe(true);
      const last = await list({ orderBy, first: 2, offset: 4 });
      expect(namesOf(last)).toEqual(EXPECTED[orderBy].slice(4));
      expect(last.pageInfo.hasNextPage).toBe(false);
      expect(namesOf(await list({ orderBy, first: 2, offset: 6 }))).toEqual([]);
    }
  });

  it('sorts categories and a search by members too', async () => {
    expect(await walk('MEMBERS_DESC', { types: ['athlete'] })).toEqual(['Under 10', 'Under 12']);
    expect(await walk('MEMBERS', { types: ['athlete'] }, club, 1)).toEqual(['Under 12', 'Under 10']);
    expect(await walk('MEMBERS', { search: 'e' })).toEqual(EXPECTED.MEMBERS.filter((name) => name.toLowerCase().includes('e')));
  });

  it("a coach's list leaves out the athlete groups they do not coach, in every order", async () => {
    for (const orderBy of ['MEMBERS', 'TYPE', 'NAME_DESC'] as const) {
      expect(await walk(orderBy, {}, coach)).toEqual(EXPECTED[orderBy].filter((name) => name !== 'Under 12'));
    }
  });

  it('a cursor naming no group gives an empty page; a forged one is refused as bad input', async () => {
    // a real cursor with its id swapped for one that is not a uuid, or no group's
    const real = Buffer.from((await list({ first: 1 })).pageInfo.endCursor!, 'base64').toString();
    const id = real.match(/[0-9a-f-]{36}/)![0];
    const swap = (other: string) => Buffer.from(real.replace(id, other)).toString('base64');
    const unknown = swap('00000000-0000-4000-8000-000000000000');
    for (const orderBy of ['MEMBERS', 'NAME']) expect(namesOf(await list({ orderBy, first: 2, after: unknown }))).toEqual([]);
    const forged = swap('not-a-uuid-at-all-but-36-characters!');
    for (const orderBy of ['MEMBERS', 'NAME']) {
      const res = await gql(t.app, LIST, { orderBy, first: 2, after: forged }, as(club));
      expect(res.statusCode).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ message: MSG.inputUnstorable, extensions: { code: 'BAD_REQUEST' } });
    }
  });

  it('an unknown order is refused by the schema', async () => {
    const res = await gql(t.app, LIST, { orderBy: 'COLOUR' }, as(club));
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body.errors?.length).toBeGreaterThan(0);
  });
});
