// A people list costs the same number of SQL statements whatever its size: rows with their profile and groups are
// loaded in the page's own statement, never one query per row (no N+1). Counted at the driver adapter, i.e.
// statements really sent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { recordStatements } from '../../support/statement-spy';
import { startTestApp, type TestApp } from '../../support/test-app';

const PEOPLE = /* GraphQL */ `
  query($first: Int, $search: String) {
    people(kind: athlete, first: $first, search: $search) {
      totalCount
      edges { node { id isActive person { firstname lastname taxIdCode emailPrimary } groups { id name type } } }
    }
  }`;

let t: TestApp;
let club: TestClub;
let statements: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  const roles: string[] = [];
  for (let i = 0; i < 11; i++) {
    roles.push((await createPerson(ctx, 'athlete', { profile: { firstname: `Nome${i}`, lastname: `Cognome${String(i).padStart(2, '0')}` } })).roleId);
  }
  await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 14', roles);
  await createGroupWith(t.deps, club.clubId, 'athlete', 'Squadra B', roles.filter((_, i) => i % 2 === 0));

  await recordStatements(t.databaseKind, (sql) => statements.push(sql));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function counted<T>(request: () => Promise<T>): Promise<{ result: T; count: number }> {
  statements = [];
  const result = await request();
  return { result, count: statements.length };
}

const creds = () => ({ token: club.token, club: club.clubToken });

describe('statements per people list request', () => {
  it('GraphQL: 3 rows and 8 rows with their groups cost the same statements', async () => {
    // The session and membership are read once, then kept by the session cache: count the requests after that.
    await gql(t.app, `{ me { id } }`, {}, creds());
    const small = await counted(() => gql(t.app, PEOPLE, { first: 3 }, creds()));
    const large = await counted(() => gql(t.app, PEOPLE, { first: 8 }, creds()));
    const edges = (r: typeof small) => r.result.body.data!.people.edges as Array<{ node: { groups: unknown[] } }>;
    expect(edges(small)).toHaveLength(3);
    expect(edges(large)).toHaveLength(8);
    expect(edges(large).every((e) => e.node.groups.length >= 1)).toBe(true);
    expect(edges(large).some((e) => e.node.groups.length === 2)).toBe(true);

    expect(small.count).toBeGreaterThan(0); // the counter sees the app's statements
    expect(large.count).toBe(small.count);
    // The page with its rows' profiles and groups in one statement (joined: db/relation-load.ts), its total beside it.
    expect(large.count).toBe(2);
  });

  it('GraphQL: a searched list is cut first, then loaded joined by its ids: the same statements for 3 rows and 8', async () => {
    // Joined in the page's own statement, the relations were built for every match before the page was cut
    // (list-people.service.ts, peopleRelationLoad): the page's ids come first, alone.
    const small = await counted(() => gql(t.app, PEOPLE, { first: 3, search: 'cognome' }, creds()));
    const large = await counted(() => gql(t.app, PEOPLE, { first: 8, search: 'cognome' }, creds()));
    const edges = (r: typeof small) => r.result.body.data!.people.edges as Array<{ node: { groups: unknown[]; person: { lastname: string } } }>;
    expect(edges(small)).toHaveLength(3);
    expect(edges(large)).toHaveLength(8);
    expect(large.result.body.data!.people.totalCount).toBe(11);
    expect(edges(large).map((e) => e.node.person.lastname)).toEqual(Array.from({ length: 8 }, (_, i) => `Cognome${String(i).padStart(2, '0')}`));
    expect(edges(large).every((e) => e.node.groups.length >= 1)).toBe(true);
    expect(large.count).toBe(small.count);
    // The page's ids, the total, the rows with their profile and groups.
    expect(large.count).toBe(3);
    const joined = statements.filter((sql) => /LATERAL/i.test(sql));
    expect(joined).toHaveLength(1);
    expect(joined[0]).not.toMatch(/LIKE/i);
  });

  it('GraphQL: a searched list in another order selecting more relations still costs 3 statements, in that order', async () => {
    const query = /* GraphQL */ `
      query($search: String) {
        people(kind: athlete, first: 8, search: $search, orderBy: NAME_DESC) {
          totalCount
          edges { node { id person { lastname address { city } } groups { id name } athlete { athleteAttorneyName } documents { id } } }
        }
      }`;
    const page = await counted(() => gql(t.app, query, { search: 'nome' }, creds()));
    const lastnames = (page.result.body.data!.people.edges as Array<{ node: { person: { lastname: string } } }>).map((e) => e.node.person.lastname);
    expect(lastnames).toEqual(Array.from({ length: 8 }, (_, i) => `Cognome${String(10 - i).padStart(2, '0')}`));
    expect(page.count).toBe(3);
  });

  it('legacy load: a full page of 8 and a last page of 3 cost the same statements', async () => {
    const full = await counted(() => rest(t.app, '/athlete/load', { page: 1 }, creds()));
    const last = await counted(() => rest(t.app, '/athlete/load', { page: 2 }, creds()));
    expect(full.result.body.context.data).toHaveLength(8);
    expect(last.result.body.context.data).toHaveLength(3);
    expect(full.result.body.context.data.every((p: { groups: unknown[] }) => p.groups.length >= 1)).toBe(true);
    expect(full.count).toBeGreaterThan(0);
    expect(full.count).toBe(last.count);
    expect(full.count).toBe(2);
  });
});
