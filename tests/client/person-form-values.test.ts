import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { fieldErrorsOf } from '../../schema/validation/fields';
import type { PersonForm_PersonRoleFragment } from '../../client/src/gql/graphql';
import { checkDocument } from '../../client/src/lib/document-files';
import {
  emptyFiles,
  emptyValues,
  fieldErrorsFromSave,
  personFormFields,
  personFormSchema,
  tidyPhone,
  toSaveInput,
  validatePerson,
  valuesFromRole,
  type PersonFormValues,
} from '../../client/src/features/people/person-form-values';

function filled(kind: Parameters<typeof emptyValues>[0]): PersonFormValues {
  const v = emptyValues(kind);
  v.profile.firstname = ' Nicolò ';
  v.profile.lastname = 'Bianchi';
  v.profile.taxIdCode = 'bncncl10a01f205t';
  v.profile.typeGenderId = '1';
  return v;
}

describe('person form: checks with the server rules', () => {
  it('an empty athlete: name, surname, tax code and gender are required, with the spec messages', () => {
    expect(validatePerson('athlete', emptyValues('athlete'), null)).toEqual({
      'profile.firstname': MSG.firstnameRequired,
      'profile.lastname': MSG.lastnameRequired,
      'profile.taxIdCode': MSG.taxCodeRequired,
      'profile.typeGenderId': MSG.genderRequired,
    });
  });

  it('gender is optional for volunteers, managers and accompagnatori', () => {
    for (const kind of ['voluntary', 'manager', 'staff'] as const) {
      const v = filled(kind);
      v.profile.typeGenderId = '';
      expect(validatePerson(kind, v, null)).toEqual({});
    }
  });

  it('a phone with letters, a child under 3 and an end before the start are refused', () => {
    const v = filled('coach');
    v.profile.phonePrimary = '333 12a4567';
    v.profile.birthday = `${new Date().getFullYear() - 1}-01-01`;
    v.details.coachValidityStartDate = '2026-09-01';
    v.details.coachValidityEndDate = '2026-06-30';
    expect(validatePerson('coach', v, null)).toEqual({
      'profile.phonePrimary': MSG.phonePrimaryDigits,
      'profile.birthday': MSG.minAge,
      'details.coachValidityEndDate': MSG.validityEndBeforeStart,
    });
  });

  it('the phone helper rewrites a number written with separators, and leaves a wrong one to its message', () => {
    expect(tidyPhone('0039 333 123.45-67')).toBe('+393331234567');
    expect(tidyPhone('(02) 1234/567')).toBe('021234567');
    expect(tidyPhone('333 12a4567')).toBe('333 12a4567');
    expect(tidyPhone('')).toBe('');
  });

  it('checks a chosen document by size and type', () => {
    expect(checkDocument(new File(['%PDF-1.4'], 'c.pdf', { type: 'application/pdf' }))).toBeUndefined();
    expect(checkDocument(new File([], 'c.pdf', { type: 'application/pdf' }))).toBe(MSG.fileEmpty);
    expect(checkDocument(new File(['x'], 'c.exe', { type: 'application/x-msdownload' }))).toBe(MSG.fileTypeNotAllowed);
    expect(checkDocument(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }))).toBe(MSG.fileTooLarge);
  });
});

describe('person form: the SavePersonInput sent', () => {
  it('trims, upper-cases the tax code, sends blanks as null and numbers for coded fields', () => {
    const v = filled('athlete');
    v.details.typeMedicalExaminationId = '2';
    v.details.allergies = 'Graminacee';
    v.profile.address.city = 'Bergamo';
    v.profile.hasBlsd = true;
    v.profile.blsdExpiresOn = '2027-05-31';
    const input = toSaveInput('athlete', v, emptyFiles(), null);
    expect(input).toMatchObject({
      kind: 'athlete',
      notePrivate: null,
      profile: {
        firstname: 'Nicolò',
        lastname: 'Bianchi',
        taxIdCode: 'BNCNCL10A01F205T',
        typeGenderId: 1,
        secondname: null,
        emailPrimary: null,
        hasBlsd: true,
        blsdExpiresOn: '2027-05-31',
        hasFirstAid: false,
        address: { city: 'Bergamo', address: null },
      },
      athlete: { typeMedicalExaminationId: 2, typeMedicalExaminationAccountableId: null, allergies: 'Graminacee', healthCard: null },
    });
    expect(input).not.toHaveProperty('id');
    expect(input.profile).not.toHaveProperty('blsdFile');
    expect(input.athlete).not.toHaveProperty('medicalExaminationDocument');
  });

  it('puts each chosen file where the contract expects it, and the id on an edit', () => {
    const pdf = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const files = { ...emptyFiles(), blsdFile: pdf, medicalExaminationDocument: pdf, documents: [pdf, pdf] };
    const athlete = toSaveInput('athlete', filled('athlete'), files, 'role-1');
    expect(athlete.id).toBe('role-1');
    expect(athlete.profile.blsdFile).toBe(pdf);
    expect(athlete.athlete?.medicalExaminationDocument).toBe(pdf);
    const manager = toSaveInput('manager', filled('manager'), files, null);
    expect(manager.manager?.documents).toEqual([pdf, pdf]);
    expect(manager).not.toHaveProperty('athlete');
    const volunteer = toSaveInput('voluntary', filled('voluntary'), files, null);
    expect(Object.keys(volunteer).sort()).toEqual(['kind', 'notePrivate', 'profile']);
  });

  it('leaves the health fields and the certificate out for a role that may not change them (the server keeps them)', () => {
    const pdf = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const values = filled('athlete');
    values.details.allergies = 'Graminacee';
    values.details.athleteAttorneyName = 'Studio Rossi';
    const input = toSaveInput('athlete', values, { ...emptyFiles(), medicalExaminationDocument: pdf }, 'role-1', { healthWritable: false });
    expect(input.athlete).toEqual({ athleteAttorneyName: 'Studio Rossi' });
    const coach = toSaveInput('coach', filled('coach'), emptyFiles(), 'role-2', { healthWritable: false });
    expect(Object.keys(coach.coach ?? {}).sort()).toEqual(['coachRole', 'coachValidityEndDate', 'coachValidityStartDate']);
  });

  it('an edit starts from the stored record', () => {
    const role = {
      id: 'r1',
      kind: 'member',
      isActive: true,
      archivedAt: null,
      notePrivate: 'Quota pagata',
      person: {
        id: 'p1',
        firstname: 'Anna',
        secondname: null,
        lastname: 'Verdi',
        nickname: null,
        taxIdCode: 'vrdnna80a41a794w',
        typeGenderId: 2,
        birthday: '1980-01-01',
        birthplace: 'Bergamo',
        birthNation: null,
        nationality: null,
        legalRepresentative: null,
        emailPrimary: 'anna@example.it',
        emailSecondary: null,
        phonePrimary: '+39333111222',
        phoneSecondary: null,
        address: { id: 'a1', address: 'Via Roma', streetNumber: '1', postalCode: '24100', city: 'Bergamo', province: 'BG', country: null },
        hasBlsd: false,
        blsdExpiresOn: null,
        blsdFile: null,
        hasFirstAid: true,
        firstAidExpiresOn: '2027-01-31',
        firstAidFile: null,
        hasFirePrevention: false,
        firePreventionExpiresOn: null,
        firePreventionFile: null,
        isGuarded: false,
        roles: [],
      },
      athlete: null,
      coach: null,
      member: { typeMembershipId: 1, membershipNumber: 'S-12', membershipStartDate: '2025-09-01', membershipExpiredDate: null },
      manager: null,
      documents: [],
    } satisfies PersonForm_PersonRoleFragment;
    const values = valuesFromRole('member', role);
    expect(values.profile).toMatchObject({ firstname: 'Anna', taxIdCode: 'VRDNNA80A41A794W', typeGenderId: '2', secondname: '', hasFirstAid: true, firstAidExpiresOn: '2027-01-31' });
    expect(values.profile.address).toEqual({ address: 'Via Roma', streetNumber: '1', postalCode: '24100', city: 'Bergamo', province: 'BG', country: '' });
    expect(values.details).toEqual({ typeMembershipId: '1', membershipNumber: 'S-12', membershipStartDate: '2025-09-01', membershipExpiredDate: '' });
    expect(values.notePrivate).toBe('Quota pagata');
    expect(validatePerson('member', values, role.id)).toEqual({ id: MSG.idInvalid });
  });
});

describe('person form: server field errors', () => {
  it('the kind own fields come back as `athlete.x`... and go under the form fields `details.x`', () => {
    expect(
      fieldErrorsFromSave('athlete', {
        'profile.taxIdCode': MSG.roleExists('Atleta'),
        'athlete.medicalExaminationDocument': MSG.fileTypeNotAllowed,
        'coach.coachRole': 'x',
      }),
    ).toEqual({
      'profile.taxIdCode': MSG.roleExists('Atleta'),
      'details.medicalExaminationDocument': MSG.fileTypeNotAllowed,
      'coach.coachRole': 'x',
    });
  });
});

describe('person form: the schema the form layer runs', () => {
  it("checks with the kind's rules, messages at the form's paths, and gives the SavePersonInput with the files", () => {
    const empty = personFormSchema('athlete', null).safeParse(personFormFields('athlete'));
    expect(empty.success ? {} : fieldErrorsOf(empty.error)).toEqual({
      'profile.firstname': MSG.firstnameRequired,
      'profile.lastname': MSG.lastnameRequired,
      'profile.taxIdCode': MSG.taxCodeRequired,
      'profile.typeGenderId': MSG.genderRequired,
    });
    const pdf = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const fields = { ...filled('athlete'), files: { ...emptyFiles(), medicalExaminationDocument: pdf } };
    fields.details.allergies = 'Graminacee';
    const input = personFormSchema('athlete', null, { healthWritable: false }).parse(fields);
    expect(input).toEqual(toSaveInput('athlete', fields, fields.files, null, { healthWritable: false }));
    expect(input.athlete).not.toHaveProperty('allergies');
    expect(personFormSchema('athlete', null).parse(fields).athlete?.medicalExaminationDocument).toBe(pdf);
  });
});
