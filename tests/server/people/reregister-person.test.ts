// Coming back (issue 15 point 3): an archived person registered again, on both databases. reregisterPerson gives the
// same profile a new active role of the archived role's kind, starting from its fields, and leaves the archived role
// exactly as it was; a save by tax code (GraphQL and legacy REST) does the same when the only role of the kind is
// archived; at most one active role per person and kind, which the database enforces; refusals (another club, no
// write permission, a coach, an active role, a person already back); the certificates and a merge after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubDate } from '../../../schema/club-time';
import { PERSON_KIND_INFO } from '../../../schema/constants';
import { addMonths } from '../../../schema/medical-certificates';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { addMedicalCertificate } from '../../../server/modules/certificates/certificates.service';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { mergePeople } from '../../../server/modules/people/merge-people.service';
import { reregisterPerson } from '../../../server/modules/people/reregister-person.service';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson, nextTaxCode } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf } from '../files/fixtures';

const REREGISTER = /* GraphQL */ `
  mutation($roleId: ID!) {
    reregisterPerson(roleId: $roleId) {
      __typename
      ... on MutationReregisterPersonSuccess {
        data {
          message
          role {
            id kind isActive archivedAt notePrivate groups { name }
            athlete { healthCard allergies athleteAttorneyName medicalExaminationExpirationDate typeMedicalExaminationId medicalExaminationDocument { filename } }
            member { membershipNumber }
            person { id taxIdCode roles { id kind archivedAt } }
          }
        }
      }
      ... on BaseError { code message }
    }
  }`;
const LIST = /* GraphQL */ `
  query($kind: PersonKind!, $archived: Boolean, $search: String) { people(kind: $kind, archived: $archived, search: $search) { totalCount edges { node { id } } } }`;

let t: TestApp;
let club: ClubWithRoles;
let ctx: RequestContext;
const today = clubDate(new Date());

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Ritorni');
  ctx = await clubContext(t.deps, club.members.owner);
});
afterAll(() => t.close());

const owner = () => as(club.members.owner);
const reregister = async (roleId: string, creds = owner()) => {
  const res = await gql(t.app, REREGISTER, { roleId }, creds);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.reregisterPerson;
};
const ids = (list: { edges: Array<{ node: { id: string } }> }) => list.edges.map((e) => e.node.id);

/** The archived role as stored, everything that could change with it. */
const storedRole = (id: string) =>
  t.deps.systemDb.personRole.findUniqueOrThrow({ where: { id }, include: { athlete: true, member: true, groups: true, documents: true } });

/** An archived athlete with details, a group and a certificate (with its file) in the history. */
async function archivedAthlete(firstname = 'Giulia') {
  const athlete = await createPerson(ctx, 'athlete', {
    profile: { firstname, lastname: 'Ritorno', typeGenderId: 2, birthday: '2010-03-04' },
    details: { healthCard: 'TS-1', allergies: 'Pollini', athleteAttorneyName: 'Avv. Neri' },
    notePrivate: 'Stagione scorsa',
  });
  await createGroupWith(t.deps, club.clubId, 'athlete', `Under 14 ${firstname}`, [athlete.roleId]);
  const certificate = { type: 'agonistico', sport: 'Calcio', issuedOn: addMonths(today, -2), expiresOn: addDays(addMonths(today, 10), -1) };
  await addMedicalCertificate(ctx, athlete.personId, certificate, async () => ({ filename: 'certificato.pdf', mimeType: 'application/pdf', content: pdf() }));
  await archivePerson(ctx, 'athlete', athlete.roleId);
  return athlete;
}

describe('reregisterPerson', () => {
  it('gives the same person a new active role from the archived one, which stays exactly as it was', async () => {
    const athlete = await archivedAthlete();
    const before = await storedRole(athlete.roleId);

    const result = await reregister(athlete.roleId);
    expect(result).toMatchObject({
      __typename: 'MutationReregisterPersonSuccess',
      data: {
        message: MSG.reregistered(PERSON_KIND_INFO.athlete.singular),
        role: {
          kind: 'athlete',
          isActive: true,
          archivedAt: null,
          notePrivate: 'Stagione scorsa',
          // last season's groups stay with the archived role
          groups: [],
          athlete: {
            healthCard: 'TS-1',
            allergies: 'Pollini',
            athleteAttorneyName: 'Avv. Neri',
            // the certificate history's latest, without its file (the archived role keeps that one: a unique column)
            medicalExaminationExpirationDate: addDays(addMonths(today, 10), -1),
            medicalExaminationDocument: null,
          },
          person: { id: athlete.personId },
        },
      },
    });
    const newId = result.data.role.id;
    expect(newId).not.toBe(athlete.roleId);
    // the person page lists both roles
    expect(result.data.role.person.roles).toEqual([
      { id: athlete.roleId, kind: 'athlete', archivedAt: before.archivedAt!.toISOString() },
      { id: newId, kind: 'athlete', archivedAt: null },
    ]);
    // one way for the archived record itself: not a byte of it changed
    expect(await storedRole(athlete.roleId)).toEqual(before);
    // the lists: the new role among the athletes, the archived one still in the archive
    expect(ids((await gql(t.app, LIST, { kind: 'athlete', search: 'giulia ritorno' }, owner())).body.data!.people)).toEqual([newId]);
    expect(ids((await gql(t.app, LIST, { kind: 'athlete', archived: true, search: 'giulia ritorno' }, owner())).body.data!.people)).toEqual([athlete.roleId]);
    // the person's history says so
    const line = await t.deps.systemDb.accessLogEntry.findFirst({ where: { clubId: club.clubId, personId: athlete.personId, action: 'create', detail: { contains: 'nuova registrazione' } } });
    expect(line).not.toBeNull();
  });

  it('refuses a second time, and an active role: the person is already back', async () => {
    const member = await createPerson(ctx, 'member', { details: { membershipNumber: 'S-7' } });
    expect(await reregister(member.roleId)).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message: MSG.reregisterNotArchived });
    await archivePerson(ctx, 'member', member.roleId);
    const back = await reregister(member.roleId);
    expect(back.data.role.member).toEqual({ membershipNumber: 'S-7' });
    expect(await reregister(member.roleId)).toEqual({
      __typename: 'ConflictError',
      code: 'CONFLICT',
      message: MSG.reregisterActiveExists(PERSON_KIND_INFO.member.singular),
    });
    // archived again, the person may come back again: two archived roles and one active
    await archivePerson(ctx, 'member', back.data.role.id);
    const again = await reregister(back.data.role.id);
    expect(again.__typename).toBe('MutationReregisterPersonSuccess');
    const roles = await t.deps.systemDb.personRole.findMany({ where: { personId: member.personId, kind: 'member' } });
    expect(roles.filter((r) => r.archivedAt === null).map((r) => r.id)).toEqual([again.data.role.id]);
    expect(roles).toHaveLength(3);
  });

  it("answers NotFoundError for an unknown, malformed or other club's role id, ForbiddenError without the permission", async () => {
    const { roleId } = await createPerson(ctx, 'voluntary');
    await archivePerson(ctx, 'voluntary', roleId);
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) expect(await reregister(id)).toEqual(notFound);
    // another club's owner: this club's role is like an unknown one
    expect(await reregister(roleId, as(club.stranger))).toEqual(notFound);
    // per role: reading only, and a coach (who registers nobody, athletes of their groups included)
    expect(await reregister(roleId, as(club.members.lettura))).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.permissionDenied });
    expect(await reregister(roleId, as(club.members.allenatore))).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.coachCannotRegister });
    expect(await t.deps.systemDb.personRole.count({ where: { personId: (await t.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: roleId } })).personId } })).toBe(1);
    // the office may
    expect((await reregister(roleId, as(club.members.segreteria))).__typename).toBe('MutationReregisterPersonSuccess');
  });

  it('lets one of two racing registrations win', async () => {
    const { roleId, personId } = await createPerson(ctx, 'coach');
    await archivePerson(ctx, 'coach', roleId);
    const outcomes = await Promise.allSettled([reregisterPerson(ctx, roleId), reregisterPerson(ctx, roleId)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ message: MSG.reregisterActiveExists(PERSON_KIND_INFO.coach.singular) });
    expect(await t.deps.systemDb.personRole.count({ where: { personId, kind: 'coach', archivedAt: null } })).toBe(1);
  });
});

describe('saving by tax code when the only role of the kind is archived', () => {
  const SAVE = /* GraphQL */ `
    mutation($input: SavePersonInput!) {
      savePerson(input: $input) {
        __typename
        ... on MutationSavePersonSuccess { data { message role { id archivedAt person { id } } } }
        ... on BaseError { code message }
      }
    }`;

  it('GraphQL savePerson creates the new role beside the archived one, then refuses a second active one', async () => {
    const { roleId, personId, taxIdCode } = await createPerson(ctx, 'manager');
    await archivePerson(ctx, 'manager', roleId);
    const input = { kind: 'manager', profile: { firstname: 'Mario', lastname: 'Rossi', taxIdCode } };
    const saved = (await gql(t.app, SAVE, { input }, owner())).body.data!.savePerson;
    expect(saved).toMatchObject({ __typename: 'MutationSavePersonSuccess', data: { message: MSG.managerCreated, role: { archivedAt: null, person: { id: personId } } } });
    expect(saved.data.role.id).not.toBe(roleId);
    expect((await gql(t.app, SAVE, { input }, owner())).body.data!.savePerson).toEqual({
      __typename: 'ConflictError',
      code: 'CONFLICT',
      message: MSG.roleExists(PERSON_KIND_INFO.manager.singular),
    });
  });

  it('the legacy REST save does the same, in its envelope', async () => {
    const { roleId, personId, taxIdCode } = await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', typeGenderId: 2 } });
    await archivePerson(ctx, 'athlete', roleId);
    const body = { firstname: 'Anna', lastname: 'Rossi', tax_id_code: taxIdCode, type_gender_id: 2 };
    const saved = await rest(t.app, '/athlete/save', body, owner());
    expect(saved.body).toMatchObject({ status: true, message: MSG.athleteCreated });
    expect(saved.body.context.id).not.toBe(roleId);
    const roles = await t.deps.systemDb.personRole.findMany({ where: { personId, kind: 'athlete' }, orderBy: { createdAt: 'asc' } });
    expect(roles.map((r) => [r.id, r.archivedAt === null])).toEqual([[roleId, false], [saved.body.context.id, true]]);
    const again = await rest(t.app, '/athlete/save', body, owner());
    expect(again.body).toMatchObject({ status: false, message: MSG.roleExists(PERSON_KIND_INFO.athlete.singular) });
  });
});

describe('one active role per person and kind', () => {
  it('is enforced by the database: archived roles may be many, active ones not', async () => {
    const { roleId, personId } = await createPerson(ctx, 'staff');
    await archivePerson(ctx, 'staff', roleId);
    const row = { clubId: club.clubId, personId, kind: 'staff' as const };
    await t.deps.systemDb.personRole.create({ data: { ...row, archivedAt: new Date(), isActive: false } });
    await t.deps.systemDb.personRole.create({ data: row });
    await expect(t.deps.systemDb.personRole.create({ data: row })).rejects.toMatchObject({ code: 'P2002' });
    expect(await t.deps.systemDb.personRole.count({ where: { personId, kind: 'staff' } })).toBe(3);
  });
});

describe('after coming back', () => {
  it('new certificates go to the active athlete role, not the archived one', async () => {
    const athlete = await archivedAthlete('Marta');
    const back = await reregister(athlete.roleId);
    const later = { type: 'agonistico', issuedOn: today, expiresOn: addDays(addMonths(today, 12), -1) };
    await addMedicalCertificate(ctx, athlete.personId, later);
    const active = await storedRole(back.data.role.id);
    expect(active.athlete?.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe(later.expiresOn);
    // the archived role keeps last season's certificate
    expect((await storedRole(athlete.roleId)).athlete?.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe(addDays(addMonths(today, 10), -1));
  });

  it('a merge keeps one active role per kind and the archived history', async () => {
    const kept = await archivedAthlete('Sara');
    const back = await reregister(kept.roleId);
    const other = await createPerson(ctx, 'athlete', { profile: { firstname: 'Sara', lastname: 'Ritorno', taxIdCode: nextTaxCode('RTS'), typeGenderId: 2 } });
    await mergePeople(ctx, kept.personId, other.personId);
    const roles = await t.deps.systemDb.personRole.findMany({ where: { personId: kept.personId, kind: 'athlete' }, orderBy: { createdAt: 'asc' } });
    expect(roles.map((r) => [r.id, r.archivedAt === null])).toEqual([
      [kept.roleId, false],
      [back.data.role.id, true],
    ]);
  });
});
