// The demo loader (`npm run db:demo`) on a fresh database: what it promises is there, readable through the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS } from '../../schema/constants';
import { foldText } from '../../schema/text';
import { AGE_CATEGORIES, DEMO_CLUB_NAME, DEMO_LOGIN, loadDemoClub, type DemoResult } from '../../scripts/seed/demo-club';
import { birthplaceProvince, computeTaxCode, isValidTaxCode, type Gender } from '../../scripts/seed/fake-people';
import { gql } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const PER_KIND = 12;
const DAY_MS = 86_400_000;

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess { data { token account { profile { clubs { token club { fullName } } } } } }
    }
  }`;

const PEOPLE = /* GraphQL */ `
  query People($kind: PersonKind!, $search: String) {
    people(kind: $kind, search: $search, first: 8) {
      totalCount
      edges { node { person { firstname lastname taxIdCode } groups { name } } }
    }
  }`;

let t: TestApp;
let first: DemoResult;
beforeAll(async () => {
  t = await startTestApp();
  first = await loadDemoClub(t.deps, { perKind: PER_KIND });
});
afterAll(() => t.close());

const today = () => {
  const now = new Date();
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
};
const age = (birthday: Date | null) => new Date().getFullYear() - birthday!.getUTCFullYear();

describe('demo club', () => {
  it('has the promised number of roles of every kind, some archived', async () => {
    expect(first.status).toBe('created');
    expect(first.clubName).toBe(DEMO_CLUB_NAME);
    for (const kind of PERSON_KINDS) {
      const roles = await t.deps.systemDb.personRole.findMany({ where: { clubId: first.clubId, kind } });
      expect(roles, kind).toHaveLength(PER_KIND);
      const archived = roles.filter((r) => r.archivedAt);
      expect(archived.length, kind).toBeGreaterThan(0);
      expect(archived.every((r) => !r.isActive)).toBe(true);
      expect(first.roles[kind]).toEqual({ active: PER_KIND - archived.length, archived: archived.length });
    }
  });

  it('signs in with the printed login and lists people through GraphQL, accents ignored', async () => {
    const { body } = await gql(t.app, LOGIN, { input: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password } });
    expect(body.data!.login.__typename).toBe('MutationLoginSuccess');
    const { token, account } = body.data!.login.data;
    const [membership] = account.profile.clubs;
    expect(membership.club.fullName).toBe(DEMO_CLUB_NAME);

    const found = await gql(t.app, PEOPLE, { kind: 'athlete', search: 'nicolo ROSS' }, { token, club: membership.token });
    expect(found.body.errors).toBeUndefined();
    const edges = found.body.data!.people.edges;
    expect(edges.map((e: any) => `${e.node.person.firstname} ${e.node.person.lastname}`)).toContain('Nicolò Rossi');
    const nicolo = edges.find((e: any) => e.node.person.firstname === 'Nicolò');
    expect(nicolo.node.groups.map((g: any) => g.name)).toContain('Under 12');

    const all = await gql(t.app, PEOPLE, { kind: 'coach' }, { token, club: membership.token });
    expect(all.body.data!.people.totalCount).toBe(first.roles.coach.active);
  });

  it('writes valid tax codes from name, surname, gender, birth date and place, and the services\' search text', async () => {
    const people = await t.deps.systemDb.person.findMany({ where: { clubId: first.clubId } });
    expect(people.length).toBe(first.people);
    expect(new Set(people.map((p) => p.taxIdCode)).size).toBe(people.length);
    const accented = people.filter((p) => /[^\x00-\x7F]/.test(`${p.firstname}${p.lastname}`));
    expect(accented.length).toBeGreaterThanOrEqual(3);
    for (const p of people) {
      expect(isValidTaxCode(p.taxIdCode ?? ''), p.taxIdCode ?? 'no tax code').toBe(true);
      const recomputed = computeTaxCode(p.firstname, p.lastname, p.typeGenderId as Gender, p.birthday!, p.birthplace!, birthplaceProvince(p.birthplace!));
      expect(p.taxIdCode, `${p.firstname} ${p.lastname}`).toBe(recomputed);
      expect(p.searchText).toBe(foldText([p.firstname, p.secondname, p.lastname, p.nickname, p.taxIdCode].filter(Boolean).join(' ')));
    }
    const withContacts = people.filter((p) => p.emailPrimary && p.phonePrimary);
    expect(withContacts.length / people.length).toBeGreaterThan(0.6);
  });

  it('gives plausible ages and kind-specific details', async () => {
    const roles = await t.deps.systemDb.personRole.findMany({
      where: { clubId: first.clubId },
      include: { person: true, athlete: true, coach: true, member: true, manager: true },
    });
    const ofKind = (kind: string) => roles.filter((r) => r.kind === kind);
    for (const r of ofKind('athlete')) {
      expect(age(r.person.birthday)).toBeGreaterThanOrEqual(5);
      expect(age(r.person.birthday)).toBeLessThanOrEqual(40);
      expect(r.athlete).not.toBeNull();
    }
    for (const r of [...ofKind('member'), ...ofKind('manager'), ...ofKind('coach')]) expect(age(r.person.birthday)).toBeGreaterThanOrEqual(18);
    for (const r of ofKind('voluntary')) expect(age(r.person.birthday)).toBeGreaterThanOrEqual(16);

    const expiries = ofKind('athlete').map((r) => r.athlete!.medicalExaminationExpirationDate?.getTime()).filter((d): d is number => d !== undefined);
    expect(expiries.some((d) => d >= today() && d <= today() + 30 * DAY_MS)).toBe(true);
    expect(expiries.some((d) => d < today())).toBe(true);
    // Each of those expiries is the latest certificate of the athlete's history, issued a year before.
    const certificates = await t.deps.systemDb.medicalCertificate.findMany({ where: { clubId: first.clubId } });
    const dated = ofKind('athlete').filter((r) => r.athlete!.medicalExaminationExpirationDate);
    expect(certificates).toHaveLength(dated.length);
    for (const r of dated) {
      const held = certificates.find((c) => c.personId === r.personId);
      expect(held?.expiresOn).toEqual(r.athlete!.medicalExaminationExpirationDate);
      expect(held?.issuedOn?.getUTCFullYear()).toBe(r.athlete!.medicalExaminationExpirationDate!.getUTCFullYear() - 1);
    }

    for (const r of ofKind('coach')) {
      expect(r.coach!.coachRole).toBeTruthy();
      expect(r.coach!.coachValidityEndDate!.getTime()).toBeGreaterThan(r.coach!.coachValidityStartDate!.getTime());
    }
    const numbers = ofKind('member').map((r) => r.member!.membershipNumber);
    expect(new Set(numbers).size).toBe(PER_KIND);
    expect(ofKind('manager').every((r) => r.manager!.managerRole)).toBe(true);

    // The owner's own profile: Presidente and member, linked to the account.
    const account = await t.deps.systemDb.account.findUniqueOrThrow({ where: { email: DEMO_LOGIN.email } });
    const owner = roles.filter((r) => r.person.accountId === account.id);
    expect(owner.map((r) => r.kind).sort()).toEqual(['manager', 'member']);
    expect(owner.find((r) => r.kind === 'manager')!.manager!.managerRole).toBe('Presidente');
  });

  it('has people holding two roles on one profile', async () => {
    const people = await t.deps.systemDb.person.findMany({ where: { clubId: first.clubId }, include: { roles: true } });
    const pairs = people.filter((p) => p.roles.length === 2).map((p) => p.roles.map((r) => r.kind).sort().join('+'));
    expect(pairs).toContain('coach+member');
    expect(pairs).toContain('manager+member');
  });

  it('has categories, groups of every type with members, and puts each active athlete in the category of their age', async () => {
    const groups = await t.deps.systemDb.group.findMany({ where: { clubId: first.clubId }, include: { members: { include: { role: { include: { person: true } } } } } });
    const categories = groups.filter((g) => g.type === 'athlete' && !g.archivedAt);
    for (const c of AGE_CATEGORIES) expect(categories.map((g) => g.name)).toContain(c.name);
    for (const kind of PERSON_KINDS) {
      expect(groups.some((g) => g.type === kind && !g.archivedAt && g.members.length > 0), kind).toBe(true);
    }
    for (const g of groups) for (const m of g.members) expect(m.role.kind).toBe(g.type);

    const byCategory = AGE_CATEGORIES.map((c) => groups.find((g) => g.name === c.name)!);
    const athletes = await t.deps.systemDb.personRole.findMany({ where: { clubId: first.clubId, kind: 'athlete' }, include: { person: true, groups: true } });
    for (const a of athletes) {
      const categoryIds = a.groups.map((m) => m.groupId).filter((id) => byCategory.some((g) => g.id === id));
      if (a.archivedAt) {
        expect(a.groups).toHaveLength(0);
        continue;
      }
      const expected = byCategory[AGE_CATEGORIES.findIndex((c) => age(a.person.birthday) <= c.maxAge)];
      expect(categoryIds).toEqual([expected.id]);
    }
  });

  it('has posts of every priority addressed to groups, with their search text', async () => {
    const posts = await t.deps.systemDb.post.findMany({ where: { clubId: first.clubId }, include: { groups: true } });
    expect(posts.length).toBe(first.posts);
    expect(new Set(posts.map((p) => p.priority))).toEqual(new Set([0, 1, 2]));
    for (const p of posts) {
      expect(p.groups.length).toBeGreaterThan(0);
      expect(p.searchText).toBe(foldText(`${p.title} ${p.caption}`));
    }
  });

  it('leaves an existing demo alone, and starts over with reset', async () => {
    const again = await loadDemoClub(t.deps, { perKind: PER_KIND });
    expect(again.status).toBe('exists');
    expect(again.clubId).toBe(first.clubId);
    expect(again.people).toBe(first.people);

    const reset = await loadDemoClub(t.deps, { perKind: PER_KIND, reset: true });
    expect(reset.status).toBe('recreated');
    expect(reset.clubId).not.toBe(first.clubId);
    expect(reset.people).toBe(first.people);
    expect(await t.deps.systemDb.club.count({ where: { id: first.clubId } })).toBe(0);
    expect(await t.deps.systemDb.club.count({ where: { fullName: DEMO_CLUB_NAME } })).toBe(1);
    expect(await t.deps.systemDb.account.count({ where: { email: DEMO_LOGIN.email } })).toBe(1);
  });
});

describe('Server-Timing', () => {
  it('reports the server time of GraphQL and legacy REST answers only', async () => {
    const graphql = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: '{ __typename }' }) });
    const rest = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{}' });
    for (const res of [graphql, rest]) expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['server-timing']).toBeUndefined();
  });
});
