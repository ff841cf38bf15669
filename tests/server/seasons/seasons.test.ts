// Seasons, the membership register (libro soci) and cards (issue 35 points 1-2), through GraphQL on a real database
// with the app's clock moved by the test: the season by date, the register's numbering under concurrent admissions,
// the Italian messages, another club's ids, the roles.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createPerson } from '../../support/people-factories';
import { createClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { recordStatements } from '../../support/statement-spy';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
/** The app's calendar: each test moves it to the day it is about (Italy's time). */
let at = new Date('2026-11-15T12:00:00+01:00');
const setToday = (day: string) => (at = new Date(`${day}T12:00:00+01:00`));

beforeAll(async () => {
  t = await startTestApp({}, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Stagioni');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

const SEASON = 'id label startsOn endsOn status';
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } } ... on ConflictError { fields { field message } }';

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

const currentSeason = (creds?: Credentials) => call(`{ currentSeason { ${SEASON} } }`, {}, creds);
const seasons = (creds?: Credentials) => call(`{ seasons { ${SEASON} } }`, {}, creds);
const saveSeason = (input: Record<string, unknown>, creds?: Credentials) =>
  call(`mutation($input: SaveSeasonInput!) { saveSeason(input: $input) { __typename ... on MutationSaveSeasonSuccess { data { message season { ${SEASON} } } } ${ERRORS} } }`, { input }, creds);
const admit = (input: Record<string, unknown>, creds?: Credentials) =>
  call(`mutation($input: AdmitMemberInput!) { admitMember(input: $input) { __typename ... on MutationAdmitMemberSuccess { data { message member { id number admittedOn exitOn } } } ${ERRORS} } }`, { input }, creds);
const recordExit = (input: Record<string, unknown>, creds?: Credentials) =>
  call(`mutation($input: RecordMemberExitInput!) { recordMemberExit(input: $input) { __typename ... on MutationRecordMemberExitSuccess { data { message member { id number exitOn exitCause } } } ${ERRORS} } }`, { input }, creds);
const renew = (input: Record<string, unknown>, creds?: Credentials) =>
  call(`mutation($input: RenewMembershipInput!) { renewMembership(input: $input) { __typename ... on MutationRenewMembershipSuccess { data { message renewal { id renewedOn quotaCents season { label } } } } ${ERRORS} } }`, { input }, creds);
const saveCard = (input: Record<string, unknown>, creds?: Credentials) =>
  call(`mutation($input: SaveCardInput!) { saveCard(input: $input) { __typename ... on MutationSaveCardSuccess { data { message card { id body number season { label } } } } ${ERRORS} } }`, { input }, creds);
const register = (seasonId?: string, creds?: Credentials) =>
  call(`query($seasonId: ID) { memberRegister(seasonId: $seasonId, first: 100) { totalCount edges { node { number exitOn person { lastname } } } } }`, { seasonId }, creds);

async function person(lastname: string, kind: 'athlete' | 'member' = 'member', clubOf = club.members.owner) {
  const ctx = await clubContext(t.deps, clubOf);
  return (await createPerson(ctx, kind, { profile: { firstname: 'Prova', lastname } })).personId;
}

describe('seasons by date', () => {
  it('the current season is chosen by the club day (a new club has its own from sign-up): 1 September to 31 August; the next opens on its first day', async () => {
    setToday('2026-11-15');
    expect(await currentSeason()).toMatchObject({ label: '2026/27', startsOn: '2026-09-01', endsOn: '2027-08-31', status: 'open' });
    // Asked again, the same row: no second season.
    expect((await seasons()).map((s: { label: string }) => s.label)).toEqual(['2026/27']);
    // The last evening of August in Italy is still the old season; 1 September at 00:30 Italian time is the new one.
    at = new Date('2027-08-31T23:30:00+02:00');
    expect((await currentSeason()).label).toBe('2026/27');
    at = new Date('2027-09-01T00:30:00+02:00');
    expect(await currentSeason()).toMatchObject({ label: '2027/28', startsOn: '2027-09-01', endsOn: '2028-08-31', status: 'open' });
    expect((await seasons()).map((s: { label: string; status: string }) => `${s.label} ${s.status}`)).toEqual(['2027/28 open', '2026/27 closed']);
  });

  it("a club's own dates are continued, and a past season is read-only", async () => {
    setToday('2026-11-15');
    const other = await createClub(t.deps, { fullName: 'ASD Date Proprie' });
    const creds = as(other);
    const first = await currentSeason(creds);
    const edited = await saveSeason({ id: first.id, startsOn: '2026-07-01', endsOn: '2027-06-30' }, creds);
    expect(edited.data.season).toMatchObject({ label: '2026/27', startsOn: '2026-07-01', endsOn: '2027-06-30' });
    setToday('2027-07-05');
    expect(await currentSeason(creds)).toMatchObject({ label: '2027/28', startsOn: '2027-07-01', endsOn: '2028-06-30', status: 'open' });
    const closed = await saveSeason({ id: first.id, label: '2026/27' }, creds);
    expect([closed.__typename, closed.message]).toEqual(['ConflictError', MSG.seasonClosedReadOnly]);
  });

  it('prepares the next season, refusing overlaps and wrong dates in Italian', async () => {
    const other = await createClub(t.deps, { fullName: 'ASD Prossima' });
    const creds = as(other);
    setToday('2026-11-15');
    const next = await saveSeason({}, creds);
    expect(next.data).toMatchObject({ message: MSG.seasonPrepared('2027/28'), season: { label: '2027/28', startsOn: '2027-09-01', endsOn: '2028-08-31', status: 'preparing' } });
    const overlap = await saveSeason({ startsOn: '2028-08-01', endsOn: '2029-07-31' }, creds);
    expect([overlap.__typename, overlap.fields]).toEqual(['ValidationError', [{ field: 'startsOn', message: MSG.seasonOverlaps('2027/28') }]]);
    const backwards = await saveSeason({ startsOn: '2029-09-01', endsOn: '2029-08-01' }, creds);
    expect(backwards.fields).toEqual([{ field: 'endsOn', message: MSG.seasonEndsBeforeStart }]);
    const long = await saveSeason({ startsOn: '2029-09-01', endsOn: '2030-12-31' }, creds);
    expect(long.fields).toEqual([{ field: 'endsOn', message: MSG.seasonTooLong }]);
    const label = await saveSeason({ label: 'prossima', startsOn: '2028-09-01', endsOn: '2029-08-31' }, creds);
    expect(label.fields).toEqual([{ field: 'label', message: MSG.seasonLabelFormat }]);
    const half = await saveSeason({ startsOn: '2028-09-01' }, creds);
    expect(half.fields).toEqual([{ field: 'endsOn', message: MSG.seasonEndsOnRequired }]);
    // When its day comes, the prepared season is the current one and opens.
    setToday('2027-09-10');
    expect(await currentSeason(creds)).toMatchObject({ id: next.data.season.id, status: 'open' });
  });
});

describe('the membership register', () => {
  it('20 concurrent admissions get 20 distinct consecutive numbers; an exit frees none', async () => {
    const other = await createClub(t.deps, { fullName: 'ASD Libro Soci' });
    const creds = as(other);
    const people = [];
    for (let i = 0; i < 22; i++) people.push(await person(`Socio${String(i).padStart(2, '0')}`, 'member', other));
    const answers = await Promise.all(people.slice(0, 20).map((personId) => admit({ personId, admittedOn: '2026-10-01', boardDecision: 'Verbale n. 3', boardDecisionOn: '2026-09-28' }, creds)));
    const numbers = answers.map((a) => a.data.member.number).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(answers[0].data.message).toMatch(/^Socio ammesso con il numero \d+ del libro soci\.$/);

    const fifth = answers.find((a) => a.data.member.number === 5).data.member;
    const left = await recordExit({ memberId: fifth.id, exitOn: '2026-12-31', cause: 'recesso' }, creds);
    expect(left.data).toMatchObject({ message: MSG.memberExitRecorded, member: { number: 5, exitOn: '2026-12-31', exitCause: 'recesso' } });
    expect((await admit({ personId: people[20], admittedOn: '2027-01-10' }, creds)).data.member.number).toBe(21);
    // The one who left and comes back is a new entry with a new number; their old entry keeps 5.
    const back = answers.find((a) => a.data.member.number === 5);
    const again = await admit({ personId: people[answers.indexOf(back)], admittedOn: '2027-02-01' }, creds);
    expect(again.data.member.number).toBe(22);
    const all = await register(undefined, creds);
    expect(all.totalCount).toBe(22);
    expect(all.edges.map((e: { node: { number: number } }) => e.node.number)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));

    const twice = await admit({ personId: people[0], admittedOn: '2027-01-10' }, creds);
    expect([twice.__typename, twice.message]).toEqual(['ConflictError', MSG.memberAlreadyAdmitted]);
    const exitAgain = await recordExit({ memberId: fifth.id, exitOn: '2027-01-01', cause: 'decesso' }, creds);
    expect([exitAgain.__typename, exitAgain.message]).toEqual(['ConflictError', MSG.memberAlreadyExited]);
  });

  it('refuses wrong inputs with Italian messages per field', async () => {
    const personId = await person('Validazione');
    const missing = await admit({ personId }, owner);
    expect(missing.fields).toEqual([{ field: 'admittedOn', message: MSG.memberAdmittedOnRequired }]);
    const board = await admit({ personId, admittedOn: '2026-10-01', boardDecisionOn: '2026-10-05' }, owner);
    expect(board.fields).toEqual([{ field: 'boardDecisionOn', message: MSG.memberBoardDecisionBeforeAdmission }]);
    const member = (await admit({ personId, admittedOn: '2026-10-01' }, owner)).data.member;
    const noCause = await recordExit({ memberId: member.id, exitOn: '2026-11-01' }, owner);
    expect(noCause.fields).toEqual([{ field: 'cause', message: MSG.memberExitCauseRequired }]);
    const early = await recordExit({ memberId: member.id, exitOn: '2026-09-01', cause: 'decadenza' }, owner);
    expect(early.fields).toEqual([{ field: 'exitOn', message: MSG.memberExitBeforeAdmission }]);
    const season = await currentSeason();
    const badQuota = await renew({ memberId: member.id, seasonId: season.id, renewedOn: '2026-10-01', quotaCents: -5 }, owner);
    expect(badQuota.fields).toEqual([{ field: 'quotaCents', message: MSG.quotaInvalid }]);
    const card = await saveCard({ personId, seasonId: season.id, startsOn: '2026-10-01', expiresOn: '2026-09-01' }, owner);
    expect(card.fields).toEqual([
      { field: 'body', message: MSG.cardBodyRequired },
      { field: 'number', message: MSG.cardNumberRequired },
    ]);
    const backwards = await saveCard({ personId, seasonId: season.id, body: 'UISP', number: '1', startsOn: '2026-10-01', expiresOn: '2026-09-01' }, owner);
    expect(backwards.fields).toEqual([{ field: 'expiresOn', message: MSG.cardExpiresBeforeStart }]);
  });

  it('renewals per season, cards without being a socio, and the history of seasons in one query', async () => {
    setToday('2026-11-15');
    const other = await createClub(t.deps, { fullName: 'ASD Storia' });
    const creds = as(other);
    const season = await currentSeason(creds);
    const socio = await person('Rinnovi', 'member', other);
    const athlete = await person('Tesserata', 'athlete', other);
    const member = (await admit({ personId: socio, admittedOn: '2026-09-05' }, creds)).data.member;
    const renewal = await renew({ memberId: member.id, seasonId: season.id, renewedOn: '2026-09-05', quotaCents: 2500 }, creds);
    expect(renewal.data).toMatchObject({ message: MSG.memberRenewed(season.label), renewal: { quotaCents: 2500, season: { label: '2026/27' } } });
    const twice = await renew({ memberId: member.id, seasonId: season.id, renewedOn: '2026-09-06' }, creds);
    expect([twice.__typename, twice.message]).toEqual(['ConflictError', MSG.memberAlreadyRenewed]);

    // An athlete tesserata with two bodies, not a socio.
    const figc = await saveCard({ personId: athlete, seasonId: season.id, body: 'FIGC', number: 'F-123', startsOn: '2026-09-01', expiresOn: '2027-06-30' }, creds);
    expect(figc.data).toMatchObject({ message: MSG.cardSaved, card: { body: 'FIGC', number: 'F-123', season: { label: '2026/27' } } });
    await saveCard({ personId: athlete, seasonId: season.id, body: 'UISP', number: 'U-9', startsOn: '2026-09-15', expiresOn: '2027-08-31' }, creds);
    const taken = await saveCard({ personId: socio, seasonId: season.id, body: 'FIGC', number: 'F-123', startsOn: '2026-09-01', expiresOn: '2027-06-30' }, creds);
    expect([taken.__typename, taken.message]).toEqual(['ConflictError', MSG.cardNumberTaken]);

    const statements: string[] = [];
    await recordStatements(t.databaseKind, (sql) => statements.push(sql));
    const history = await call(
      `query($id: ID!) { personSeasons(personId: $id) { lastname memberships { number admittedOn renewals { quotaCents season { label } } } cards { body number season { label } } } }`,
      { id: athlete },
      creds,
    );
    vi.restoreAllMocks();
    expect(history).toEqual({ lastname: 'Tesserata', memberships: [], cards: [
      { body: 'UISP', number: 'U-9', season: { label: '2026/27' } },
      { body: 'FIGC', number: 'F-123', season: { label: '2026/27' } },
    ] });
    // The person, the register entries with their renewals and seasons, the cards with theirs: one statement.
    const historyStatements = statements.filter((sql) => /"register_members"|"cards"|"club_seasons"/.test(sql));
    expect(historyStatements).toHaveLength(1);
    expect(historyStatements[0]).toMatch(/"register_members"[\s\S]*"cards"|"cards"[\s\S]*"register_members"/);
    const socioHistory = await call(`query($id: ID!) { personSeasons(personId: $id) { memberships { number renewals { quotaCents season { label } } } cards { body } } }`, { id: socio }, creds);
    expect(socioHistory).toEqual({ memberships: [{ number: 1, renewals: [{ quotaCents: 2500, season: { label: '2026/27' } }] }], cards: [] });

    // The register of a season: those who were soci during it. The next season (prepared) does not list one who left before it.
    const next = (await saveSeason({}, creds)).data.season;
    const spare = (await saveCard({ personId: athlete, seasonId: next.id, body: 'CSI', number: 'C-1', startsOn: '2027-09-01', expiresOn: '2028-08-31' }, creds)).data.card;
    await recordExit({ memberId: member.id, exitOn: '2027-03-01', cause: 'decadenza' }, creds);
    expect((await register(season.id, creds)).totalCount).toBe(1);
    expect((await register(next.id, creds)).totalCount).toBe(0);
    const exited = await renew({ memberId: member.id, seasonId: next.id, renewedOn: '2027-09-01' }, creds);
    expect([exited.__typename, exited.message]).toEqual(['ConflictError', MSG.memberExitedNoRenewal]);

    // Past seasons are read-only: once the next one runs, 2026/27's cards cannot change.
    setToday('2027-09-10');
    await currentSeason(creds);
    const deleteCard = (id: string) => call(`mutation($id: ID!) { deleteCard(id: $id) { __typename ... on BaseError { message } ... on MutationDeleteCardSuccess { data { message cardId } } } }`, { id }, creds);
    const closed = await deleteCard(figc.data.card.id);
    expect([closed.__typename, closed.message], JSON.stringify(closed)).toEqual(['ConflictError', MSG.seasonClosedReadOnly]);
    expect((await deleteCard(spare.id)).data).toEqual({ message: MSG.cardDeleted, cardId: spare.id });
    expect(await t.deps.systemDb.card.count({ where: { id: spare.id } })).toBe(0);
    setToday('2026-11-15');
  });
});

describe('access', () => {
  it("another club's ids answer like unknown ones", async () => {
    setToday('2026-11-15');
    const season = await currentSeason();
    const personId = await person('Nostra');
    const member = (await admit({ personId, admittedOn: '2026-10-01' }, owner)).data.member;
    const stranger = as(club.stranger);
    const strangerSeason = await currentSeason(stranger);
    expect(strangerSeason.id).not.toBe(season.id);
    for (const answer of [
      await renew({ memberId: member.id, seasonId: strangerSeason.id, renewedOn: '2026-10-01' }, stranger),
      await recordExit({ memberId: member.id, exitOn: '2026-11-01', cause: 'recesso' }, stranger),
      await admit({ personId, admittedOn: '2026-10-01' }, stranger),
      await saveCard({ personId, seasonId: strangerSeason.id, body: 'CSI', number: '1', startsOn: '2026-10-01', expiresOn: '2027-08-31' }, stranger),
      await saveSeason({ id: season.id, label: '2030/31' }, stranger),
    ]) {
      expect([answer.__typename, answer.message]).toEqual(['NotFoundError', MSG.notFound]);
    }
    expect(await call(`query($id: ID!) { personSeasons(personId: $id) { lastname } }`, { id: personId }, stranger)).toBeNull();
    expect((await register(season.id, stranger)).totalCount).toBe(0);
    expect((await t.deps.systemDb.registerMember.findUniqueOrThrow({ where: { id: member.id } })).exitOn).toBeNull();
  });

  it('lettura reads the register but writes nothing; allenatore neither; segreteria both', async () => {
    const personId = await person('Ruoli');
    const lettura = as(club.members.lettura);
    expect((await register(undefined, lettura)).totalCount).toBeGreaterThan(0);
    const refused = await admit({ personId, admittedOn: '2026-10-01' }, lettura);
    expect([refused.__typename, refused.message]).toEqual(['ForbiddenError', MSG.permissionDenied]);
    const coach = as(club.members.allenatore);
    expect((await register(undefined, coach)).errors?.[0].message).toBe(MSG.permissionDenied);
    expect((await currentSeason(coach)).label).toBe('2026/27');
    const admitted = await admit({ personId, admittedOn: '2026-10-01' }, as(club.members.segreteria));
    expect(admitted.__typename).toBe('MutationAdmitMemberSuccess');
  });
});
