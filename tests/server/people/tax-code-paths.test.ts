// The codice fiscale's check character on every path that saves a person's code (issue 12 point 4): GraphQL
// savePerson, the legacy REST save, the account's own profile and the club's legal representative answer the
// shared rule's Italian message and write nothing; omocodia is accepted. (The import: imports/import-tax-code.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';

const SAVE = /* GraphQL */ `
  mutation($input: SavePersonInput!) {
    savePerson(input: $input) {
      __typename
      ... on MutationSavePersonSuccess { data { role { person { taxIdCode } } } }
      ... on ValidationError { fields { field message } }
    }
  }`;
const PROFILE = /* GraphQL */ `
  mutation($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) {
      __typename
      ... on ValidationError { fields { field message } }
    }
  }`;
const CLUB = /* GraphQL */ `
  mutation($input: ClubInput!) {
    updateClub(input: $input) {
      __typename
      ... on ValidationError { fields { field message } }
    }
  }`;

const WRONG = 'VRDNNA85C41F205X'; // the right check character is T

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
});
afterAll(() => t.close());

const creds = () => ({ token: club.token, club: club.clubToken });
const people = () => t.deps.systemDb.person.count({ where: { clubId: club.clubId, lastname: 'Verdi' } });

describe('a wrong check character', () => {
  it('GraphQL savePerson: ValidationError on profile.taxIdCode', async () => {
    const res = await gql(t.app, SAVE, { input: { kind: 'athlete', profile: { firstname: 'Anna', lastname: 'Verdi', taxIdCode: WRONG, typeGenderId: 2 } } }, creds());
    expect(res.body.data.savePerson).toEqual({ __typename: 'ValidationError', fields: [{ field: 'profile.taxIdCode', message: MSG.taxCodeCheckCharacter }] });
    expect(await people()).toBe(0);
  });

  it('legacy REST save: status false with tax_id_code and the message', async () => {
    const res = await rest(t.app, '/voluntary/save', { profile: { firstname: 'Anna', lastname: 'Verdi', tax_id_code: WRONG.toLowerCase() } }, creds());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { tax_id_code: MSG.taxCodeCheckCharacter } } });
    expect(await people()).toBe(0);
  });

  it("the account's own profile and the club's legal representative", async () => {
    const profile = await gql(t.app, PROFILE, { input: { firstname: 'Mario', lastname: 'Rossi', taxIdCode: 'RSSMRA80A01H501X' } }, creds());
    expect(profile.body.data.updateMyProfile).toEqual({ __typename: 'ValidationError', fields: [{ field: 'taxIdCode', message: MSG.taxCodeCheckCharacter }] });
    const legal = await gql(t.app, CLUB, { input: { fullName: 'ASD Prova', legalRepresentativeFiscalCode: 'RSSMRA80A01H501X' } }, creds());
    expect(legal.body.data.updateClub).toEqual({
      __typename: 'ValidationError',
      fields: [{ field: 'legalRepresentativeFiscalCode', message: MSG.taxCodeCheckCharacter }],
    });
  });
});

it('omocodia and lower case pass on both faces, stored upper case', async () => {
  const res = await gql(t.app, SAVE, { input: { kind: 'athlete', profile: { firstname: 'Anna', lastname: 'Verdi', taxIdCode: 'vrdnna85c41f205t', typeGenderId: 2 } } }, creds());
  expect(res.body.data.savePerson.data.role.person.taxIdCode).toBe('VRDNNA85C41F205T');
  const omocode = await rest(t.app, '/voluntary/save', { profile: { firstname: 'Mario', lastname: 'Rossi', tax_id_code: 'RSSMRAU0A01H50MJ' } }, creds());
  expect(omocode.body.status).toBe(true);
});
