// /modifica-utente: updateMyProfile saves the signed-in account's own profile with the shared rules
// (schema/validation/account.ts), through the service and GraphQL; never anyone else's, never without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { ValidationError } from '../../../server/lib/errors';
import { updateMyProfile } from '../../../server/modules/accounts/update-profile.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { contextFor } from './account-helpers';

const UPDATE = /* GraphQL */ `
  mutation($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) {
      __typename
      ... on MutationUpdateMyProfileSuccess { data { message account { id email profile { firstname lastname nickname birthday taxIdCode } } } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
    }
  }`;
const ME = /* GraphQL */ `{ me { email profile { firstname lastname nickname birthday taxIdCode } } }`;

const VALID = { firstname: 'Giulia', lastname: 'Bianchi', nickname: 'Giuli', birthday: '1985-06-15', taxIdCode: 'BNCGLI85H55F205O' };

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  other = await createClub(t.deps, { firstname: 'Luca', lastname: 'Verdi', taxIdCode: 'VRDLCU70A01H501E' });
});
afterAll(() => t.close());

const profileOf = (accountId: string) =>
  t.deps.systemDb.accountProfile.findUniqueOrThrow({ where: { accountId }, select: { firstname: true, lastname: true, nickname: true, birthday: true, taxIdCode: true } });

describe('updateMyProfile (service)', () => {
  it("saves the viewer's profile, normalised, answering 'Modifiche salvate'", async () => {
    const ctx = await contextFor(t.deps, club.token);
    const result = await updateMyProfile(ctx, { ...VALID, firstname: '  Giulia ', taxIdCode: 'bncgli85h55f205o' });
    expect(result).toEqual({ message: MSG.changesSaved, accountId: club.accountId });
    expect(await profileOf(club.accountId)).toEqual({
      firstname: 'Giulia',
      lastname: 'Bianchi',
      nickname: 'Giuli',
      birthday: new Date('1985-06-15T00:00:00Z'),
      taxIdCode: 'BNCGLI85H55F205O',
    });
    // the login is not part of the profile
    expect((await t.deps.systemDb.account.findUniqueOrThrow({ where: { id: club.accountId } })).email).toBe(club.email);
  });

  it('clears the optional nickname and birthday when left blank', async () => {
    const ctx = await contextFor(t.deps, club.token);
    await updateMyProfile(ctx, { ...VALID, nickname: '', birthday: '' });
    expect(await profileOf(club.accountId)).toMatchObject({ nickname: null, birthday: null });
  });

  it('refuses invalid fields with the spec messages and changes nothing', async () => {
    const ctx = await contextFor(t.deps, club.token);
    await updateMyProfile(ctx, VALID);
    const before = await profileOf(club.accountId);
    const error = await updateMyProfile(ctx, { firstname: ' ', lastname: '', taxIdCode: 'ABC', birthday: '2999-01-01' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(MSG.invalidFields);
    expect((error as ValidationError).fields).toEqual({
      firstname: MSG.firstnameRequired,
      lastname: MSG.lastnameRequired,
      taxIdCode: MSG.invalidTaxCode,
      birthday: MSG.invalidBirthday,
    });
    const missingTax = await updateMyProfile(ctx, { ...VALID, taxIdCode: '' }).catch((e: ValidationError) => e.fields);
    expect(missingTax).toEqual({ taxIdCode: MSG.taxCodeRequired });
    const impossibleDate = await updateMyProfile(ctx, { ...VALID, birthday: '1985-02-30' }).catch((e: ValidationError) => e.fields);
    expect(impossibleDate).toEqual({ birthday: MSG.invalidBirthday });
    expect(await profileOf(club.accountId)).toEqual(before);
  });
});

describe('updateMyProfile (GraphQL)', () => {
  it('saves and answers the account, and me shows the new profile', async () => {
    const res = await gql(t.app, UPDATE, { input: { ...VALID, firstname: 'Giovanna' } }, { token: club.token });
    expect(res.body.data!.updateMyProfile).toEqual({
      __typename: 'MutationUpdateMyProfileSuccess',
      data: {
        message: MSG.changesSaved,
        account: { id: club.accountId, email: club.email, profile: { ...VALID, firstname: 'Giovanna' } },
      },
    });
    expect((await gql(t.app, ME, {}, { token: club.token })).body.data!.me.profile.firstname).toBe('Giovanna');
  });

  it("gender: read from the account's own codice fiscale (F for a woman's, M for a man's; null without one)", async () => {
    const GENDER = /* GraphQL */ `{ me { profile { gender } } }`;
    const genderOf = async (token: string) => (await gql(t.app, GENDER, {}, { token })).body.data!.me.profile.gender;
    await gql(t.app, UPDATE, { input: VALID }, { token: club.token });
    expect(await genderOf(club.token)).toBe('F'); // BNCGLI85H55F205O: day 55 = 15 + 40
    expect(await genderOf(other.token)).toBe('M'); // VRDLCU70A01H501E
    await t.deps.systemDb.accountProfile.update({ where: { accountId: other.accountId }, data: { taxIdCode: null } });
    expect(await genderOf(other.token)).toBeNull();
    await t.deps.systemDb.accountProfile.update({ where: { accountId: other.accountId }, data: { taxIdCode: 'VRDLCU70A01H501E' } });
  });

  it('answers ValidationError with the field messages', async () => {
    // A field left out keeps its stored value (partial-updates.test.ts); one sent blank is a missing required field.
    const res = await gql(t.app, UPDATE, { input: { firstname: ' ', lastname: 'Bianchi', taxIdCode: VALID.taxIdCode } }, { token: club.token });
    expect(res.body.data!.updateMyProfile).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: MSG.invalidFields,
      fields: [{ field: 'firstname', message: MSG.firstnameRequired }],
    });
  });

  it("touches only the signed-in account: another account's profile is unchanged", async () => {
    const before = await profileOf(other.accountId);
    await gql(t.app, UPDATE, { input: VALID }, { token: club.token, club: club.clubToken });
    expect(await profileOf(other.accountId)).toEqual(before);
    // there is no way to name another account: an extra id is refused by the schema, nothing is saved
    const res = await gql(t.app, UPDATE, { input: { ...VALID, firstname: 'Intruso', accountId: other.accountId } }, { token: club.token });
    expect(res.statusCode).toBe(400);
    expect(await profileOf(other.accountId)).toEqual(before);
    expect((await profileOf(club.accountId)).firstname).not.toBe('Intruso');
  });

  it('refuses without a valid session and saves nothing', async () => {
    const before = await profileOf(club.accountId);
    for (const creds of [undefined, { token: 'inventato' }]) {
      const res = await gql(t.app, UPDATE, { input: { ...VALID, firstname: 'Anonimo' } }, creds);
      expect(res.body.data!.updateMyProfile).toEqual({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED', message: MSG.notAuthenticated });
    }
    expect(await profileOf(club.accountId)).toEqual(before);
  });
});
