// The dashboard's numbers on a real database: per kind and in total (archived roles and another club's people left
// out, a person with two roles counted once), day and week boundaries in Europe/Rome (DST included), medical
// certificates expiring / expired, posts of the week; each number equals the list it links to; refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { getDashboard } from '../../../server/modules/dashboard/dashboard.service';
import { peopleListWhere } from '../../../server/modules/people/list-people.service';
import { postListQuery } from '../../../server/modules/posts/list-posts.service';
import { addClubTo, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { createPost } from '../../support/registry-factories';
import { as, clubWithEveryRole } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

const DASHBOARD = /* GraphQL */ `{
  dashboard {
    kinds { kind active addedToday addedThisWeek }
    people addedToday addedThisWeek certificatesExpiring certificatesExpired postsThisWeek
    today weekStart certificatesExpiringUntil
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

const LONG_AGO = new Date('2020-01-01T12:00:00Z');
/** Every role and post of the club dated long ago, so only the rows a test dates itself are recent. */
async function ageEverything(clubId: string) {
  await t.deps.systemDb.personRole.updateMany({ where: { clubId }, data: { createdAt: LONG_AGO } });
  await t.deps.systemDb.post.updateMany({ where: { clubId }, data: { createdAt: LONG_AGO } });
}
const setCreatedAt = (roleId: string, iso: string) => t.deps.systemDb.personRole.update({ where: { id: roleId }, data: { createdAt: new Date(iso) } });
const archive = (roleId: string) => t.deps.systemDb.personRole.update({ where: { id: roleId }, data: { archivedAt: new Date(), isActive: false } });

/** The people list's total for these filters at `now`: the number a dashboard link opens on. */
const listTotal = (ctx: RequestContext, filters: Parameters<typeof peopleListWhere>[1], now: Date) =>
  t.deps.systemDb.personRole.count({ where: peopleListWhere(ctx, filters, now) });

describe('counts per kind and total', () => {
  it('counts active roles per kind, each person once in the total, nothing archived or of another club', async () => {
    const { club, ctx } = await newClub();
    const athletes = [];
    for (let i = 0; i < 3; i++) athletes.push(await createPerson(ctx, 'athlete'));
    await archive(athletes[2].roleId);
    // the first athlete also coaches: two roles, one person
    await createPerson(ctx, 'coach', { profile: { taxIdCode: athletes[0].taxIdCode } });
    await createPerson(ctx, 'coach');
    await createPerson(ctx, 'manager');
    await createPerson(ctx, 'staff');
    await createPerson(ctx, 'staff');
    await createPerson(ctx, 'member');
    const archivedVolunteer = await createPerson(ctx, 'voluntary');
    await archive(archivedVolunteer.roleId);
    // another club: people of every kind, none counted here
    const other = await newClub();
    for (const kind of PERSON_KINDS) await createPerson(other.ctx, kind);

    const res = await gql(t.app, DASHBOARD, {}, { token: club.token, club: club.clubToken });
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data.dashboard;
    expect(d.kinds.map((k: { kind: string }) => k.kind)).toEqual([...PERSON_KINDS]);
    expect(Object.fromEntries(d.kinds.map((k: { kind: string; active: number }) => [k.kind, k.active]))).toEqual({
      athlete: 2, coach: 2, manager: 1, staff: 2, member: 1, voluntary: 0,
    });
    // 8 active roles held by 7 people (athlete + coach is one person)
    expect(d.people).toBe(7);
    // everything was created just now: all of it today and this week
    expect(d.addedToday).toBe(8);
    expect(d.addedThisWeek).toBe(8);
    expect(d.postsThisWeek).toBe(0);
    expect(d.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // each kind's number is the total of the list it links to
    for (const k of d.kinds as Array<{ kind: PersonKindKey; active: number }>) {
      expect(await listTotal(ctx, { kind: k.kind }, new Date())).toBe(k.active);
    }
  });

  it('answers zeros for a club with nobody', async () => {
    const { ctx } = await newClub();
    const d = await getDashboard(ctx);
    expect(d.kinds.every((k) => k.active === 0 && k.addedToday === 0 && k.addedThisWeek === 0)).toBe(true);
    expect(d).toMatchObject({ people: 0, addedToday: 0, addedThisWeek: 0, certificatesExpiring: 0, certificatesExpired: 0, postsThisWeek: 0 });
  });
});

describe('today and this week, in Europe/Rome', () => {
  it('counts from local midnight and from Monday 00:00 (winter time, +01:00)', async () => {
    const { ctx, club } = await newClub();
    // Wednesday 25 March 2026, 11:00 in Rome; Monday 23 March 00:00 Rome = 22 March 23:00 UTC
    const now = new Date('2026-03-25T10:00:00Z');
    const a = await createPerson(ctx, 'athlete');
    const b = await createPerson(ctx, 'athlete');
    const c = await createPerson(ctx, 'coach');
    const d = await createPerson(ctx, 'member');
    const e = await createPerson(ctx, 'member');
    await ageEverything(club.clubId);
    await setCreatedAt(a.roleId, '2026-03-22T22:59:59.999Z'); // Sunday 23:59:59.999 in Rome: last week
    await setCreatedAt(b.roleId, '2026-03-22T23:00:00.000Z'); // Monday 00:00 in Rome: this week
    await setCreatedAt(c.roleId, '2026-03-24T22:59:59.999Z'); // Tuesday 23:59:59.999: this week, not today
    await setCreatedAt(d.roleId, '2026-03-24T23:00:00.000Z'); // Wednesday 00:00: today
    await setCreatedAt(e.roleId, '2026-03-25T09:59:00.000Z'); // today, a minute ago

    const numbers = await getDashboard(ctx, now);
    expect(numbers).toMatchObject({ today: '2026-03-25', weekStart: '2026-03-23', addedToday: 2, addedThisWeek: 4 });
    const byKind = Object.fromEntries(numbers.kinds.map((k) => [k.kind, k]));
    expect(byKind.athlete).toMatchObject({ addedToday: 0, addedThisWeek: 1 });
    expect(byKind.coach).toMatchObject({ addedToday: 0, addedThisWeek: 1 });
    expect(byKind.member).toMatchObject({ addedToday: 2, addedThisWeek: 2 });

    // the lists behind the numbers agree, kind by kind
    for (const k of numbers.kinds) {
      expect(await listTotal(ctx, { kind: k.kind, addedWithin: 'today' }, now)).toBe(k.addedToday);
      expect(await listTotal(ctx, { kind: k.kind, addedWithin: 'week' }, now)).toBe(k.addedThisWeek);
    }
  });

  it('moves the boundaries with daylight saving time (summer time, +02:00)', async () => {
    const { ctx, club } = await newClub();
    // Monday 30 March 2026, 08:00 in Rome, the day after the switch to summer time: midnight is 22:00 UTC
    const now = new Date('2026-03-30T06:00:00Z');
    const a = await createPerson(ctx, 'staff');
    const b = await createPerson(ctx, 'staff');
    await ageEverything(club.clubId);
    await setCreatedAt(a.roleId, '2026-03-29T21:59:59.999Z'); // Sunday 23:59:59.999 (summer time)
    await setCreatedAt(b.roleId, '2026-03-29T22:00:00.000Z'); // Monday 00:00
    const numbers = await getDashboard(ctx, now);
    expect(numbers).toMatchObject({ today: '2026-03-30', weekStart: '2026-03-30', addedToday: 1, addedThisWeek: 1 });
  });

  it('does not count an archived role added today', async () => {
    const { ctx } = await newClub();
    await createPerson(ctx, 'voluntary');
    await archive((await createPerson(ctx, 'voluntary')).roleId);
    const numbers = await getDashboard(ctx);
    expect(numbers.addedToday).toBe(1);
    expect(numbers.kinds.find((k) => k.kind === 'voluntary')).toMatchObject({ active: 1, addedToday: 1, addedThisWeek: 1 });
  });
});

describe('medical certificates', () => {
  it('counts active athletes expiring from today to today + 30 and those expired before today', async () => {
    const { ctx } = await newClub();
    // 15 December 2026 at 23:30 UTC is already 16 December in Rome: "today" is the 16th
    const now = new Date('2026-12-15T23:30:00Z');
    const athlete = (medicalExaminationExpirationDate?: string) => createPerson(ctx, 'athlete', { details: { medicalExaminationExpirationDate } });
    await athlete('2026-12-15'); // expired yesterday (Rome)
    await athlete('2025-06-01'); // expired long ago
    await athlete('2026-12-16'); // expires today: still valid, expiring
    await athlete('2027-01-15'); // today + 30: expiring
    await athlete('2027-01-16'); // today + 31: neither
    await athlete(undefined); // no date: neither
    const archived = await athlete('2026-12-20');
    await archive(archived.roleId);
    await createPerson(ctx, 'coach', { details: {} });
    const other = await newClub();
    await createPerson(other.ctx, 'athlete', { details: { medicalExaminationExpirationDate: '2026-12-20' } });

    const numbers = await getDashboard(ctx, now);
    expect(numbers).toMatchObject({ today: '2026-12-16', certificatesExpiringUntil: '2027-01-15', certificatesExpiring: 2, certificatesExpired: 2 });
    expect(await listTotal(ctx, { kind: 'athlete', certificate: 'expiring' }, now)).toBe(2);
    expect(await listTotal(ctx, { kind: 'athlete', certificate: 'expired' }, now)).toBe(2);
  });
});

describe('posts of the week', () => {
  it('counts the club’s posts since Monday 00:00, not archived ones, and matches the feed filter', async () => {
    const { ctx, club } = await newClub();
    const now = new Date('2026-03-25T10:00:00Z');
    const old = await createPost(ctx, { title: 'Vecchio' });
    const monday = await createPost(ctx, { title: 'Lunedì' });
    const today = await createPost(ctx, { title: 'Oggi' });
    const gone = await createPost(ctx, { title: 'Archiviato' });
    const other = await newClub();
    const foreign = await createPost(other.ctx, { title: 'Altra società' });
    await ageEverything(club.clubId);
    const setPost = (id: string, iso: string) => t.deps.systemDb.post.update({ where: { id }, data: { createdAt: new Date(iso) } });
    await setPost(old.id, '2026-03-22T22:59:59.999Z');
    await setPost(monday.id, '2026-03-22T23:00:00.000Z');
    await setPost(today.id, '2026-03-25T08:00:00.000Z');
    await setPost(gone.id, '2026-03-24T08:00:00.000Z');
    await t.deps.systemDb.post.update({ where: { id: gone.id }, data: { archivedAt: new Date(), isActive: false } });
    await setPost(foreign.id, '2026-03-24T08:00:00.000Z');

    const numbers = await getDashboard(ctx, now);
    expect(numbers.postsThisWeek).toBe(2);
    const { where } = postListQuery(ctx, { createdWithin: 'week' }, now);
    expect((await t.deps.systemDb.post.findMany({ where, orderBy: { createdAt: 'asc' } })).map((p) => p.title)).toEqual(['Lunedì', 'Oggi']);
  });
});

describe('refusals', () => {
  let club: TestClub;
  let other: TestClub;
  beforeAll(async () => {
    ({ club } = await newClub());
    const made = await newClub();
    other = made.club;
    await createPerson(made.ctx, 'athlete');
  });

  it('refuses without a session, without X-Club and with another club’s token', async () => {
    const anonymous = await gql(t.app, DASHBOARD, {}, { club: other.clubToken });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body.data ?? null).toBeNull();

    const noClub = await gql(t.app, DASHBOARD, {}, { token: club.token });
    expect(noClub.body.errors?.[0]).toMatchObject({ message: MSG.clubHeaderMissing, extensions: { code: 'FORBIDDEN' } });

    // club's own session naming the other club: refused before any number is read
    const foreign = await gql(t.app, DASHBOARD, {}, { token: club.token, club: other.clubToken });
    expect(foreign.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(foreign.body)).not.toMatch(/"active":1/);
  });

  it('a user of two clubs sees each club’s own numbers', async () => {
    const second = await addClubTo(t.deps, club.accountId);
    const ctx = await clubContext(t.deps, club);
    await createPerson(ctx, 'coach');
    const first = await gql(t.app, DASHBOARD, {}, { token: club.token, club: club.clubToken });
    const secondRes = await gql(t.app, DASHBOARD, {}, { token: club.token, club: second.clubToken });
    expect(first.body.data.dashboard.people).toBe(1);
    expect(secondRes.body.data.dashboard.people).toBe(0);
  });
});

describe('a coach (allenatore): only what they may open', () => {
  it('counts and lists only the kinds the coach reads, the athletes of their groups, each matching the list they open', async () => {
    const club = await clubWithEveryRole(t.deps, 'ASD Dashboard Allenatore');
    const ctx = await clubContext(t.deps, club.members.owner);
    const coached = await createPerson(ctx, 'athlete');
    await createPerson(ctx, 'athlete'); // in no group of the coach
    await t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId: club.coachedGroupId, roleId: coached.roleId } });
    for (const kind of ['coach', 'manager', 'staff', 'member', 'member', 'voluntary', 'voluntary', 'voluntary'] as const) await createPerson(ctx, kind);

    const coachAnswer = (await gql(t.app, DASHBOARD, {}, as(club.members.allenatore))).body.data.dashboard;
    const readable = ['athlete', 'coach', 'manager', 'staff'];
    expect(coachAnswer.kinds.map((k: { kind: string }) => k.kind)).toEqual(readable);
    expect(JSON.stringify(coachAnswer.kinds)).not.toMatch(/member|voluntary/);
    expect(coachAnswer.kinds.map((k: { active: number }) => k.active)).toEqual([1, 1, 1, 1]);
    // no club-wide figure: the total and the day's numbers are of those kinds too (2 members, 3 volunteers left out)
    expect(coachAnswer).toMatchObject({ people: 4, addedToday: 4, addedThisWeek: 4 });
    // each number is the total of a list the coach may open
    for (const kind of readable) {
      const list = await gql(t.app, `{ people(kind: ${kind}, first: 1) { totalCount } }`, {}, as(club.members.allenatore));
      expect(list.body.data.people.totalCount).toBe(coachAnswer.kinds.find((k: { kind: string }) => k.kind === kind).active);
    }
    for (const kind of ['member', 'voluntary']) {
      const list = await gql(t.app, `{ people(kind: ${kind}, first: 1) { totalCount } }`, {}, as(club.members.allenatore));
      expect(list.body.errors?.[0]).toMatchObject({ message: MSG.permissionDenied });
    }

    // the office still sees the whole club
    const owner = (await gql(t.app, DASHBOARD, {}, as(club.members.owner))).body.data.dashboard;
    expect(owner.kinds.map((k: { kind: string }) => k.kind)).toEqual(PERSON_KINDS);
    expect(owner).toMatchObject({ people: 10, addedToday: 10 });
  });
});
