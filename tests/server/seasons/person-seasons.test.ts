// The person page's "Stagioni" section (issue 35 point 2) through GraphQL on a real database: the whole history the
// section shows (register entries with decision, exit and cause, renewals with quota, cards of every season with
// their season's status) in one statement; editing and deleting a card; another club's person and card ids answered
// like unknown ones; a coach (no members.read) refused, lettura reading but not writing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createPerson } from '../../support/people-factories';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { recordStatements } from '../../support/statement-spy';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let at = new Date('2026-11-15T12:00:00+01:00');
const setToday = (day: string) => (at = new Date(`${day}T12:00:00+01:00`));

beforeAll(async () => {
  t = await startTestApp({}, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Storia Stagioni');
  owner = as(club.members.owner);
}, 180_000); // a loaded machine may take more than the default minute to start the app
afterAll(() => t.close());

// Every statement the adapter sends lands here while `recording` is on. The spy is set once, ahead: setting it reads
// the adapter's prototype off a throwaway database, slow on a loaded machine.
const statements: string[] = [];
let recording = false;
beforeAll(() => recordStatements(t.databaseKind, (sql) => recording && statements.push(sql)), 120_000);
afterAll(() => vi.restoreAllMocks());

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } } ... on ConflictError { fields { field message } }';

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

/** The selection of the person page's section (client/src/features/seasons/person-seasons-documents.ts). */
const HISTORY = `query($personId: ID!) { personSeasons(personId: $personId) {
  personId
  memberships { id number admittedOn boardDecision boardDecisionOn exitOn exitCause renewals { id renewedOn quotaCents season { id label startsOn } } }
  cards { id body number startsOn expiresOn season { id label startsOn status } }
} }`;
const history = (personId: string, creds: Credentials = owner) => call(HISTORY, { personId }, creds);
const currentSeason = (creds: Credentials = owner) => call('{ currentSeason { id label } }', {}, creds);
const prepareNext = (creds: Credentials = owner) =>
  call(`mutation { saveSeason(input: {}) { __typename ... on MutationSaveSeasonSuccess { data { season { id label } } } ${ERRORS} } }`, {}, creds);
const admit = (input: Record<string, unknown>, creds: Credentials = owner) =>
  call(`mutation($input: AdmitMemberInput!) { admitMember(input: $input) { __typename ... on MutationAdmitMemberSuccess { data { member { id number } } } ${ERRORS} } }`, { input }, creds);
const recordExit = (input: Record<string, unknown>) =>
  call(`mutation($input: RecordMemberExitInput!) { recordMemberExit(input: $input) { __typename ${ERRORS} } }`, { input });
const renew = (input: Record<string, unknown>) =>
  call(`mutation($input: RenewMembershipInput!) { renewMembership(input: $input) { __typename ${ERRORS} } }`, { input });
const saveCard = (input: Record<string, unknown>, creds: Credentials = owner) =>
  call(`mutation($input: SaveCardInput!) { saveCard(input: $input) { __typename ... on MutationSaveCardSuccess { data { message card { id body number startsOn expiresOn } } } ${ERRORS} } }`, { input }, creds);
const deleteCard = (id: string, creds: Credentials = owner) =>
  call(`mutation($id: ID!) { deleteCard(id: $id) { __typename ... on MutationDeleteCardSuccess { data { message cardId } } ... on BaseError { __typename message } } }`, { id }, creds);

async function person(lastname: string, clubOf: TestClub = club.members.owner) {
  const ctx = await clubContext(t.deps, clubOf);
  return (await createPerson(ctx, 'athlete', { profile: { firstname: 'Storia', lastname } })).personId;
}

describe('personSeasons: the history the person page shows', () => {
  it('register entries with decision, exit and cause, renewals with quota, cards of every season: one statement', async () => {
    setToday('2026-11-15');
    const season = await currentSeason();
    const personId = await person('Completa');
    // An old entry closed by recesso, then a readmission with its board decision and a renewal.
    const first = (await admit({ personId, admittedOn: '2026-09-02', boardDecision: 'Verbale n. 1', boardDecisionOn: '2026-09-01' })).data.member;
    expect((await recordExit({ memberId: first.id, exitOn: '2026-10-01', cause: 'recesso' })).__typename).toBe('MutationRecordMemberExitSuccess');
    const second = (await admit({ personId, admittedOn: '2026-10-20', boardDecision: 'Verbale n. 4', boardDecisionOn: '2026-10-18' })).data.member;
    expect(second.number).toBe(first.number + 1);
    expect((await renew({ memberId: second.id, seasonId: season.id, renewedOn: '2026-10-20', quotaCents: 3550 })).__typename).toBe('MutationRenewMembershipSuccess');
    const next = (await prepareNext()).data.season;
    const figc = (await saveCard({ personId, seasonId: season.id, body: 'FIGC', number: '100', startsOn: '2026-09-01', expiresOn: '2026-11-10' })).data.card;
    const csi = (await saveCard({ personId, seasonId: next.id, body: 'CSI', number: 'C-7', startsOn: '2027-09-01', expiresOn: '2028-08-31' })).data.card;

    recording = true;
    const answer = await history(personId);
    recording = false;

    expect(answer).toEqual({
      personId,
      memberships: [
        {
          id: second.id,
          number: second.number,
          admittedOn: '2026-10-20',
          boardDecision: 'Verbale n. 4',
          boardDecisionOn: '2026-10-18',
          exitOn: null,
          exitCause: null,
          renewals: [{ id: expect.any(String), renewedOn: '2026-10-20', quotaCents: 3550, season: { id: season.id, label: '2026/27', startsOn: '2026-09-01' } }],
        },
        { id: first.id, number: first.number, admittedOn: '2026-09-02', boardDecision: 'Verbale n. 1', boardDecisionOn: '2026-09-01', exitOn: '2026-10-01', exitCause: 'recesso', renewals: [] },
      ],
      cards: [
        { id: csi.id, body: 'CSI', number: 'C-7', startsOn: '2027-09-01', expiresOn: '2028-08-31', season: { id: next.id, label: '2027/28', startsOn: '2027-09-01', status: 'preparing' } },
        { id: figc.id, body: 'FIGC', number: '100', startsOn: '2026-09-01', expiresOn: '2026-11-10', season: { id: season.id, label: '2026/27', startsOn: '2026-09-01', status: 'open' } },
      ],
    });
    // The person, the entries, their renewals and seasons, the cards and theirs: one statement naming every table.
    const read = statements.filter((sql) => /"people"|"register_members"|"register_member_seasons"|"cards"|"club_seasons"/.test(sql));
    expect(read, read.join('\n\n')).toHaveLength(1);
    for (const table of ['"people"', '"register_members"', '"register_member_seasons"', '"cards"', '"club_seasons"']) expect(read[0]).toContain(table);
  });

  it('a person with neither entry nor card has an empty history; an unknown id answers null', async () => {
    const personId = await person('Vuota');
    expect(await history(personId)).toEqual({ personId, memberships: [], cards: [] });
    expect(await history('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('cards from the person page', () => {
  it("a card is edited in place and deleted; a closed season's card stays read-only", async () => {
    setToday('2026-11-15');
    // A club of its own: the test closes its season.
    const own = await createClub(t.deps, { fullName: 'ASD Tessere Chiuse' });
    const creds = as(own);
    const season = await currentSeason(creds);
    const personId = await person('Tessere', own);
    const card = (await saveCard({ personId, seasonId: season.id, body: 'UISP', number: 'U-1', startsOn: '2026-09-01', expiresOn: '2027-08-31' }, creds)).data.card;
    const edited = await saveCard({ id: card.id, personId, seasonId: season.id, body: 'UISP', number: 'U-2', startsOn: '2026-09-15', expiresOn: '2027-06-30' }, creds);
    expect(edited.data).toEqual({ message: MSG.cardSaved, card: { id: card.id, body: 'UISP', number: 'U-2', startsOn: '2026-09-15', expiresOn: '2027-06-30' } });
    // The server's messages per field, as the dialog shows them.
    const wrong = await saveCard({ id: card.id, personId, seasonId: season.id, body: 'UISP', number: 'U-2', startsOn: '2026-09-15', expiresOn: '2026-09-01' }, creds);
    expect(wrong.fields).toEqual([{ field: 'expiresOn', message: MSG.cardExpiresBeforeStart }]);
    expect((await history(personId, creds)).cards.map((c: { number: string }) => c.number)).toEqual(['U-2']);
    expect((await deleteCard(card.id, creds)).data).toEqual({ message: MSG.cardDeleted, cardId: card.id });
    expect((await history(personId, creds)).cards).toEqual([]);
    expect((await deleteCard(card.id, creds)).__typename).toBe('NotFoundError');

    const old = (await saveCard({ personId, seasonId: season.id, body: 'FIGC', number: 'F-9', startsOn: '2026-09-01', expiresOn: '2027-06-30' }, creds)).data.card;
    setToday('2027-09-10');
    await currentSeason(creds); // the new season opens, 2026/27 closes
    const closed = await saveCard({ id: old.id, personId, seasonId: season.id, body: 'FIGC', number: 'F-10', startsOn: '2026-09-01', expiresOn: '2027-06-30' }, creds);
    expect([closed.__typename, closed.message]).toEqual(['ConflictError', MSG.seasonClosedReadOnly]);
    expect([(await deleteCard(old.id, creds)).message]).toEqual([MSG.seasonClosedReadOnly]);
    expect((await history(personId, creds)).cards[0]).toMatchObject({ number: 'F-9', season: { status: 'closed' } });
    setToday('2026-11-15');
  });
});

describe('access', () => {
  it("another club's person and card ids answer like unknown ones, and change nothing", async () => {
    setToday('2026-11-15');
    const season = await currentSeason();
    const personId = await person('Nostra');
    const card = (await saveCard({ personId, seasonId: season.id, body: 'CSI', number: 'N-1', startsOn: '2026-09-01', expiresOn: '2027-08-31' })).data.card;
    const stranger = as(club.stranger);
    const strangerSeason = await currentSeason(stranger);
    const strangerPerson = await person('Altrui', club.stranger);
    expect(await history(personId, stranger)).toBeNull();
    for (const answer of [
      // our card, edited or deleted by the other club (with their own person and season)
      await saveCard({ id: card.id, personId: strangerPerson, seasonId: strangerSeason.id, body: 'CSI', number: 'X-1', startsOn: '2026-09-01', expiresOn: '2027-08-31' }, stranger),
      await deleteCard(card.id, stranger),
      // our person given a card by the other club
      await saveCard({ personId, seasonId: strangerSeason.id, body: 'CSI', number: 'X-2', startsOn: '2026-09-01', expiresOn: '2027-08-31' }, stranger),
      // their person given a card of our season by us, and our card moved onto their person
      await saveCard({ personId: strangerPerson, seasonId: season.id, body: 'CSI', number: 'X-3', startsOn: '2026-09-01', expiresOn: '2027-08-31' }),
      await saveCard({ id: card.id, personId: strangerPerson, seasonId: season.id, body: 'CSI', number: 'N-1', startsOn: '2026-09-01', expiresOn: '2027-08-31' }),
    ]) {
      expect([answer.__typename, answer.message]).toEqual(['NotFoundError', MSG.notFound]);
    }
    expect((await history(personId)).cards).toEqual([expect.objectContaining({ id: card.id, number: 'N-1' })]);
    expect((await history(strangerPerson, stranger)).cards).toEqual([]);
  });

  it('a coach (no members.read) is refused the history and the cards; lettura reads but does not write', async () => {
    setToday('2026-11-15');
    const season = await currentSeason();
    const personId = await person('Ruoli');
    const card = (await saveCard({ personId, seasonId: season.id, body: 'FIN', number: 'R-1', startsOn: '2026-09-01', expiresOn: '2027-08-31' })).data.card;
    const coach = as(club.members.allenatore);
    expect((await history(personId, coach)).errors?.[0].message).toBe(MSG.permissionDenied);
    expect((await saveCard({ personId, seasonId: season.id, body: 'FIN', number: 'R-2', startsOn: '2026-09-01', expiresOn: '2027-08-31' }, coach)).__typename).toBe('ForbiddenError');
    const lettura = as(club.members.lettura);
    expect((await history(personId, lettura)).cards).toHaveLength(1);
    expect((await deleteCard(card.id, lettura)).__typename).toBe('ForbiddenError');
    expect((await history(personId)).cards).toHaveLength(1);
  });
});
