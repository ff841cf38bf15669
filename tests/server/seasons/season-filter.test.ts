// The season filter (issue 35 point 1) through GraphQL on a real database: who is "in a season" (a renewal in it, a
// card of it, or in the membership register during it) for the people lists, their export and the dashboard's
// season figures with the previous season beside; without a season the whole registry; another club's season
// matches nobody (answered like an unknown id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let at = new Date('2025-11-15T12:00:00+01:00');
const setToday = (day: string) => (at = new Date(`${day}T12:00:00+01:00`));
/** 2025/26 (closed by the time the tests read) and 2026/27 (current). */
let past: { id: string; label: string };
let current: { id: string; label: string };
let strangerSeasonId: string;

async function call<T = any>(query: string, variables: Record<string, unknown> = {}, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

async function person(lastname: string, kind: 'athlete' | 'member') {
  const ctx = await clubContext(t.deps, club.members.owner);
  return (await createPerson(ctx, kind, { profile: { firstname: 'Prova', lastname } })).personId;
}
const admit = async (personId: string, admittedOn: string) =>
  (await call(`mutation($i: AdmitMemberInput!) { admitMember(input: $i) { ... on MutationAdmitMemberSuccess { data { member { id } } } } }`, { i: { personId, admittedOn } })).data.member.id as string;

const PEOPLE = `query($kind: PersonKind!, $seasonId: ID) { people(kind: $kind, seasonId: $seasonId, first: 50) { totalCount edges { node { person { lastname } } } } }`;
async function listed(kind: string, seasonId?: string, creds?: Credentials): Promise<{ total: number; names: string[] }> {
  const res = await call(PEOPLE, { kind, seasonId }, creds);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return { total: res.totalCount, names: res.edges.map((e: any) => e.node.person.lastname).sort() };
}

const STATS = `query($seasonId: ID) { seasonStatistics(seasonId: $seasonId) {
  season { season { label } members renewals admissions exits cards { body count } }
  previous { season { label } members renewals admissions exits cards { body count } } } }`;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Filtro Stagioni');
  owner = as(club.members.owner);
  // Season 2025/26: Alfa (socio, leaves in March), Delta (socio, stays), Carta (athlete with a card only).
  setToday('2025-11-15');
  past = await call(`{ currentSeason { id label } }`);
  const alfa = await admit(await person('Alfa', 'member'), '2025-10-01');
  const delta = await admit(await person('Delta', 'member'), '2025-10-01');
  await call(`mutation($i: RenewMembershipInput!) { renewMembership(input: $i) { __typename } }`, { i: { memberId: delta, seasonId: past.id, renewedOn: '2025-10-01', quotaCents: 3000 } });
  const carta = await person('Carta', 'athlete');
  for (const body of ['FIGC', 'UISP']) {
    const card = await call(`mutation($i: SaveCardInput!) { saveCard(input: $i) { __typename } }`, {
      i: { personId: carta, seasonId: past.id, body, number: `${body}-1`, startsOn: '2025-10-01', expiresOn: '2026-06-30' },
    });
    expect(card.__typename).toBe('MutationSaveCardSuccess');
  }
  await call(`mutation($i: RecordMemberExitInput!) { recordMemberExit(input: $i) { __typename } }`, { i: { memberId: alfa, exitOn: '2026-03-01', cause: 'recesso' } });
  // Season 2026/27: Beta admitted, Delta renews; Zeta (athlete) was never in any season.
  setToday('2026-11-15');
  current = await call(`{ currentSeason { id label } }`);
  await admit(await person('Beta', 'member'), '2026-10-01');
  await call(`mutation($i: RenewMembershipInput!) { renewMembership(input: $i) { __typename } }`, { i: { memberId: delta, seasonId: current.id, renewedOn: '2026-10-02', quotaCents: 3000 } });
  await person('Zeta', 'athlete');
  strangerSeasonId = (await call(`{ currentSeason { id } }`, {}, as(club.stranger))).id;
}, 180_000); // some twenty requests to set up: a loaded machine may take over the default minute on PGlite
afterAll(() => t.close());

describe('people lists by season', () => {
  it('keeps those with a renewal, a card, or an entry of the register during the season; none: the whole registry', async () => {
    expect(past.label).toBe('2025/26');
    expect(await listed('member', past.id)).toEqual({ total: 2, names: ['Alfa', 'Delta'] });
    expect(await listed('member', current.id)).toEqual({ total: 2, names: ['Beta', 'Delta'] });
    expect(await listed('athlete', past.id)).toEqual({ total: 1, names: ['Carta'] });
    expect(await listed('athlete', current.id)).toEqual({ total: 0, names: [] });
    // Without a season, as before seasons existed.
    expect((await listed('member')).names).toEqual(['Alfa', 'Beta', 'Delta']);
    expect((await listed('athlete')).names).toEqual(expect.arrayContaining(['Carta', 'Zeta']));
  });

  it("another club's season, or an unknown or malformed id, matches nobody", async () => {
    expect(await listed('member', strangerSeasonId)).toEqual({ total: 0, names: [] });
    expect(await listed('member', '00000000-0000-4000-8000-000000000000')).toEqual({ total: 0, names: [] });
    expect(await listed('member', 'not-an-id')).toEqual({ total: 0, names: [] });
  });

  it('the export honours the same filter', async () => {
    const res = await call(`query($seasonId: ID) { exportList(list: people, format: csv, kind: member, seasonId: $seasonId) { base64 } }`, { seasonId: past.id });
    const lines = Buffer.from(res.base64, 'base64').toString('utf8').trimEnd().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(';')[1]).sort()).toEqual(['Alfa', 'Delta']);
    const foreign = await call(`query($seasonId: ID) { exportList(list: people, format: csv, kind: member, seasonId: $seasonId) { base64 } }`, { seasonId: strangerSeasonId });
    expect(Buffer.from(foreign.base64, 'base64').toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('seasonStatistics', () => {
  it('the chosen season and the previous one in one query', async () => {
    const stats = await call(STATS, { seasonId: current.id });
    expect(stats.season).toEqual({ season: { label: '2026/27' }, members: 2, renewals: 1, admissions: 1, exits: 0, cards: [] });
    expect(stats.previous).toEqual({
      season: { label: '2025/26' },
      members: 2,
      renewals: 1,
      admissions: 2,
      exits: 1,
      cards: [
        { body: 'FIGC', count: 1 },
        { body: 'UISP', count: 1 },
      ],
    });
    // Without a season: the current one.
    expect((await call(STATS)).season.season.label).toBe('2026/27');
    // The first season has no previous one.
    expect((await call(STATS, { seasonId: past.id })).previous).toBeNull();
  });

  it("another club's season answers like an unknown one; a role without members.read is refused", async () => {
    expect(await call(STATS, { seasonId: strangerSeasonId })).toBeNull();
    expect(await call(STATS, { seasonId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
    const coach = await call(STATS, {}, as(club.members.allenatore));
    expect(coach.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
