// Medical certificates through GraphQL on a real database: the history per athlete, the latest mirrored into the
// legacy fields (GraphQL and REST), the legacy fields feeding the history, the state on the list (column and
// filter), the dashboard and a team's eligibility; refusals: validation in Italian, health permission, another
// club's person, a person who is not an athlete, an archived record; nothing half-written on a refused file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { addMonths } from '../../../schema/medical-certificates';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { pinnedToday } from '../../support/clock';
import { startTestApp, type TestApp } from '../../support/test-app';
import { graphqlMultipart, pdf } from '../files/fixtures';
import { csvFile, validTaxCode } from '../imports/import-fixtures';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { ELIGIBILITY_MAX } from '../../../server/modules/certificates/eligibility.service';
import { insertPeople } from '../../../scripts/seed/bulk-insert';

const ADD = /* GraphQL */ `
  mutation($input: AddMedicalCertificateInput!) {
    addMedicalCertificate(input: $input) {
      __typename
      ... on MutationAddMedicalCertificateSuccess {
        data { message certificate { id type sport issuedOn expiresOn issuer state file { filename } } person { certificateStatus } }
      }
      ... on ValidationError { message fields { field message } }
      ... on BaseError { message }
    }
  }`;
const DELETE = /* GraphQL */ `
  mutation($id: ID!) {
    deleteMedicalCertificate(id: $id) {
      __typename
      ... on MutationDeleteMedicalCertificateSuccess { data { message person { certificateStatus medicalCertificates { expiresOn } } } }
      ... on BaseError { message }
    }
  }`;
const PERSON = /* GraphQL */ `
  query($id: ID!) {
    personRole(id: $id) {
      certificateStatus
      athlete { medicalExaminationExpirationDate typeMedicalExaminationId medicalExaminationDocument { filename } }
      person { certificateStatus medicalCertificates { type issuedOn expiresOn state } qualifications { qualification held expiresOn state } }
    }
  }`;

let t: TestApp;
let club: TestClub;
let other: TestClub;
// The app's calendar pinned to the file's today: states and eligibility's day cannot move at midnight mid-file.
const { today, now } = pinnedToday();
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });

beforeAll(async () => {
  t = await startTestApp({}, { now });
  club = await createClub(t.deps);
  other = await createClub(t.deps);
});
afterAll(() => t.close());

async function add(personId: string, fields: Record<string, unknown>, who = club) {
  const res = await gql(t.app, ADD, { input: { personId, ...fields } }, as(who));
  expect(res.body.errors).toBeUndefined();
  return res.body.data.addMedicalCertificate;
}
async function person(roleId: string, who = club) {
  const res = await gql(t.app, PERSON, { id: roleId }, as(who));
  expect(res.body.errors).toBeUndefined();
  return res.body.data.personRole;
}
const certificate = (issuedOn: string, expiresOn: string, type = 'agonistico') => ({ type, sport: 'Calcio', issuedOn, expiresOn, issuer: 'Dott. Bianchi' });

describe('the history and the legacy fields', () => {
  it('adds certificates, newest expiry first, and mirrors the latest into the legacy fields', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete', { profile: { birthday: '2000-01-01' } });
    expect((await person(athlete.roleId)).certificateStatus).toBe('missing');

    const older = await add(athlete.personId, certificate(addMonths(today, -13), addDays(today, -20)));
    expect(older.__typename).toBe('MutationAddMedicalCertificateSuccess');
    expect(older.data).toMatchObject({ message: MSG.certificateSaved, certificate: { state: 'expired', sport: 'Calcio', issuer: 'Dott. Bianchi' }, person: { certificateStatus: 'expired' } });

    const soon = addDays(today, 10);
    const newer = await add(athlete.personId, certificate(addMonths(soon, -12), soon, 'non_agonistico'));
    expect(newer.data.person.certificateStatus).toBe('expiring');

    const seen = await person(athlete.roleId);
    expect(seen.certificateStatus).toBe('expiring');
    expect(seen.athlete).toMatchObject({ medicalExaminationExpirationDate: soon, typeMedicalExaminationId: 2 });
    expect(seen.person.medicalCertificates.map((c: { expiresOn: string }) => c.expiresOn)).toEqual([soon, addDays(today, -20)]);

    // Removing the newest (entered by mistake) makes the previous one the latest again.
    const removed = await gql(t.app, DELETE, { id: newer.data.certificate.id }, as(club));
    expect(removed.body.data.deleteMedicalCertificate.data).toMatchObject({ message: MSG.certificateDeleted, person: { certificateStatus: 'expired' } });
    expect((await person(athlete.roleId)).athlete).toMatchObject({ medicalExaminationExpirationDate: addDays(today, -20), typeMedicalExaminationId: 1 });

    // Each change is a line of the person's history, in the access log's Italian.
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { personId: athlete.personId, detail: { startsWith: 'Certificato' } }, orderBy: { id: 'asc' } });
    const italian = (d: string) => d.split('-').reverse().join('/');
    expect(lines.map((l) => l.detail)).toEqual([
      `Certificato medico agonistico aggiunto, scadenza ${italian(addDays(today, -20))}`,
      `Certificato medico non agonistico aggiunto, scadenza ${italian(soon)}`,
      `Certificato medico con scadenza ${italian(soon)} eliminato`,
    ]);

    // The legacy REST record shows the same fields, unchanged in name.
    const legacy = await rest(t.app, '/athlete/single', { id: athlete.roleId }, as(club));
    expect(JSON.stringify(legacy.body)).toContain(addDays(today, -20));
  });

  it('records a new expiry written through the legacy fields (GraphQL savePerson or REST) as a certificate', async () => {
    const ctx = await clubContext(t.deps, club);
    const expiry = addDays(today, 200);
    const athlete = await createPerson(ctx, 'athlete', { details: { medicalExaminationExpirationDate: expiry, typeMedicalExaminationId: 1 } });
    const seen = await person(athlete.roleId);
    expect(seen.person.medicalCertificates).toEqual([{ type: 'agonistico', issuedOn: null, expiresOn: expiry, state: 'valid' }]);
    expect(seen.certificateStatus).toBe('valid');
  });

  it('stores the file with the certificate and serves it as the legacy document', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete');
    const body = graphqlMultipart(ADD, { input: { personId: athlete.personId, ...certificate(today, addMonths(today, 12)), file: null } }, [
      { path: 'input.file', filename: 'visita.pdf', contentType: 'application/pdf', content: pdf() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
      payload: body.payload,
    });
    expect(res.json().data.addMedicalCertificate.data.certificate.file).toEqual({ filename: 'visita.pdf' });
    expect((await person(athlete.roleId)).athlete.medicalExaminationDocument).toEqual({ filename: 'visita.pdf' });
  });
});

describe('refusals', () => {
  it('answers each invalid field in Italian and writes nothing', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete');
    const before = await t.deps.systemDb.medicalCertificate.count();
    const wrong = await add(athlete.personId, { type: 'agonistico', issuedOn: addDays(today, 1), expiresOn: addMonths(today, 12) });
    expect(wrong.__typename).toBe('ValidationError');
    expect(wrong.fields).toEqual([{ field: 'issuedOn', message: MSG.certificateIssuedInFuture }]);
    const tooLong = await add(athlete.personId, { type: 'non_agonistico', issuedOn: today, expiresOn: addMonths(today, 13) });
    expect(tooLong.fields).toEqual([{ field: 'expiresOn', message: MSG.certificateExpiryTooLate('Non agonistico', 12) }]);
    expect(await t.deps.systemDb.medicalCertificate.count()).toBe(before);
  });

  it('refuses a refused file without keeping the certificate', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete');
    const body = graphqlMultipart(ADD, { input: { personId: athlete.personId, ...certificate(today, addMonths(today, 12)), file: null } }, [
      { path: 'input.file', filename: 'virus.exe', contentType: 'application/pdf', content: Buffer.from('MZ not a pdf at all') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
      payload: body.payload,
    });
    expect(res.json().data.addMedicalCertificate).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'file', message: MSG.fileTypeNotAllowed }] });
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { personId: athlete.personId } })).toBe(0);
  });

  it("treats another club's person or certificate like an unknown one", async () => {
    const otherCtx = await clubContext(t.deps, other);
    const stranger = await createPerson(otherCtx, 'athlete');
    expect(await add(stranger.personId, certificate(today, addMonths(today, 12)))).toMatchObject({ __typename: 'NotFoundError' });
    const theirs = await add(stranger.personId, certificate(today, addMonths(today, 12)), other);
    const res = await gql(t.app, DELETE, { id: theirs.data.certificate.id }, as(club));
    expect(res.body.data.deleteMedicalCertificate.__typename).toBe('NotFoundError');
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { id: theirs.data.certificate.id } })).toBe(1);
    expect(await person((await t.deps.systemDb.personRole.findFirstOrThrow({ where: { personId: stranger.personId } })).id)).toBeNull();
  });

  it('refuses a person who is not an athlete, and an archived athlete', async () => {
    const ctx = await clubContext(t.deps, club);
    const coach = await createPerson(ctx, 'coach');
    expect(await add(coach.personId, certificate(today, addMonths(today, 12)))).toMatchObject({ __typename: 'ConflictError', message: MSG.certificateNotAthlete });
    const athlete = await createPerson(ctx, 'athlete');
    await t.deps.systemDb.personRole.update({ where: { id: athlete.roleId }, data: { archivedAt: new Date(), isActive: false } });
    expect(await add(athlete.personId, certificate(today, addMonths(today, 12)))).toMatchObject({ __typename: 'ConflictError', message: MSG.archivedReadOnly });
  });

  it('needs health.write to change and health.read to see', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete');
    await add(athlete.personId, certificate(today, addMonths(today, 12)));
    const reader = await addCollaborator(t.deps, club, 'lettura');
    expect(await add(athlete.personId, certificate(today, addMonths(today, 12)), reader)).toMatchObject({ __typename: 'ForbiddenError' });
    const seen = await person(athlete.roleId, reader);
    expect(seen).toMatchObject({ certificateStatus: null, person: { certificateStatus: null, medicalCertificates: null } });
  });
});

describe('the state on the list, the dashboard and a team', () => {
  const LIST = /* GraphQL */ `
    query($certificate: CertificateStatus) {
      people(kind: athlete, certificate: $certificate, first: 100) { totalCount edges { node { certificateStatus person { lastname } } } }
    }`;

  it('filters and shows each state, counts them on the dashboard, and tells who may play', async () => {
    const fresh = await createClub(t.deps);
    const ctx = await clubContext(t.deps, fresh);
    const names: Record<string, string> = {};
    const make = async (lastname: string, birthday: string, expiry?: string) => {
      const created = await createPerson(ctx, 'athlete', { profile: { lastname, birthday }, details: expiry ? { medicalExaminationExpirationDate: expiry } : {} });
      names[lastname] = created.roleId;
      return created;
    };
    await make('Valido', '2000-01-01', addDays(today, 100));
    await make('Scadenza', '2000-01-01', addDays(today, 5));
    await make('Scaduto', '2000-01-01', addDays(today, -1));
    await make('Mancante', '2000-01-01');
    await make('Piccolo', addMonths(today, -48));
    const list = async (certificate?: string) => {
      const res = await gql(t.app, LIST, { certificate }, as(fresh));
      expect(res.body.errors).toBeUndefined();
      return res.body.data.people.edges.map((e: { node: { certificateStatus: string; person: { lastname: string } } }) => `${e.node.person.lastname}:${e.node.certificateStatus}`);
    };
    expect(await list()).toEqual(['Mancante:missing', 'Piccolo:notRequired', 'Scadenza:expiring', 'Scaduto:expired', 'Valido:valid']);
    expect(await list('valid')).toEqual(['Valido:valid']);
    expect(await list('expiring')).toEqual(['Scadenza:expiring']);
    expect(await list('expired')).toEqual(['Scaduto:expired']);
    expect(await list('missing')).toEqual(['Mancante:missing']);
    expect(await list('notRequired')).toEqual(['Piccolo:notRequired']);

    // The legacy list: the same filter, and the state on each athlete's row.
    const legacy = await rest(t.app, '/athlete/load', { certificate: 'expired' }, as(fresh));
    expect(JSON.stringify(legacy.body)).toContain('"medical_certificate_status":"expired"');
    expect(JSON.stringify(legacy.body)).toContain('Scaduto');
    expect(JSON.stringify(legacy.body)).not.toContain('Valido');

    const dashboard = await gql(t.app, '{ dashboard { certificatesValid certificatesExpiring certificatesExpired certificatesMissing } }', {}, as(fresh));
    expect(dashboard.body.data.dashboard).toEqual({ certificatesValid: 1, certificatesExpiring: 1, certificatesExpired: 1, certificatesMissing: 1 });

    const team = await createGroupWith(t.deps, fresh.clubId, 'athlete', 'Under 12', Object.values(names));
    const ELIGIBILITY = /* GraphQL */ `
      query($id: ID!) {
        groupEligibility(groupId: $id) { today mayPlay mayNotPlay athletes { state mayPlay role { person { lastname } } } }
      }`;
    const res = await gql(t.app, ELIGIBILITY, { id: team.id }, as(fresh));
    expect(res.body.errors).toBeUndefined();
    const data = res.body.data.groupEligibility;
    expect(data).toMatchObject({ today, mayPlay: 3, mayNotPlay: 2 });
    expect(data.athletes.map((a: { mayPlay: boolean; role: { person: { lastname: string } } }) => `${a.role.person.lastname}:${a.mayPlay}`)).toEqual([
      'Mancante:false',
      'Piccolo:true',
      'Scadenza:true',
      'Scaduto:false',
      'Valido:true',
    ]);
    // Another club's group is unknown; a role without health.read is refused.
    expect((await gql(t.app, ELIGIBILITY, { id: team.id }, as(club))).body.data.groupEligibility).toBeNull();
    const reader = await addCollaborator(t.deps, fresh, 'lettura');
    expect((await gql(t.app, ELIGIBILITY, { id: team.id }, as(reader))).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('an import', () => {
  it('records imported expiries in the history, and its undo takes them back', async () => {
    const fresh = await createClub(t.deps);
    const ctx = await clubContext(t.deps, fresh);
    const taxCode = validTaxCode(7, 'Import');
    // Registered before the import, without a certificate: the undo must keep her and remove only what it added.
    const { personId } = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ida', lastname: 'Import', taxIdCode: taxCode, typeGenderId: 2 } });
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Scadenza visita medica'];
    const expiry = addDays(today, 90);
    const italian = (d: string) => d.split('-').reverse().join('/');
    const file = () => csvFile([header, ['Ida', 'Import', taxCode, 'F', italian(expiry)]]);
    const done = await importPeople(ctx, { file: file(), kind: 'athlete', dryRun: false });
    const history = () => t.deps.systemDb.medicalCertificate.findMany({ where: { personId }, select: { expiresOn: true, issuedOn: true } });
    expect(await history()).toEqual([{ expiresOn: new Date(`${expiry}T00:00:00Z`), issuedOn: null }]);
    await undoImport(ctx, done.runId);
    expect(await history()).toEqual([]);
    expect(await t.deps.systemDb.person.count({ where: { id: personId } })).toBe(1);
    // Importing the same expiry twice records it once.
    await importPeople(ctx, { file: file(), kind: 'athlete', dryRun: false });
    await importPeople(ctx, { file: file(), kind: 'athlete', dryRun: false, mode: 'overwrite' });
    expect(await history()).toHaveLength(1);
  });
});

describe('a large group', () => {
  it(`refuses the eligibility of more than ${ELIGIBILITY_MAX} athletes in Italian, answering a team's at once`, async () => {
    const fresh = await createClub(t.deps);
    const big = await t.deps.systemDb.group.create({ data: { clubId: fresh.clubId, type: 'athlete', name: 'Tutto il settore giovanile' } });
    await insertPeople(
      t.deps.systemDb,
      fresh.clubId,
      Array.from({ length: ELIGIBILITY_MAX + 1 }, (_, i) => ({
        profile: { firstname: 'Atleta', lastname: `Numero ${i}`, taxIdCode: validTaxCode(10_000 + i, 'Grande') },
        roles: [{ kind: 'athlete' as const, athlete: {}, groupIds: [big.id] }],
      })),
    );
    const res = await gql(t.app, '{ groupEligibility(groupId: "' + big.id + '") { mayPlay } }', {}, as(fresh));
    expect(res.body.errors?.[0]).toMatchObject({ message: MSG.eligibilityTooLarge(ELIGIBILITY_MAX), extensions: { code: 'VALIDATION' } });
  });
});
