// The filters the dashboard's statistics link to, through GraphQL on a real database: people added today / this
// week, athletes by medical certificate (refused for other kinds), posts of this week; combined with the existing
// search and group filters, scoped to the club, and validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { createPost } from '../../support/registry-factories';
import { pinnedToday } from '../../support/clock';
import { startTestApp, type TestApp } from '../../support/test-app';

// The app's calendar pinned to the file's today: "Oggi" expires today, and stays expiring if the run crosses midnight.
const { today, now } = pinnedToday();

const PEOPLE = /* GraphQL */ `
  query($kind: PersonKind!, $search: String, $groupId: ID, $addedWithin: RecentPeriod, $certificate: CertificateStatus) {
    people(kind: $kind, search: $search, groupId: $groupId, addedWithin: $addedWithin, certificate: $certificate) {
      totalCount
      edges { node { id person { lastname } } }
    }
  }`;
const POSTS = /* GraphQL */ `
  query($createdWithin: RecentPeriod, $search: String) {
    posts(createdWithin: $createdWithin, search: $search) { totalCount edges { node { title } } }
  }`;

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp({}, { now });
  club = await createClub(t.deps);
  other = await createClub(t.deps);
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });
async function people(vars: Record<string, unknown>, who = club) {
  const res = await gql(t.app, PEOPLE, vars, as(who));
  expect(res.body.errors).toBeUndefined();
  const conn = res.body.data.people;
  return { total: conn.totalCount as number, names: conn.edges.map((e: { node: { person: { lastname: string } } }) => e.node.person.lastname) as string[] };
}

describe('people added today / this week', () => {
  beforeAll(async () => {
    const ctx = await clubContext(t.deps, club);
    const otherCtx = await clubContext(t.deps, other);
    // created now: today and this week; 8 and 40 days ago: neither (a week holds at most 7 days)
    await createPerson(ctx, 'athlete', { profile: { lastname: 'Nuovo' } });
    const lastWeek = await createPerson(ctx, 'athlete', { profile: { lastname: 'Scorso' } });
    const old = await createPerson(ctx, 'athlete', { profile: { lastname: 'Vecchio' } });
    await createPerson(ctx, 'coach', { profile: { lastname: 'Allenatore' } });
    await createPerson(otherCtx, 'athlete', { profile: { lastname: 'Estraneo' } });
    await t.deps.systemDb.personRole.update({ where: { id: lastWeek.roleId }, data: { createdAt: new Date(Date.now() - 8 * DAY) } });
    await t.deps.systemDb.personRole.update({ where: { id: old.roleId }, data: { createdAt: new Date(Date.now() - 40 * DAY) } });
  });

  it('keeps the roles of that kind created since midnight / Monday, in this club only', async () => {
    expect(await people({ kind: 'athlete' })).toMatchObject({ total: 3 });
    expect(await people({ kind: 'athlete', addedWithin: 'today' })).toEqual({ total: 1, names: ['Nuovo'] });
    expect(await people({ kind: 'athlete', addedWithin: 'week' })).toEqual({ total: 1, names: ['Nuovo'] });
    expect(await people({ kind: 'coach', addedWithin: 'today' })).toEqual({ total: 1, names: ['Allenatore'] });
    expect(await people({ kind: 'member', addedWithin: 'week' })).toEqual({ total: 0, names: [] });
  });

  it('combines with search and group', async () => {
    expect(await people({ kind: 'athlete', addedWithin: 'today', search: 'vecchio' })).toEqual({ total: 0, names: [] });
    expect(await people({ kind: 'athlete', addedWithin: 'today', search: 'nuovo' })).toEqual({ total: 1, names: ['Nuovo'] });
    const roles = await t.deps.systemDb.personRole.findMany({ where: { clubId: club.clubId, kind: 'athlete' }, include: { person: true } });
    const group = await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 10', roles.filter((r) => r.person.lastname !== 'Nuovo').map((r) => r.id));
    expect(await people({ kind: 'athlete', addedWithin: 'today', groupId: group.id })).toEqual({ total: 0, names: [] });
  });

  it('refuses an unknown period before reading anything', async () => {
    const res = await gql(t.app, PEOPLE, { kind: 'athlete', addedWithin: 'month' }, as(club));
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0].message).toMatch(/RecentPeriod/);
  });
});

describe('athletes by medical certificate', () => {
  let club2: TestClub;
  beforeAll(async () => {
    club2 = await createClub(t.deps);
    const ctx = await clubContext(t.deps, club2);
    const athlete = (lastname: string, medicalExaminationExpirationDate?: string) =>
      createPerson(ctx, 'athlete', { profile: { lastname }, details: { medicalExaminationExpirationDate } });
    await athlete('Scaduto', addDays(today, -1));
    await athlete('Oggi', today);
    await athlete('Trenta', addDays(today, 30));
    await athlete('Trentuno', addDays(today, 31));
    await athlete('Senza');
    const archived = await athlete('Archiviato', addDays(today, 3));
    await t.deps.systemDb.personRole.update({ where: { id: archived.roleId }, data: { archivedAt: new Date(), isActive: false } });
  });

  it('lists the expiring (today to today + 30) and the expired, by name', async () => {
    expect(await people({ kind: 'athlete', certificate: 'expiring' }, club2)).toEqual({ total: 2, names: ['Oggi', 'Trenta'] });
    expect(await people({ kind: 'athlete', certificate: 'expired' }, club2)).toEqual({ total: 1, names: ['Scaduto'] });
    expect(await people({ kind: 'athlete', certificate: 'expired', search: 'oggi' }, club2)).toEqual({ total: 0, names: [] });
    // the same day the dashboard measures on
    expect((await gql(t.app, '{ dashboard { today certificatesExpiring certificatesExpired } }', {}, as(club2))).body.data.dashboard).toEqual({
      today,
      certificatesExpiring: 2,
      certificatesExpired: 1,
    });
  });

  it('refuses the certificate filter for kinds that have no certificate, saying why', async () => {
    for (const kind of ['coach', 'manager', 'staff', 'member', 'voluntary']) {
      const res = await gql(t.app, PEOPLE, { kind, certificate: 'expiring' }, as(club2));
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]).toMatchObject({ message: MSG.certificateAthletesOnly, extensions: { code: 'VALIDATION' } });
    }
  });

  it('answers another club’s user with that club’s athletes only', async () => {
    expect(await people({ kind: 'athlete', certificate: 'expiring' }, other)).toEqual({ total: 0, names: [] });
  });
});

describe('posts of this week', () => {
  it('keeps the club’s posts created since Monday 00:00', async () => {
    const owner = await createClub(t.deps);
    const ctx = await clubContext(t.deps, owner);
    await createPost(ctx, { title: 'Recente' });
    const old = await createPost(ctx, { title: 'Vecchio' });
    await t.deps.systemDb.post.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 8 * DAY) } });
    await createPost(await clubContext(t.deps, other), { title: 'Altra società' });

    const res = await gql(t.app, POSTS, { createdWithin: 'week' }, as(owner));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.posts).toEqual({ totalCount: 1, edges: [{ node: { title: 'Recente' } }] });
    const all = await gql(t.app, POSTS, {}, as(owner));
    expect(all.body.data.posts.totalCount).toBe(2);
    const bad = await gql(t.app, POSTS, { createdWithin: 'year' }, as(owner));
    expect(bad.body.errors?.[0].message).toMatch(/RecentPeriod/);
  });
});
