// The people lists' sorts and jumps (issue 15): every order through GraphQL on a real database, walked page by page
// with cursors (no row skipped or repeated, missing values last going up), a jump by offset landing on the same page
// as the cursors, and the refusals: a certificate sort for another kind or without health.read, an offset with a
// cursor or out of range. Another club's rows never enter the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_ORDERS, type PeopleOrder } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { withCheckCharacter } from '../../support/tax-code-factories';
import { createGroup, createPost } from '../../support/registry-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const PEOPLE = /* GraphQL */ `
  query($kind: PersonKind!, $orderBy: PeopleOrder, $first: Int, $after: String, $offset: Int) {
    people(kind: $kind, orderBy: $orderBy, first: $first, after: $after, offset: $offset) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { person { lastname } } }
    }
  }`;

let t: TestApp;
let club: TestClub;
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });

// lastname, birthday (or none), tax code's first 15, certificate expiry (or none): every order differs from the others,
// and no two rows tie (a tie is broken by the role's id, which the test does not choose)
const ATHLETES = [
  { lastname: 'Bruni', birthday: '2010-03-01', tax: 'ZZZBRN10C01F205', expiry: '2027-05-01' },
  { lastname: 'Amato', birthday: '2012-07-15', tax: 'MMTXXX12L55F205', expiry: null },
  { lastname: 'Colombo', birthday: null, tax: 'AAACLM11A01F205', expiry: '2026-12-01' },
  { lastname: 'Esposito', birthday: '2008-01-20', tax: 'SPSXXX08A20F205', expiry: '2028-01-01' },
  { lastname: 'Dini', birthday: '2011-11-11', tax: 'DNIXXX11S11F205', expiry: '2026-12-15' },
];

beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  for (const a of ATHLETES) {
    await createPerson(ctx, 'athlete', {
      profile: { lastname: a.lastname, firstname: 'Test', birthday: a.birthday ?? undefined, taxIdCode: withCheckCharacter(a.tax) },
      details: a.expiry ? { medicalExaminationExpirationDate: a.expiry } : {},
    });
    // registered one after the other, a second apart
    await t.deps.systemDb.personRole.updateMany({ where: { clubId: club.clubId, person: { lastname: a.lastname } }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, ATHLETES.indexOf(a))) } });
  }
  const stranger = await createClub(t.deps);
  await createPerson(await clubContext(t.deps, stranger), 'athlete', { profile: { lastname: 'Aaaestraneo', birthday: '2000-01-01' } });
});
afterAll(() => t.close());

interface Page {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: { person: { lastname: string } } }[];
}

/** The whole list in `orderBy`, walked `size` rows at a time with the connection's cursors. */
async function walk(orderBy: PeopleOrder, size = 2, who = club) {
  const names: string[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 10; guard++) {
    const res = await gql<{ people: Page }>(t.app, PEOPLE, { kind: 'athlete', orderBy, first: size, after }, as(who));
    expect(res.body.errors).toBeUndefined();
    const conn: Page = res.body.data!.people;
    names.push(...conn.edges.map((e) => e.node.person.lastname));
    if (!conn.pageInfo.hasNextPage) return names;
    after = conn.pageInfo.endCursor;
  }
  throw new Error('more pages than rows');
}

const by = (key: (a: (typeof ATHLETES)[number]) => string | null) =>
  [...ATHLETES].sort((x, y) => {
    const a = key(x);
    const b = key(y);
    if (a === b) return 0;
    if (a === null) return 1; // missing last going up
    if (b === null) return -1;
    return a < b ? -1 : 1;
  }).map((a) => a.lastname);

const EXPECTED: Record<string, string[]> = {
  NAME: by((a) => a.lastname),
  TAX_CODE: by((a) => a.tax),
  BIRTHDAY: by((a) => a.birthday),
  CREATED: ATHLETES.map((a) => a.lastname),
  CERTIFICATE: by((a) => a.expiry),
};

describe('the people list in each order', () => {
  it.each(PEOPLE_ORDERS.map((o) => [o] as const))('%s, page by page, with no row skipped or repeated', async (orderBy) => {
    const base = orderBy.replace(/_DESC$/, '');
    const expected = orderBy.endsWith('_DESC') ? [...EXPECTED[base]].reverse() : EXPECTED[base];
    expect(await walk(orderBy)).toEqual(expected);
  });

  it('jumps to a page by offset and lands where the cursors would', async () => {
    for (const orderBy of ['NAME', 'BIRTHDAY_DESC', 'TAX_CODE'] as const) {
      const res = await gql(t.app, PEOPLE, { kind: 'athlete', orderBy, first: 2, offset: 2 }, as(club));
      expect(res.body.errors).toBeUndefined();
      const names = res.body.data.people.edges.map((e: { node: { person: { lastname: string } } }) => e.node.person.lastname);
      expect(names).toEqual((await walk(orderBy)).slice(2, 4));
      expect(res.body.data.people.totalCount).toBe(ATHLETES.length);
    }
  });

  it('refuses an offset with a cursor, a negative or huge one, in Italian', async () => {
    const first = await gql(t.app, PEOPLE, { kind: 'athlete', first: 2 }, as(club));
    const after = first.body.data.people.pageInfo.endCursor;
    for (const [vars, message] of [
      [{ offset: 2, after }, MSG.listOffsetWithCursor],
      [{ offset: -1 }, MSG.listOffsetInvalid],
      [{ offset: 1_000_000 }, MSG.listOffsetInvalid],
    ] as const) {
      const res = await gql(t.app, PEOPLE, { kind: 'athlete', first: 2, ...vars }, as(club));
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body.errors?.[0].message).toBe(message);
    }
  });

  it('refuses the certificate order for other kinds, and to a role without health.read', async () => {
    const coach = await gql(t.app, PEOPLE, { kind: 'coach', orderBy: 'CERTIFICATE' }, as(club));
    expect(coach.body.errors?.[0].message).toBe(MSG.certificateOrderAthletesOnly);
    const reader = await addCollaborator(t.deps, club, 'lettura');
    const refused = await gql(t.app, PEOPLE, { kind: 'athlete', orderBy: 'CERTIFICATE_DESC' }, as(reader));
    expect(refused.body.errors?.[0].message).toBe(MSG.permissionDenied);
    // the other orders are open to whoever reads the list
    expect(await walk('BIRTHDAY', 3, reader)).toEqual(EXPECTED.BIRTHDAY);
  });

  it('an unknown order is refused by the schema', async () => {
    const res = await gql(t.app, PEOPLE, { kind: 'athlete', orderBy: 'SHOE_SIZE' }, as(club));
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body.errors?.length).toBeGreaterThan(0);
  });
});

describe('groups and the feed jump by offset too', () => {
  it('lands on the rows the cursors would, and refuses an offset beside a cursor', async () => {
    const ctx = await clubContext(t.deps, club);
    for (const name of ['Under 10', 'Under 12', 'Under 14', 'Under 16', 'Under 18']) await createGroup(ctx, { name, type: 'athlete' });
    for (const title of ['Uno', 'Due', 'Tre', 'Quattro']) await createPost(ctx, { title, caption: 'Testo' });
    const groups = await gql(t.app, 'query { groups(first: 2, offset: 2) { edges { node { name } } } }', {}, as(club));
    expect(groups.body.data.groups.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Under 14', 'Under 16']);
    const posts = await gql(t.app, 'query { posts(first: 2, offset: 1, orderBy: OLDEST) { edges { node { title } } } }', {}, as(club));
    expect(posts.body.data.posts.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['Due', 'Tre']);
    const first = await gql(t.app, 'query { groups(first: 1) { pageInfo { endCursor } } }', {}, as(club));
    const both = await gql(t.app, 'query($after: String) { groups(first: 1, after: $after, offset: 1) { edges { node { name } } } }', { after: first.body.data.groups.pageInfo.endCursor }, as(club));
    expect(both.body.errors?.[0].message).toBe(MSG.listOffsetWithCursor);
  });
});
