// savePerson through the service and through GraphQL, on a real database: the spec's validation messages, the shared
// profile reused across kinds, conflicts, updates, normalisation, address and files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS, PERSON_KIND_INFO } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ConflictError, NotFoundError, ValidationError } from '../../../server/lib/errors';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { savePerson } from '../../../server/modules/people/save-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson, nextTaxCode, personInput } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf, png } from '../files/fixtures';

const SAVE = /* GraphQL */ `
  mutation Save($input: SavePersonInput!) {
    savePerson(input: $input) {
      __typename
      ... on MutationSavePersonSuccess {
        data {
          message
          role {
            id kind isActive notePrivate
            person { id firstname lastname nickname taxIdCode typeGenderId birthday phonePrimary emailPrimary address { city postalCode } roles { kind } }
            athlete { healthCard medicalExaminationExpirationDate }
            coach { coachRole coachValidityStartDate }
            member { membershipNumber }
            manager { managerRole }
          }
        }
      }
      ... on ValidationError { fields { field message } }
      ... on ConflictError { fields { field message } }
      ... on BaseError { code message }
    }
  }`;
const BY_TAX_CODE = /* GraphQL */ `query($taxIdCode: String!) { personByTaxCode(taxIdCode: $taxIdCode) { id firstname lastname emailPrimary roles { kind } } }`;

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});
afterAll(() => t.close());

const creds = () => ({ token: club.token, club: club.clubToken });
const save = async (input: Record<string, unknown>) => (await gql(t.app, SAVE, { input }, creds())).body.data!.savePerson;

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as ValidationError | ConflictError | NotFoundError;
  }
  throw new Error('expected the save to fail');
}

describe('validation (spec §5)', () => {
  it('answers every missing required field with its Italian message', async () => {
    const error = await failure(savePerson(ctx, 'athlete', { profile: {} }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(MSG.invalidFields);
    expect((error as ValidationError).fields).toEqual({
      'profile.firstname': MSG.firstnameRequired,
      'profile.lastname': MSG.lastnameRequired,
      'profile.taxIdCode': MSG.taxCodeRequired,
      'profile.typeGenderId': MSG.genderRequired,
    });
  });

  it('refuses a primary phone with letters and a person younger than 3 years', async () => {
    const thisYear = new Date().getFullYear();
    const error = await failure(
      savePerson(ctx, 'coach', personInput({ profile: { phonePrimary: '333-abc', birthday: `${thisYear - 2}-01-01` } })),
    );
    expect((error as ValidationError).fields).toEqual({ 'profile.phonePrimary': MSG.phonePrimaryDigits, 'profile.birthday': MSG.minAge });
  });

  it('requires gender for athletes, coaches and members only', async () => {
    for (const kind of PERSON_KINDS) {
      const input = personInput({ profile: { typeGenderId: undefined } });
      if (PERSON_KIND_INFO[kind].genderRequired) {
        expect(((await failure(savePerson(ctx, kind, input))) as ValidationError).fields).toEqual({ 'profile.typeGenderId': MSG.genderRequired });
      } else {
        expect((await savePerson(ctx, kind, input)).created).toBe(true);
      }
    }
  });

  it('GraphQL answers ValidationError with the field paths of its own input', async () => {
    const result = await save({ kind: 'coach', profile: { firstname: ' ', phonePrimary: 'abc' }, coach: { coachValidityStartDate: '2026-13-01' } });
    expect(result.__typename).toBe('ValidationError');
    expect(result.message).toBe(MSG.invalidFields);
    expect(result.fields).toEqual(
      expect.arrayContaining([
        { field: 'profile.firstname', message: MSG.firstnameRequired },
        { field: 'profile.lastname', message: MSG.lastnameRequired },
        { field: 'profile.taxIdCode', message: MSG.taxCodeRequired },
        { field: 'profile.typeGenderId', message: MSG.genderRequired },
        { field: 'profile.phonePrimary', message: MSG.phonePrimaryDigits },
        { field: 'coach.coachValidityStartDate', message: MSG.dateInvalid },
      ]),
    );
    expect(result.fields).toHaveLength(6);
  });
});

describe('creating', () => {
  it('creates each kind with its own success message (spec §8)', async () => {
    const expected = {
      athlete: MSG.athleteCreated,
      coach: MSG.coachCreated,
      manager: MSG.managerCreated,
      staff: MSG.staffSaved,
      member: MSG.memberCreated,
      voluntary: MSG.volunteerCreated,
    };
    for (const kind of PERSON_KINDS) {
      const result = await save({ kind, profile: { firstname: 'Anna', lastname: 'Neri', taxIdCode: nextTaxCode('KND'), typeGenderId: 2 } });
      expect(result.__typename).toBe('MutationSavePersonSuccess');
      expect(result.data.message).toBe(expected[kind]);
      expect(result.data.role.kind).toBe(kind);
    }
  });

  it('stores the profile and the details, with the tax code upper-cased and the phone normalised', async () => {
    const result = await save({
      kind: 'athlete',
      profile: {
        firstname: '  Nicolò ',
        lastname: 'Rossi',
        taxIdCode: 'rssncl05a01h501q',
        typeGenderId: 1,
        birthday: '2005-01-01',
        phonePrimary: '0039 333 123 4567',
        emailPrimary: 'Nicolo.Rossi@Example.IT',
        address: { city: 'Roma', postalCode: '00100' },
      },
      athlete: { healthCard: 'TS-1', medicalExaminationExpirationDate: '2027-06-30' },
      notePrivate: 'Portiere',
    });
    expect(result.data.message).toBe(MSG.athleteCreated);
    expect(result.data.role).toMatchObject({
      kind: 'athlete',
      isActive: true,
      notePrivate: 'Portiere',
      person: {
        firstname: 'Nicolò',
        lastname: 'Rossi',
        taxIdCode: 'RSSNCL05A01H501Q',
        birthday: '2005-01-01',
        phonePrimary: '+393331234567',
        emailPrimary: 'nicolo.rossi@example.it',
        address: { city: 'Roma', postalCode: '00100' },
        roles: [{ kind: 'athlete' }],
      },
      athlete: { healthCard: 'TS-1', medicalExaminationExpirationDate: '2027-06-30' },
      coach: null,
    });
    const person = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: result.data.role.person.id }, include: { address: true } });
    expect(person.searchText).toBe('nicolo rossi rssncl05a01h501q');
    expect(person.address).toMatchObject({ clubId: club.clubId, city: 'Roma' });
  });

  it('reuses the profile of the same tax code for a second role without retyping it', async () => {
    const taxIdCode = nextTaxCode('SHR');
    const first = await save({
      kind: 'athlete',
      profile: { firstname: 'Lucia', lastname: 'Gialli', taxIdCode, typeGenderId: 2, emailPrimary: 'lucia@example.it' },
    });
    const found = (await gql(t.app, BY_TAX_CODE, { taxIdCode: taxIdCode.toLowerCase() }, creds())).body.data!.personByTaxCode;
    expect(found).toMatchObject({ id: first.data.role.person.id, firstname: 'Lucia', emailPrimary: 'lucia@example.it', roles: [{ kind: 'athlete' }] });

    // the second form sends only what the first one did not already know
    const second = await save({ kind: 'coach', profile: { firstname: 'Lucia', lastname: 'Gialli', taxIdCode, typeGenderId: 2 }, coach: { coachRole: 'Vice' } });
    expect(second.data.message).toBe(MSG.coachCreated);
    expect(second.data.role.person).toMatchObject({ id: first.data.role.person.id, emailPrimary: 'lucia@example.it' });
    expect(second.data.role.person.roles.map((r: { kind: string }) => r.kind).sort()).toEqual(['athlete', 'coach']);
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, taxIdCode } })).toBe(1);
  });

  it('refuses a second role of the same kind for the same person', async () => {
    const { taxIdCode } = await createPerson(ctx, 'member');
    const result = await save({ kind: 'member', profile: { firstname: 'Altro', lastname: 'Nome', taxIdCode, typeGenderId: 1 } });
    const message = MSG.roleExists(PERSON_KIND_INFO.member.singular);
    expect(result).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message, fields: [{ field: 'profile.taxIdCode', message }] });
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, person: { taxIdCode } } })).toBe(1);
    // the profile was not touched by the refused save
    expect((await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode } })).firstname).toBe('Mario');
  });

  it('registers the person again when their role of that kind is archived: a new role beside it (issue 15)', async () => {
    const { roleId, personId, taxIdCode } = await createPerson(ctx, 'staff');
    await archivePerson(ctx, 'staff', roleId);
    const saved = await savePerson(ctx, 'staff', personInput({ profile: { taxIdCode } }));
    expect(saved).toMatchObject({ created: true, message: MSG.staffSaved });
    expect(saved.roleId).not.toBe(roleId);
    const roles = await t.deps.systemDb.personRole.findMany({ where: { personId, kind: 'staff' }, orderBy: { createdAt: 'asc' } });
    expect(roles.map((r) => [r.id, r.archivedAt !== null])).toEqual([[roleId, true], [saved.roleId, false]]);
    // ... and only one active: a second save is the usual conflict (more in reregister-person.test.ts)
    expect((await failure(savePerson(ctx, 'staff', personInput({ profile: { taxIdCode } })))).message).toBe(MSG.roleExists(PERSON_KIND_INFO.staff.singular));
  });
});

describe('updating', () => {
  it('updates profile, details and note, clears emptied fields, and answers Modifiche salvate', async () => {
    const { roleId, taxIdCode } = await createPerson(ctx, 'coach', {
      profile: { nickname: 'Bomber', address: { city: 'Torino' } },
      details: { coachRole: 'Primo allenatore', coachValidityStartDate: '2025-09-01' },
    });
    const addressId = (await t.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: roleId }, include: { person: true } })).person.addressId;
    const result = await save({
      id: roleId,
      kind: 'coach',
      profile: { firstname: 'Marco', lastname: 'Rossi', taxIdCode, typeGenderId: 1, nickname: '', address: { city: 'Milano' } },
      coach: { coachRole: 'Preparatore', coachValidityStartDate: null },
      notePrivate: 'Nota',
    });
    expect(result.data.message).toBe(MSG.changesSaved);
    expect(result.data.role).toMatchObject({
      id: roleId,
      notePrivate: 'Nota',
      person: { firstname: 'Marco', nickname: null, address: { city: 'Milano' } },
      coach: { coachRole: 'Preparatore', coachValidityStartDate: null },
    });
    const person = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode } });
    expect(person.addressId).toBe(addressId); // the same address row, updated
    expect(person.searchText).toBe(`marco rossi ${taxIdCode.toLowerCase()}`);
  });

  it('refuses an id of another kind, an unknown id and an archived role', async () => {
    const { roleId, taxIdCode } = await createPerson(ctx, 'voluntary');
    const input = personInput({ profile: { taxIdCode } });
    expect(await failure(savePerson(ctx, 'member', { ...input, id: roleId }))).toBeInstanceOf(NotFoundError);
    expect(await failure(savePerson(ctx, 'voluntary', { ...input, id: '00000000-0000-4000-8000-000000000000' }))).toBeInstanceOf(NotFoundError);

    await archivePerson(ctx, undefined, roleId);
    const archived = await failure(savePerson(ctx, 'voluntary', { ...input, id: roleId, profile: { ...input.profile, firstname: 'Cambiato' } }));
    expect(archived).toBeInstanceOf(ConflictError);
    expect(archived.message).toBe(MSG.archivedReadOnly);
    expect((await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode } })).firstname).toBe('Mario');
  });

  it("refuses a tax code that belongs to another person of the club", async () => {
    const a = await createPerson(ctx, 'athlete');
    const b = await createPerson(ctx, 'athlete');
    const result = await save({ id: b.roleId, kind: 'athlete', profile: { firstname: 'B', lastname: 'B', taxIdCode: a.taxIdCode.toLowerCase(), typeGenderId: 1 } });
    expect(result).toMatchObject({ __typename: 'ConflictError', message: MSG.taxCodeTaken, fields: [{ field: 'profile.taxIdCode', message: MSG.taxCodeTaken }] });
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: b.personId } })).taxIdCode).toBe(b.taxIdCode);
  });
});

describe('files', () => {
  const file = (content: Buffer, filename: string) => ({ filename, mimeType: 'application/octet-stream', content });

  it('stores training-flag files, replaces them on a new upload, and adds manager documents', async () => {
    const { roleId, personId, taxIdCode } = await createPerson(ctx, 'manager', {}, { blsdFile: file(pdf(), 'blsd.pdf'), documents: [file(png(), 'verbale.png')] });
    const first = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } });
    expect(first.blsdFileId).not.toBeNull();

    const input = { ...personInput({ profile: { taxIdCode } }), id: roleId };
    await savePerson(ctx, 'manager', input, { blsdFile: file(pdf(), 'blsd-2026.pdf'), documents: [file(pdf(), 'statuto.pdf')] });
    const after = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId }, include: { blsdFile: true } });
    expect(after.blsdFile?.filename).toBe('blsd-2026.pdf');
    expect(await t.deps.systemDb.storedFile.count({ where: { id: first.blsdFileId! } })).toBe(0);
    const documents = await t.deps.systemDb.storedFile.findMany({ where: { roleId }, orderBy: { createdAt: 'asc' } });
    expect(documents.map((d) => d.filename)).toEqual(['verbale.png', 'statuto.pdf']);
  });

  it('rolls the whole save back when a file is refused', async () => {
    const taxIdCode = nextTaxCode('ROL');
    const before = await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } });
    const error = await failure(
      savePerson(ctx, 'athlete', personInput({ profile: { taxIdCode } }), {
        firePreventionFile: file(pdf(), 'ok.pdf'),
        medicalExaminationDocument: file(Buffer.from('solo testo'), 'certificato.pdf'),
      }),
    );
    expect((error as ValidationError).fields).toEqual({ 'details.medicalExaminationDocument': MSG.fileTypeNotAllowed });
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, taxIdCode } })).toBe(0);
    expect(await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } })).toBe(before);
  });
});
