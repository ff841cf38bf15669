// Consents and the privacy notice (issue 36 point 2) through GraphQL on a real database, with a fixed clock: versions
// of the notice (never edited, the database refusing an UPDATE), who answers for whom (an adult themselves, under 14 a
// recorded guardian, from 14 alone for personal data and communications but not for health data and images), each
// purpose's status (dato, negato, revocato, da rinnovare after a new version, mancante), withdrawal kept as evidence,
// the gaps list; another club's ids answered like unknown ones with nothing written; the roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { consentGiver } from '../../../schema/validation/consents';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createPerson } from '../../support/people-factories';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const TODAY = '2026-11-15';
let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let other: TestClub;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(`${TODAY}T12:00:00+01:00`) });
  club = await clubWithEveryRole(t.deps, 'ASD Consensi');
  owner = as(club.members.owner);
  other = await createClub(t.deps, { fullName: 'ASD Altri Consensi' });
}, 180_000);
afterAll(() => t.close());

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

const publish = (input: Record<string, unknown>, creds: Credentials = owner) =>
  call(`mutation($input: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $input) { __typename ... on MutationPublishPrivacyNoticeSuccess { data { message notice { version title } } } ${ERRORS} } }`, { input }, creds);
const record = (input: Record<string, unknown>, creds: Credentials = owner) =>
  call(`mutation($input: RecordConsentInput!) { recordConsent(input: $input) { __typename ... on MutationRecordConsentSuccess { data { message consent { id purpose granted givenOn noticeVersion givenBy { firstname lastname } } } } ${ERRORS} } }`, { input }, creds);
const withdraw = (id: string, creds: Credentials = owner) =>
  call(`mutation($id: ID!) { withdrawConsent(id: $id) { __typename ... on MutationWithdrawConsentSuccess { data { message consent { withdrawnAt } } } ... on BaseError { __typename message } } }`, { id }, creds);
const states = (personId: string, creds: Credentials = owner) =>
  call(`query($personId: ID!) { personConsents(personId: $personId) { personId purposes { purpose status giver latest { id granted noticeVersion } } history { id purpose withdrawnAt } } }`, { personId }, creds);
const statusOf = async (personId: string, creds: Credentials = owner) => {
  const r = await states(personId, creds);
  return Object.fromEntries((r.purposes as Array<{ purpose: string; status: string }>).map((p) => [p.purpose, p.status]));
};
const gaps = (purpose: string, creds: Credentials = owner) =>
  call(`query($purpose: ConsentPurpose!) { consentGaps(purpose: $purpose, first: 100) { totalCount items { personId lastname status } } }`, { purpose }, creds);

async function person(lastname: string, birthday: string, clubOf: TestClub = club.members.owner) {
  const ctx = await clubContext(t.deps, clubOf);
  return (await createPerson(ctx, 'athlete', { profile: { firstname: 'Persona', lastname, birthday } })).personId;
}

async function guardianOf(minorId: string, firstname: string) {
  const res = await call(`mutation($input: SaveGuardianshipInput!) { saveGuardianship(input: $input) { ... on MutationSaveGuardianshipSuccess { data { guardianship { guardian { personId } } } } } }`, {
    input: { minorId, relationship: 'genitore', guardian: { firstname, lastname: 'Genitore', emailPrimary: `${firstname.toLowerCase()}@example.it` } },
  });
  return res.data.guardianship.guardian.personId as string;
}

describe('who answers for whom', () => {
  it('an adult themselves; under 14 a guardian; from 14 alone for personal data and communications only', () => {
    expect(consentGiver('1990-01-01', TODAY, 'dati_salute')).toBe('self');
    expect(consentGiver(null, TODAY, 'foto_video')).toBe('self');
    expect(consentGiver('2012-11-16', TODAY, 'trattamento_dati')).toBe('guardian'); // 14 tomorrow
    expect(consentGiver('2012-11-15', TODAY, 'trattamento_dati')).toBe('either'); // 14 today
    expect(consentGiver('2012-11-15', TODAY, 'comunicazioni')).toBe('either');
    expect(consentGiver('2012-11-15', TODAY, 'dati_salute')).toBe('guardian');
    expect(consentGiver('2008-11-15', TODAY, 'foto_video')).toBe('self'); // 18 today
  });
});

describe('the notice and the consents', () => {
  it('asks for a notice first, then records, renews and withdraws consents with their status', async () => {
    const adult = await person('Adulta', '1985-03-03');
    expect(await record({ personId: adult, purpose: 'trattamento_dati', granted: true })).toMatchObject({ __typename: 'ConflictError', message: MSG.privacyNoticeMissing });
    expect(await publish({ title: ' ', text: 'x' })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'title', message: MSG.privacyNoticeTitleRequired }] });
    const v1 = await publish({ title: 'Informativa ai sensi del GDPR', text: 'Il titolare del trattamento è ASD Consensi...' });
    expect(v1.data).toMatchObject({ message: MSG.privacyNoticePublished(1), notice: { version: 1 } });
    expect(await statusOf(adult)).toEqual({ trattamento_dati: 'mancante', dati_salute: 'mancante', foto_video: 'mancante', comunicazioni: 'mancante' });

    const given = await record({ personId: adult, purpose: 'trattamento_dati', granted: true, givenOn: '2026-11-10' });
    expect(given.data).toMatchObject({ message: MSG.consentRecorded, consent: { purpose: 'trattamento_dati', granted: true, givenOn: '2026-11-10', noticeVersion: 1, givenBy: null } });
    expect((await record({ personId: adult, purpose: 'foto_video', granted: false })).__typename).toBe('MutationRecordConsentSuccess');
    expect(await record({ personId: adult, purpose: 'comunicazioni', granted: true, givenOn: '2026-11-16' })).toMatchObject({ fields: [{ field: 'givenOn', message: MSG.consentGivenOnInvalid }] });
    expect(await statusOf(adult)).toMatchObject({ trattamento_dati: 'dato', foto_video: 'negato', comunicazioni: 'mancante' });

    // A new version: what was given against the old one is to be renewed, and the person is among the gaps.
    expect((await publish({ title: 'Informativa 2027', text: 'Testo aggiornato.' })).data.notice.version).toBe(2);
    expect(await statusOf(adult)).toMatchObject({ trattamento_dati: 'da_rinnovare' });
    expect((await gaps('trattamento_dati')).items).toContainEqual({ personId: adult, lastname: 'Adulta', status: 'da_rinnovare' });
    const renewed = await record({ personId: adult, purpose: 'trattamento_dati', granted: true });
    expect(renewed.data.consent.noticeVersion).toBe(2);
    expect((await gaps('trattamento_dati')).items.map((g: any) => g.personId)).not.toContain(adult);

    // Withdrawal: kept in the history with its time; twice is a conflict.
    const withdrawn = await withdraw(renewed.data.consent.id);
    expect(withdrawn.data.message).toBe(MSG.consentWithdrawn);
    expect(withdrawn.data.consent.withdrawnAt).toBeTruthy();
    expect(await statusOf(adult)).toMatchObject({ trattamento_dati: 'revocato' });
    expect(await withdraw(renewed.data.consent.id)).toMatchObject({ __typename: 'ConflictError', message: MSG.consentAlreadyWithdrawn });
    expect((await states(adult)).history).toHaveLength(3);
    expect((await gaps('trattamento_dati')).items).toContainEqual({ personId: adult, lastname: 'Adulta', status: 'revocato' });
    // An adult answers alone.
    const someone = await guardianOf(await person('Figlia', '2015-01-01'), 'Estraneo');
    expect(await record({ personId: adult, purpose: 'comunicazioni', granted: true, givenById: someone })).toMatchObject({ fields: [{ field: 'givenById', message: MSG.consentAdultSelf }] });
    // The versions are evidence: the database refuses to edit one.
    await expect(t.deps.systemDb.privacyNotice.updateMany({ where: { clubId: club.members.owner.clubId }, data: { text: 'riscritto' } })).rejects.toThrow(/never edited/);
  });

  it('a minor under 14 through a recorded guardian; from 14 alone only where the law allows', async () => {
    const child = await person('Bambina', '2016-05-05');
    const mother = await guardianOf(child, 'Madre');
    const stranger = await guardianOf(await person('Altro', '2016-01-01'), 'Vicino');
    expect(await record({ personId: child, purpose: 'trattamento_dati', granted: true })).toMatchObject({ fields: [{ field: 'givenById', message: MSG.consentGuardianRequired }] });
    expect(await record({ personId: child, purpose: 'trattamento_dati', granted: true, givenById: stranger })).toMatchObject({ fields: [{ field: 'givenById', message: MSG.consentGiverNotGuardian }] });
    const given = await record({ personId: child, purpose: 'dati_salute', granted: true, givenById: mother });
    expect(given.data.consent.givenBy).toEqual({ firstname: 'Madre', lastname: 'Genitore' });
    expect((await states(child)).purposes.find((p: any) => p.purpose === 'dati_salute')).toMatchObject({ status: 'dato', giver: 'guardian' });

    const teen = await person('Ragazzo', '2011-02-02');
    expect((await record({ personId: teen, purpose: 'comunicazioni', granted: true })).__typename).toBe('MutationRecordConsentSuccess');
    expect(await record({ personId: teen, purpose: 'foto_video', granted: true })).toMatchObject({ fields: [{ field: 'givenById', message: MSG.consentGuardianRequiredForPurpose }] });
    expect((await states(teen)).purposes.map((p: any) => p.giver)).toEqual(['either', 'guardian', 'guardian', 'either']);
    // The access log names the consent on the person.
    const log = await t.deps.systemDb.accessLogEntry.findFirstOrThrow({ where: { personId: child }, orderBy: { at: 'desc' } });
    expect(log.detail).toBe('Consenso dati relativi alla salute: dato da Madre Genitore (informativa v2)');
  });

  it('lists only people with an active role among the gaps, guardians known only by name left out', async () => {
    const list = await gaps('foto_video');
    expect(list.totalCount).toBe(list.items.length);
    expect(list.items.map((i: any) => i.lastname)).not.toContain('Genitore');
    expect(list.items.map((i: any) => i.lastname)).toContain('Bambina');
  });
});

describe('another club and the roles', () => {
  it("answers another club's ids like unknown ones and writes nothing", async () => {
    const child = await person('Protetta', '2016-05-05');
    const mother = await guardianOf(child, 'Mamma');
    const given = (await record({ personId: child, purpose: 'trattamento_dati', granted: true, givenById: mother })).data.consent;
    const theirs = as(other);
    await call(`mutation { publishPrivacyNotice(input: { title: "Loro", text: "Testo" }) { __typename } }`, {}, theirs);
    const theirChild = await person('Loro', '2016-01-01', other);
    expect(await states(child, theirs)).toBeNull();
    expect(await record({ personId: child, purpose: 'foto_video', granted: true, givenById: mother }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await record({ personId: theirChild, purpose: 'foto_video', granted: true, givenById: mother }, theirs)).toMatchObject({ fields: [{ field: 'givenById', message: MSG.consentGiverNotGuardian }] });
    expect(await withdraw(given.id, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect((await gaps('trattamento_dati', theirs)).items.map((i: any) => i.personId)).toEqual([theirChild]);
    const notices = await call('{ privacyNotices { version title } }', {}, theirs);
    expect(notices).toEqual([{ version: 1, title: 'Loro' }]);
    expect(await statusOf(child)).toMatchObject({ trattamento_dati: 'dato', foto_video: 'mancante' });
    await expect(
      t.deps.systemDb.consent.create({ data: { clubId: other.clubId, personId: theirChild, purpose: 'foto_video', granted: true, noticeId: (await t.deps.systemDb.privacyNotice.findFirstOrThrow({ where: { clubId: club.members.owner.clubId } })).id, givenOn: new Date() } }),
    ).rejects.toThrow(/different clubs/);
  });

  it('a coach neither reads nor records; lettura reads; segreteria records but does not publish', async () => {
    const adult = await person('Ruoli', '1980-01-01');
    const refused = (r: any) => (r.errors ? expect(r.errors[0].message).toBe(MSG.permissionDenied) : expect(r.__typename).toBe('ForbiddenError'));
    const coach = as(club.members.allenatore);
    refused(await states(adult, coach));
    refused(await gaps('foto_video', coach));
    refused(await record({ personId: adult, purpose: 'foto_video', granted: true }, coach));
    const reader = as(club.members.lettura);
    expect((await states(adult, reader)).purposes).toHaveLength(4);
    expect((await call('{ privacyNotices { version } }', {}, reader))[0].version).toBe(2);
    refused(await record({ personId: adult, purpose: 'foto_video', granted: true }, reader));
    const segreteria = as(club.members.segreteria);
    expect((await record({ personId: adult, purpose: 'foto_video', granted: true }, segreteria)).__typename).toBe('MutationRecordConsentSuccess');
    refused(await publish({ title: 'No', text: 'No' }, segreteria));
  });
});
