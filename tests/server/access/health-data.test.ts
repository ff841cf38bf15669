// Health data (issue 11 point 2): medical certificate fields and file, allergies, intolerances, athlete condition,
// health card are shown only to roles with health.read (lettura has none) and changed only with health.write (a
// coach reads them for their athletes but changes none). Both faces answer the same shape with those fields null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { HEALTH_DETAIL_FIELDS } from '../../../schema/health-data';
import { storeFile } from '../../../server/modules/files/files.service';
import { pinnedToday } from '../../support/clock';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf } from '../files/fixtures';

let t: TestApp;
let owner: TestClub;
let reader: TestClub;
let coach: TestClub;
let athlete: { roleId: string; taxIdCode: string };
let certificateId: string;
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });

// A certificate valid on any day the suite runs: it expires next March, 3 to 15 months ahead (a fixed 2027-03-31
// would have counted as expired on the owner's dashboard from April 2027).
const { today, now } = pinnedToday();
const nextYear = Number(today.slice(0, 4)) + 1;
const HEALTH = {
  medicalExaminationExpirationDate: `${nextYear}-03-31`,
  typeMedicalExaminationId: 2,
  medicalExaminationScheduledDate: `${nextYear}-03-01`,
  typeMedicalExaminationAccountableId: 1,
  healthCard: 'TS-998877',
  allergies: 'Arachidi',
  intolerances: 'Lattosio',
  athleteCondition: 'Asma lieve',
};

const ROLE = `query($id: ID!) {
  personRole(id: $id) {
    id
    athlete {
      medicalExaminationExpirationDate typeMedicalExaminationId medicalExaminationScheduledDate
      typeMedicalExaminationAccountableId healthCard allergies intolerances athleteCondition athleteAttorneyName
      medicalExaminationDocument { id }
    }
  }
}`;

beforeAll(async () => {
  t = await startTestApp({}, { now });
  owner = await createClub(t.deps, { fullName: 'ASD Dati Sanitari' });
  const ctx = await clubContext(t.deps, owner);
  athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Sara', lastname: 'Salute' }, details: { ...HEALTH, athleteAttorneyName: 'Avv. Neri' } });
  const file = await t.deps.systemDb.$transaction((tx) =>
    storeFile(tx, { clubId: owner.clubId, purpose: 'medical-certificate' }, { filename: 'certificato.pdf', mimeType: 'application/pdf', content: pdf() }, 'file'),
  );
  certificateId = file.id;
  await t.deps.systemDb.athleteDetails.update({ where: { roleId: athlete.roleId }, data: { medicalExaminationDocumentId: file.id } });
  reader = await addCollaborator(t.deps, owner, 'lettura');
  coach = await addCollaborator(t.deps, owner, 'allenatore');
  const group = await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 14', [athlete.roleId]);
  await t.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });
});
afterAll(() => t.close());

describe('a role without health.read (lettura)', () => {
  it('reads the athlete on GraphQL with every health field null and the other fields as stored', async () => {
    const seen = (await gql(t.app, ROLE, { id: athlete.roleId }, as(reader))).body.data.personRole.athlete;
    for (const field of HEALTH_DETAIL_FIELDS.athlete!) expect(seen[field], field).toBeNull();
    expect(seen.athleteAttorneyName).toBe('Avv. Neri');
    // the owner sees them all
    const full = (await gql(t.app, ROLE, { id: athlete.roleId }, as(owner))).body.data.personRole.athlete;
    expect(full).toMatchObject({ ...HEALTH, medicalExaminationDocument: { id: certificateId } });
  });

  it('reads the legacy record with the same keys, health ones null', async () => {
    const mine = (await rest(t.app, '/athlete/single', { id: athlete.roleId }, as(owner))).body.context;
    const theirs = (await rest(t.app, '/athlete/single', { id: athlete.roleId }, as(reader))).body.context;
    expect(Object.keys(theirs).sort()).toEqual(Object.keys(mine).sort());
    expect(mine).toMatchObject({ allergies: 'Arachidi', health_card: 'TS-998877', medical_examination_document: { id: certificateId } });
    for (const key of ['medical_examination_expiration_date', 'type_medical_examination_id', 'medical_examination_document', 'health_card', 'allergies', 'intolerances', 'athlete_condition']) {
      expect(theirs[key], key).toBeNull();
    }
    expect(theirs.athlete_attorney_name).toBe('Avv. Neri');
  });

  it('cannot download the medical certificate, filter by certificate, or count certificates on the dashboard', async () => {
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${certificateId}`, headers: { authorization: `Bearer ${reader.token}`, 'x-club': reader.clubToken } });
    expect(file.statusCode).toBe(403);
    const FILTERED = `{ people(kind: athlete, certificate: expiring) { totalCount } }`;
    const filtered = await gql(t.app, FILTERED, {}, as(reader));
    expect(filtered.body.errors?.[0]).toMatchObject({ message: MSG.permissionDenied, extensions: { code: 'FORBIDDEN' } });
    expect((await gql(t.app, FILTERED, {}, as(owner))).body.data.people.totalCount).toBe(0);
    const DASH = `{ dashboard { certificatesExpiring certificatesExpired people } }`;
    expect((await gql(t.app, DASH, {}, as(reader))).body.data.dashboard).toEqual({ certificatesExpiring: null, certificatesExpired: null, people: 1 });
    expect((await gql(t.app, DASH, {}, as(owner))).body.data.dashboard).toMatchObject({ certificatesExpiring: 0, certificatesExpired: 0 });
  });
});

describe('a coach (health.read without health.write)', () => {
  const SAVE = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename ... on BaseError { code message } } }`;
  const save = (athleteFields: Record<string, unknown>) =>
    gql(t.app, SAVE, { input: { id: athlete.roleId, kind: 'athlete', profile: { firstname: 'Sara', lastname: 'Salute', taxIdCode: athlete.taxIdCode, typeGenderId: 2 }, athlete: athleteFields } }, as(coach));

  it("reads their athlete's health data", async () => {
    expect((await gql(t.app, ROLE, { id: athlete.roleId }, as(coach))).body.data.personRole.athlete).toMatchObject(HEALTH);
  });

  it('saves the athlete with the health data sent back unchanged', async () => {
    expect((await save({ ...HEALTH, athleteAttorneyName: 'Avv. Bianchi' })).body.data.savePerson.__typename).toBe('MutationSavePersonSuccess');
    expect((await t.deps.systemDb.athleteDetails.findUniqueOrThrow({ where: { roleId: athlete.roleId } })).athleteAttorneyName).toBe('Avv. Bianchi');
  });

  it('is refused any change of health data, emptying included, and nothing of the save is stored', async () => {
    for (const change of [{ allergies: 'Nessuna' }, { allergies: null }, { medicalExaminationExpirationDate: `${nextYear}-01-01` }, { healthCard: '' }]) {
      const answer = (await save({ ...change, athleteAttorneyName: 'Avv. Verdi' })).body.data.savePerson;
      expect(answer, JSON.stringify(change)).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.healthWriteDenied });
    }
    const stored = await t.deps.systemDb.athleteDetails.findUniqueOrThrow({ where: { roleId: athlete.roleId } });
    expect(stored).toMatchObject({ allergies: 'Arachidi', healthCard: 'TS-998877', athleteAttorneyName: 'Avv. Bianchi' });
    expect(stored.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe(HEALTH.medicalExaminationExpirationDate);
  });

  it('is refused a change on the legacy face too, with the same message', async () => {
    const body = { id: athlete.roleId, firstname: 'Sara', lastname: 'Salute', tax_id_code: athlete.taxIdCode, type_gender_id: 2, allergies: 'Kiwi' };
    const answer = await rest(t.app, '/athlete/save', body, as(coach));
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toMatchObject({ status: false, message: MSG.healthWriteDenied });
  });
});

describe('another club', () => {
  it("never reads this club's athlete or certificate, health data or not", async () => {
    const stranger = await createClub(t.deps, { fullName: 'ASD Estranea' });
    expect((await gql(t.app, ROLE, { id: athlete.roleId }, as(stranger))).body.data.personRole).toBeNull();
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${certificateId}`, headers: { authorization: `Bearer ${stranger.token}`, 'x-club': stranger.clubToken } });
    expect(file.statusCode).toBe(404);
  });
});
