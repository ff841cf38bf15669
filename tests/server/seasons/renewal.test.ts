// The guided season renewal (issue 35 point 3) through GraphQL on a real database, the app's clock on 15 November
// 2026 (season 2026/27, the next 2027/28 not prepared yet): the proposal, the run (renewals with their quotas,
// athletes moved to the category their birth date fits next season, those not chosen out of their groups, the past
// season's roster kept), the undo and its refusals, two runs at once, another club's ids, the roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { RENEWAL_MSG } from '../../../server/modules/seasons/renewal-messages';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
const at = new Date('2026-11-15T12:00:00+01:00');

beforeAll(async () => {
  t = await startTestApp({}, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Rinnovi');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

const ERRORS = '... on BaseError { __typename message }';
const RUN = 'id renewedMembers carriedAthletes movedAthletes leftAthletes undoneAt fromSeason { label } toSeason { label status }';

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

const proposal = (creds?: Credentials) =>
  call(
    `{ seasonRenewalProposal { fromSeason { id label } toSeason { id } planned { label startsOn }
       categoriesNext { groupId name bornFrom bornTo }
       members { memberId lastname number quotaCents renewed }
       athletes { roleId lastname birthday categoryIds nextCategoryId }
       lastRun { id } } }`,
    {},
    creds,
  );
const runRenewal = (input: Record<string, unknown>, creds?: Credentials) =>
  call(`mutation($input: RunSeasonRenewalInput!) { runSeasonRenewal(input: $input) { __typename ... on MutationRunSeasonRenewalSuccess { data { message run { ${RUN} } } } ${ERRORS} } }`, { input }, creds);
const undo = (id: string, creds?: Credentials) =>
  call(`mutation($id: ID!) { undoSeasonRenewal(id: $id) { __typename ... on MutationUndoSeasonRenewalSuccess { data { message run { ${RUN} } } } ${ERRORS} } }`, { id }, creds);
const roster = (seasonId: string, creds?: Credentials) =>
  call(`query($id: ID!) { seasonRoster(seasonId: $id) { snapshot groups { name people { lastname } } } }`, { id: seasonId }, creds);

interface SmallClub {
  who: TestClub;
  under10: string;
  under12: string;
  athletes: Record<'dicembre' | 'gennaio' | 'lasciato' | 'senzaData', string>;
  members: Record<'conQuota' | 'senzaQuota' | 'fermo' | 'giaRinnovato', string>;
}

/**
 * A club with two categories (Under 10: ages up to 9, Under 12: up to 11, counted on 31 December of the season's
 * first year), four athletes in them and four soci, the last one renewed for 2027/28 by hand already.
 */
async function smallClub(who: TestClub): Promise<SmallClub> {
  const ctx = await clubContext(t.deps, who);
  const db = t.deps.systemDb;
  const athlete = async (lastname: string, birthday: string | null) => (await createPerson(ctx, 'athlete', { profile: { firstname: 'Atleta', lastname, birthday } })).roleId;
  const athletes = {
    // 9 on 31 December 2026 (Under 10), 10 on 31 December 2027: Under 12 next season.
    dicembre: await athlete('Dicembre', '2017-12-31'),
    // One day younger: 9 on 31 December 2027, still Under 10.
    gennaio: await athlete('Gennaio', '2018-01-01'),
    lasciato: await athlete('Lasciato', '2018-05-05'),
    senzaData: await athlete('SenzaData', null),
  };
  const under10 = await createGroupWith(t.deps, who.clubId, 'athlete', 'Under 10', [athletes.dicembre, athletes.gennaio, athletes.lasciato]);
  const under12 = await createGroupWith(t.deps, who.clubId, 'athlete', 'Under 12', [athletes.senzaData]);
  await db.group.update({ where: { id: under10.id }, data: { ageMax: 9 } });
  await db.group.update({ where: { id: under12.id }, data: { ageMax: 11 } });
  const current = await call(`{ currentSeason { id } }`, {}, as(who));
  const next = (await call(`mutation { saveSeason(input: {}) { ... on MutationSaveSeasonSuccess { data { season { id } } } } }`, {}, as(who))).data.season;
  const socio = async (lastname: string, number: number) => {
    const person = await createPerson(ctx, 'member', { profile: { firstname: 'Socio', lastname } });
    return (await db.registerMember.create({ data: { clubId: who.clubId, personId: person.personId, number, admittedOn: new Date('2020-09-01') } })).id;
  };
  const members = { conQuota: await socio('ConQuota', 1), senzaQuota: await socio('SenzaQuota', 2), fermo: await socio('Fermo', 3), giaRinnovato: await socio('GiaRinnovato', 4) };
  await db.registerMemberSeason.create({ data: { clubId: who.clubId, memberId: members.conQuota, seasonId: current.id, renewedOn: new Date('2026-09-10'), quotaCents: 5000 } });
  await db.registerMemberSeason.create({ data: { clubId: who.clubId, memberId: members.giaRinnovato, seasonId: next.id, renewedOn: new Date('2026-11-01'), quotaCents: 7000 } });
  return { who, under10: under10.id, under12: under12.id, athletes, members };
}

const groupOf = async (groupId: string) =>
  (await t.deps.systemDb.groupMember.findMany({ where: { groupId }, include: { role: { include: { person: true } } } })).map((m) => m.role.person.lastname).sort();

const renewalsNext = async (clubId: string) =>
  (await t.deps.systemDb.registerMemberSeason.findMany({ where: { clubId, season: { label: '2027/28' } }, include: { member: { include: { person: true } } } }))
    .map((r) => `${r.member.person.lastname} ${r.quotaCents}`)
    .sort();

describe('guided renewal', () => {
  let small: SmallClub;
  beforeAll(async () => {
    small = await smallClub(club.members.owner);
  });

  it('proposes every socio not left and every active athlete, with the category their birth date fits next season', async () => {
    const p = await proposal();
    expect(p.fromSeason.label).toBe('2026/27');
    expect(p.planned).toEqual({ label: '2027/28', startsOn: '2027-09-01' });
    expect(p.categoriesNext.map((c: { name: string; bornFrom: string }) => `${c.name} ${c.bornFrom}`)).toEqual(['Under 10 2018-01-01', 'Under 12 2016-01-01', 'Gruppo allenato null']);
    expect(p.members.map((m: { lastname: string; quotaCents: number | null; renewed: boolean }) => `${m.lastname} ${m.quotaCents} ${m.renewed}`)).toEqual([
      'ConQuota 5000 false',
      'Fermo null false',
      'GiaRinnovato null true',
      'SenzaQuota null false',
    ]);
    const next = Object.fromEntries(p.athletes.map((a: { lastname: string; nextCategoryId: string | null }) => [a.lastname, a.nextCategoryId]));
    // Born 31 December 2017 and 1 January 2018: different categories.
    expect(next).toEqual({ Dicembre: small.under12, Gennaio: small.under10, Lasciato: small.under10, SenzaData: null });
    expect(p.lastRun).toBeNull();
  });

  it('runs in one go: renewals with quotas, categories moved, athletes not chosen out of their groups, the past season kept', async () => {
    const { athletes, members } = small;
    const before = await proposal();
    const ran = await runRenewal({
      memberIds: [members.conQuota, members.senzaQuota, members.giaRinnovato],
      athleteRoleIds: [athletes.dicembre, athletes.gennaio, athletes.senzaData],
      quotaCents: 3000,
    });
    expect(ran.__typename, JSON.stringify(ran)).toBe('MutationRunSeasonRenewalSuccess');
    expect(ran.data.message).toBe(RENEWAL_MSG.done(2, 3, 1));
    expect(ran.data.run).toMatchObject({ renewedMembers: 2, carriedAthletes: 3, movedAthletes: 1, leftAthletes: 1, fromSeason: { label: '2026/27' }, toSeason: { label: '2027/28', status: 'preparing' } });
    // Last season's quota carried, the default for the other, the hand-made renewal untouched; Fermo stays a socio.
    expect(await renewalsNext(small.who.clubId)).toEqual(['ConQuota 5000', 'GiaRinnovato 7000', 'SenzaQuota 3000']);
    expect((await t.deps.systemDb.registerMember.findUniqueOrThrow({ where: { id: members.fermo } })).exitOn).toBeNull();
    expect(await groupOf(small.under10)).toEqual(['Gennaio']);
    expect(await groupOf(small.under12)).toEqual(['Dicembre', 'SenzaData']);
    // The past season shows its own composition; the next one the groups as they are.
    const past = await roster(before.fromSeason.id);
    expect(past.snapshot).toBe(true);
    expect(past.groups.map((g: { name: string; people: Array<{ lastname: string }> }) => `${g.name}: ${g.people.map((p) => p.lastname).join(', ')}`)).toEqual([
      'Gruppo allenato: ',
      'Under 10: Dicembre, Gennaio, Lasciato',
      'Under 12: SenzaData',
    ].filter((line) => !line.endsWith(': ')));
    const after = await proposal();
    expect(after.lastRun.id).toBe(ran.data.run.id);
    const now = await roster(after.toSeason.id);
    expect(now.snapshot).toBe(false);
    // Run again for the same seasons: refused, nothing renewed twice.
    const again = await runRenewal({ memberIds: [members.fermo], athleteRoleIds: [] });
    expect([again.__typename, again.message]).toEqual(['ConflictError', RENEWAL_MSG.alreadyRun('2026/27', '2027/28')]);
    expect(await renewalsNext(small.who.clubId)).toHaveLength(3);
  });

  it('undoes the last run: renewals, memberships and the roster as they were; once only', async () => {
    const runId = (await proposal()).lastRun.id;
    const undone = await undo(runId);
    expect(undone.__typename, JSON.stringify(undone)).toBe('MutationUndoSeasonRenewalSuccess');
    expect(undone.data.message).toBe(RENEWAL_MSG.undone);
    expect(await renewalsNext(small.who.clubId)).toEqual(['GiaRinnovato 7000']);
    expect(await groupOf(small.under10)).toEqual(['Dicembre', 'Gennaio', 'Lasciato']);
    expect(await groupOf(small.under12)).toEqual(['SenzaData']);
    expect(await t.deps.systemDb.seasonRoster.count({ where: { clubId: small.who.clubId } })).toBe(0);
    expect((await proposal()).lastRun).toBeNull();
    const twice = await undo(runId);
    expect([twice.__typename, twice.message]).toEqual(['ConflictError', RENEWAL_MSG.undoAlreadyUndone]);
  });

  it('refuses the undo once a membership the run changed was changed again', async () => {
    const ran = await runRenewal({ memberIds: [small.members.conQuota], athleteRoleIds: [small.athletes.dicembre, small.athletes.gennaio, small.athletes.lasciato, small.athletes.senzaData] });
    expect(ran.data.run.movedAthletes).toBe(1);
    // The secretary takes Dicembre out of Under 12 by hand: the undo would have to guess.
    await t.deps.systemDb.groupMember.deleteMany({ where: { groupId: small.under12, roleId: small.athletes.dicembre } });
    const refused = await undo(ran.data.run.id);
    expect([refused.__typename, refused.message]).toEqual(['ConflictError', RENEWAL_MSG.undoGroupsChanged]);
    expect(await renewalsNext(small.who.clubId)).toEqual(['ConQuota 5000', 'GiaRinnovato 7000']);
    // Put back, the undo goes through.
    await t.deps.systemDb.groupMember.create({ data: { clubId: small.who.clubId, groupId: small.under12, roleId: small.athletes.dicembre } });
    expect((await undo(ran.data.run.id)).__typename).toBe('MutationUndoSeasonRenewalSuccess');
  });

  it('two runs at once renew once', async () => {
    const other = await smallClub(await createClub(t.deps, { fullName: 'ASD Doppio Click' }));
    const input = { memberIds: Object.values(other.members), athleteRoleIds: Object.values(other.athletes), quotaCents: 1000 };
    const answers = await Promise.all([runRenewal(input, as(other.who)), runRenewal(input, as(other.who))]);
    expect(answers.map((a) => a.__typename).sort()).toEqual(['ConflictError', 'MutationRunSeasonRenewalSuccess']);
    expect(await renewalsNext(other.who.clubId)).toEqual(['ConQuota 5000', 'Fermo 1000', 'GiaRinnovato 7000', 'SenzaQuota 1000']);
    expect(await t.deps.systemDb.seasonRenewalRun.count({ where: { clubId: other.who.clubId } })).toBe(1);
  });
});

describe('access', () => {
  it("another club's ids answer like unknown ones", async () => {
    const stranger = as(club.stranger);
    const ours = await proposal();
    const memberId = ours.members[0].memberId;
    const refused = await runRenewal({ memberIds: [memberId], athleteRoleIds: [] }, stranger);
    expect([refused.__typename, refused.message]).toEqual(['NotFoundError', MSG.notFound]);
    const notUuid = await runRenewal({ memberIds: ['nope'] }, stranger);
    expect(notUuid.__typename).toBe('NotFoundError');
    const ran = await runRenewal({ memberIds: [memberId], athleteRoleIds: [] });
    expect(ran.__typename).toBe('MutationRunSeasonRenewalSuccess');
    const undoStranger = await undo(ran.data.run.id, stranger);
    expect([undoStranger.__typename, undoStranger.message]).toEqual(['NotFoundError', MSG.notFound]);
    expect(await roster(ours.fromSeason.id, stranger)).toBeNull();
    const theirs = await proposal(stranger);
    expect(theirs.members).toEqual([]);
    expect(theirs.athletes).toEqual([]);
    const fromOurs = await call(`query($id: ID) { seasonRenewalProposal(fromSeasonId: $id) { fromSeason { id } } }`, { id: ours.fromSeason.id }, stranger);
    expect(fromOurs.errors?.[0].message).toBe(MSG.notFound);
    expect((await undo(ran.data.run.id)).__typename).toBe('MutationUndoSeasonRenewalSuccess');
  });

  it('lettura sees the proposal but runs nothing; allenatore neither', async () => {
    const lettura = as(club.members.lettura);
    expect((await proposal(lettura)).fromSeason.label).toBe('2026/27');
    const refused = await runRenewal({ memberIds: [], athleteRoleIds: [] }, lettura);
    expect([refused.__typename, refused.message]).toEqual(['ForbiddenError', MSG.permissionDenied]);
    expect((await proposal(as(club.members.allenatore))).errors?.[0].message).toBe(MSG.permissionDenied);
  });
});
