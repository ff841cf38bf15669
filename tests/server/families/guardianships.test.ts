// Guardians of minors (issue 36 point 1) through GraphQL on a real database: a parent of two children is one person
// (found again by tax code, or by name with the same e-mail), a guardian known only by name has no tax code and
// appears in no people list, the relationship and choices edited, a guardianship removed with the guardian kept,
// the field messages, the access log; another club's ids answered like unknown ones and nothing written; the roles
// (a coach has no families permission, lettura reads only); and the certificate reminder of a minor delivered by a
// real SMTP server to the guardians who receive communications.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, clubMidnight } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { runCertificateReminders } from '../../../server/modules/certificates/certificate-reminders.service';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createPerson } from '../../support/people-factories';
import { createClub, type TestClub } from '../../support/factories';
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let other: TestClub;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' });
  club = await clubWithEveryRole(t.deps, 'ASD Famiglie');
  owner = as(club.members.owner);
  other = await createClub(t.deps, { fullName: 'ASD Altra Famiglia' });
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } } ... on ConflictError { fields { field message } }';

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

const PERSON = 'personId firstname lastname taxIdCode emailPrimary phonePrimary';
const FAMILY = `query($personId: ID!) { personFamily(personId: $personId) {
  personId firstname lastname
  guardians { id relationship canPickUp receivesCommunications pays guardian { ${PERSON} } }
  guardianOf { id relationship minor { ${PERSON} birthday } }
} }`;
const family = (personId: string, creds: Credentials = owner) => call(FAMILY, { personId }, creds);
const save = (input: Record<string, unknown>, creds: Credentials = owner) =>
  call(
    `mutation($input: SaveGuardianshipInput!) { saveGuardianship(input: $input) { __typename ... on MutationSaveGuardianshipSuccess { data { message guardianship { id relationship canPickUp receivesCommunications pays guardian { ${PERSON} } minor { personId } } } } ${ERRORS} } }`,
    { input },
    creds,
  );
const remove = (id: string, creds: Credentials = owner) =>
  call(`mutation($id: ID!) { removeGuardianship(id: $id) { __typename ... on MutationRemoveGuardianshipSuccess { data { message guardianshipId } } ... on BaseError { __typename message } } }`, { id }, creds);
const candidates = (search: string, creds: Credentials = owner) => call(`query($s: String!) { guardianCandidates(search: $s) { ${PERSON} } }`, { s: search }, creds);

async function minor(lastname: string, birthday = '2015-04-10', clubOf: TestClub = club.members.owner, extra: Record<string, unknown> = {}) {
  const ctx = await clubContext(t.deps, clubOf);
  return (await createPerson(ctx, 'athlete', { profile: { firstname: 'Figlio', lastname, birthday, ...extra } })).personId;
}

describe('guardians of minors', () => {
  it('a parent of two children is one person, known only by name and e-mail, listed under both', async () => {
    const anna = await minor('Bianchi');
    const luca = await minor('Bianchi', '2017-09-01');
    const parent = { firstname: 'Giulia', lastname: 'Verdi', emailPrimary: 'Giulia.Verdi@Example.it', phonePrimary: '333 123 4567' };
    const first = await save({ minorId: anna, relationship: 'genitore', guardian: parent });
    expect(first.__typename).toBe('MutationSaveGuardianshipSuccess');
    expect(first.data.message).toBe(MSG.guardianSaved);
    const guardian = first.data.guardianship.guardian;
    expect(guardian).toMatchObject({ firstname: 'Giulia', lastname: 'Verdi', taxIdCode: null, emailPrimary: 'giulia.verdi@example.it', phonePrimary: '3331234567' });
    expect(first.data.guardianship).toMatchObject({ relationship: 'genitore', canPickUp: true, receivesCommunications: true, pays: true });
    // The same name with the same e-mail for the second child: the same person.
    const second = await save({ minorId: luca, relationship: 'genitore', guardian: { firstname: 'giulia', lastname: 'VERDI', emailPrimary: 'giulia.verdi@example.it' }, pays: false });
    expect(second.data.guardianship.guardian.personId).toBe(guardian.personId);
    expect(second.data.guardianship.pays).toBe(false);
    const of = await family(guardian.personId);
    expect(of.guardianOf.map((g: any) => g.minor.personId).sort()).toEqual([anna, luca].sort());
    expect((await family(anna)).guardians.map((g: any) => g.guardian.personId)).toEqual([guardian.personId]);
    // Known only by name: no role, so in no people list, yet found by the guardian search.
    const lists = await call('{ people(kind: athlete, first: 100) { totalCount edges { node { person { lastname firstname } } } } }', {});
    expect(JSON.stringify(lists)).not.toContain('Giulia');
    expect((await candidates('verdi giu')).map((p: any) => p.personId)).toContain(guardian.personId);
    expect((await candidates('giulia.verdi@example.it')).map((p: any) => p.personId)).toContain(guardian.personId);
    expect(await candidates('v')).toEqual([]);
    // The access log names the change on the minor.
    const log = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.members.owner.clubId, personId: anna }, orderBy: { at: 'desc' }, take: 1 });
    expect(log[0]?.detail).toBe('Genitore o tutore aggiunto: Giulia Verdi');
  });

  it('a guardian given by tax code is the person with that tax code; a person of the registry can be chosen by id', async () => {
    const child = await minor('Neri');
    const ctx = await clubContext(t.deps, club.members.owner);
    const coach = await createPerson(ctx, 'coach', { profile: { firstname: 'Marco', lastname: 'Neri', birthday: '1980-02-02' } });
    const byTaxCode = await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Marco', lastname: 'Neri', taxIdCode: coach.taxIdCode.toLowerCase() } });
    expect(byTaxCode.data.guardianship.guardian).toMatchObject({ personId: coach.personId, taxIdCode: coach.taxIdCode });
    // Twice: a conflict with its field message.
    const twice = await save({ minorId: child, relationship: 'tutore', guardianId: coach.personId });
    expect(twice).toMatchObject({ __typename: 'ConflictError', message: MSG.guardianExists });
    const sibling = await minor('Neri', '2016-01-01');
    const byId = await save({ minorId: sibling, relationship: 'tutore', guardianId: coach.personId, canPickUp: false });
    expect(byId.data.guardianship).toMatchObject({ relationship: 'tutore', canPickUp: false, guardian: { personId: coach.personId } });
  });

  it('refuses what is not a guardian, with the field messages', async () => {
    const child = await minor('Gialli');
    expect(await save({ minorId: child, relationship: 'genitore' })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'guardian', message: MSG.guardianMissing }] });
    expect(await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Solo nome' } })).toMatchObject({ fields: [{ field: 'guardian', message: MSG.guardianMissing }] });
    expect(await save({ minorId: child, relationship: 'genitore', guardianId: child })).toMatchObject({ fields: [{ field: 'guardianId', message: MSG.guardianSelf }] });
    const badCode = await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'A', lastname: 'B', taxIdCode: 'RSSMRA80A01H501X' } });
    expect(badCode.__typename).toBe('ValidationError');
    expect(badCode.fields[0].field).toBe('guardian.taxIdCode');
    const badMail = await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'A', lastname: 'B', emailPrimary: 'non-una-mail' } });
    expect(badMail.fields).toEqual([{ field: 'guardian.emailPrimary', message: MSG.emailInvalid }]);
    // An unknown relationship never reaches the service: GraphQL refuses the enum value.
    const res = await gql(t.app, 'mutation { saveGuardianship(input: { minorId: "00000000-0000-4000-8000-000000000000", relationship: zio }) { __typename } }', {}, owner);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body.errors?.[0]?.message).toMatch(/zio/);
    expect(res.body.data ?? null).toBeNull();
    expect((await family(child)).guardians).toEqual([]);
  });

  it('edits the choices and removes a guardianship, the guardian staying in the registry', async () => {
    const child = await minor('Blu');
    const added = (await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Sara', lastname: 'Blu', phonePrimary: '3470000000' } })).data.guardianship;
    const edited = await save({ id: added.id, minorId: child, relationship: 'tutore', receivesCommunications: false, canPickUp: false });
    expect(edited.data.guardianship).toMatchObject({ id: added.id, relationship: 'tutore', receivesCommunications: false, canPickUp: false, pays: true });
    const removed = await remove(added.id);
    expect(removed.data).toEqual({ message: MSG.guardianRemoved, guardianshipId: added.id });
    expect((await family(child)).guardians).toEqual([]);
    expect(await family(added.guardian.personId)).toMatchObject({ personId: added.guardian.personId, guardianOf: [] });
    expect(await remove(added.id)).toMatchObject({ __typename: 'NotFoundError' });
  });
});

describe('another club and the roles', () => {
  it("answers another club's ids like unknown ones and writes nothing", async () => {
    const child = await minor('Rossi');
    const added = (await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Pia', lastname: 'Rossi', emailPrimary: 'pia@example.it' } })).data.guardianship;
    const theirs = as(other);
    const theirChild = await minor('Estranei', '2014-01-01', other);
    expect(await family(child, theirs)).toBeNull();
    expect(await family(added.guardian.personId, theirs)).toBeNull();
    expect(await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'X', lastname: 'Y' } }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await save({ minorId: theirChild, relationship: 'genitore', guardianId: added.guardian.personId }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await save({ id: added.id, minorId: theirChild, relationship: 'tutore' }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await remove(added.id, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await candidates('Pia Rossi', theirs)).toEqual([]);
    // Nothing changed in either club.
    expect((await family(child)).guardians).toEqual([expect.objectContaining({ id: added.id, relationship: 'genitore' })]);
    expect((await family(theirChild, theirs)).guardians).toEqual([]);
    // The database refuses a guardianship across clubs even from a path that skipped the service.
    await expect(
      t.deps.systemDb.guardianship.create({ data: { clubId: other.clubId, minorId: theirChild, guardianId: added.guardian.personId, relationship: 'genitore' } }),
    ).rejects.toThrow(/different clubs/);
  });

  it('a coach has no families permission; lettura reads but does not write', async () => {
    const child = await minor('Ruoli');
    const added = (await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Ada', lastname: 'Ruoli', emailPrimary: 'ada@example.it' } })).data.guardianship;
    const coach = as(club.members.allenatore);
    const reader = as(club.members.lettura);
    // Queries answer the refusal as an error; mutations as their ForbiddenError member.
    const refused = (r: any) => (r.errors ? expect(r.errors[0].message).toBe(MSG.permissionDenied) : expect(r.__typename).toBe('ForbiddenError'));
    refused(await family(child, coach));
    refused(await save({ minorId: child, relationship: 'genitore', guardianId: added.guardian.personId }, coach));
    expect((await family(child, reader)).guardians).toHaveLength(1);
    refused(await save({ id: added.id, minorId: child, relationship: 'tutore' }, reader));
    refused(await remove(added.id, reader));
    refused(await candidates('Ada', reader));
    const segreteria = as(club.members.segreteria);
    expect((await save({ id: added.id, minorId: child, relationship: 'tutore' }, segreteria)).__typename).toBe('MutationSaveGuardianshipSuccess');
  });
});

describe('who receives for a minor', () => {
  it("mails a minor's certificate reminder through SMTP to the guardians who receive communications, greeting them", async () => {
    const D = '2027-05-03';
    const ctx = await clubContext(t.deps, club.members.owner);
    await t.deps.systemDb.club.update({ where: { id: club.members.owner.clubId }, data: { certificateRemindersEnabled: true } });
    const child = (
      await createPerson(ctx, 'athlete', {
        profile: { firstname: 'Tommaso', lastname: 'Promemoria', birthday: '2013-03-03', emailPrimary: 'vecchio.indirizzo@example.it' },
        details: { medicalExaminationExpirationDate: addDays(D, 14) },
      })
    ).personId;
    await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Elena', lastname: 'Promemoria', emailPrimary: 'elena@example.it' } });
    await save({ minorId: child, relationship: 'genitore', guardian: { firstname: 'Paolo', lastname: 'Promemoria', emailPrimary: 'paolo@example.it' }, receivesCommunications: false });
    await save({ minorId: child, relationship: 'tutore', guardian: { firstname: 'Senza', lastname: 'Indirizzo', phonePrimary: '3331112222' } });
    const run = await runCertificateReminders(t.deps, new Date(clubMidnight(D).getTime() + 9 * 3600_000));
    expect(run.sent).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes('elena@example.it'))).toBe(true), { timeout: 20_000, interval: 100 });
    const mail = smtp.received.find((m) => m.to.includes('elena@example.it'))!;
    expect(mail.to).toEqual(['elena@example.it']);
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/Gentile Elena Promemoria di Tommaso Promemoria,/);
    expect(smtp.received.flatMap((m) => m.to)).not.toContain('paolo@example.it');
    expect(smtp.received.flatMap((m) => m.to)).not.toContain('vecchio.indirizzo@example.it');
  });
});
