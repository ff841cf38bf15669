import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { signUp } from '../../../server/modules/accounts/sign-up.service';
import { ValidationError, ConflictError } from '../../../server/lib/errors';
import { startTestApp, type TestApp } from '../../support/test-app';
import { gql } from '../../support/http';
import { serviceContext, signUpPayload } from '../../support/factories';

const SIGN_UP = /* GraphQL */ `
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      __typename
      ... on MutationSignUpSuccess { data { token account { email profile { firstname taxIdCode clubs { token role boardRole club { fullName sport foundation vatNumber plan seasonLabel } } } } } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
      ... on ConflictError { fields { field message } }
    }
  }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('creates account, profile, club and owner membership, and signs in', async () => {
    const input = signUpPayload({ taxIdCode: 'rssmra80a01h501u', plan: 'Pro', email: 'Nuovo.Presidente@Example.IT' });
    const { body } = await gql(t.app, SIGN_UP, { input });
    const result = body.data!.signUp;
    expect(result.__typename).toBe('MutationSignUpSuccess');
    expect(result.data.token).toMatch(/^[\w-]{43}$/);
    expect(result.data.account.email).toBe('nuovo.presidente@example.it');
    expect(result.data.account.profile).toMatchObject({ firstname: 'Mario', taxIdCode: 'RSSMRA80A01H501U' });
    const [membership] = result.data.account.profile.clubs;
    expect(membership).toMatchObject({ role: 'owner', boardRole: 1 });
    expect(membership.token).toMatch(/^[\w-]{43}$/);
    expect(membership.club).toMatchObject({ fullName: input.fullName, sport: 'rugby', foundation: 1990, vatNumber: '12345678901', plan: 'Pro' });
    expect(membership.club.seasonLabel).toMatch(/^\d{4}\/\d{2}$/);

    const account = await t.deps.systemDb.account.findUniqueOrThrow({ where: { email: 'nuovo.presidente@example.it' } });
    expect(account.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.deps.systemDb.session.count({ where: { accountId: account.id } })).toBe(1);
  });

  // Issue 34 point 7: many ASD have no partita IVA; their codice fiscale (numeric, starting with 8 or 9) is their
  // identifier. The same field (the spec's vat_number) takes either; the club keeps each where it belongs.
  it.each([
    ['91234560377', { fiscalCode: '91234560377', vatNumber: null }],
    ['IT 123 456 789 01', { vatNumber: '12345678901', fiscalCode: null }],
    ['80012345678', { fiscalCode: '80012345678', vatNumber: null }],
  ])('signs up with %s as the club identifier, kept as %o', async (given, kept) => {
    const email = `id-${given.replace(/\W/g, '').toLowerCase()}@example.it`;
    const { body } = await gql(t.app, SIGN_UP, { input: signUpPayload({ vatNumber: given, email }) });
    expect(body.data!.signUp.__typename).toBe('MutationSignUpSuccess');
    const club = await t.deps.systemDb.club.findFirstOrThrow({ where: { memberships: { some: { account: { email } } } } });
    expect({ vatNumber: club.vatNumber, fiscalCode: club.fiscalCode }).toEqual(kept);
  });

  it.each([
    [{ firstname: '' }, 'firstname', MSG.signupStep1],
    [{ birthday: '' }, 'birthday', MSG.signupStep1],
    [{ birthday: '2020-02-30' }, 'birthday', MSG.invalidBirthday],
    [{ fullName: ' ' }, 'fullName', MSG.signupStep2],
    [{ vatNumber: '123' }, 'vatNumber', MSG.invalidVat],
    [{ vatNumber: '' }, 'vatNumber', MSG.signupStep2],
    [{ vatNumber: '9123456037A' }, 'vatNumber', MSG.invalidVat],
    [{ email: '' }, 'email', MSG.credentialsRequired],
    [{ email: 'non-una-email' }, 'email', MSG.emailInvalid],
    [{ password: 'corta', passwordConfirmation: 'corta' }, 'password', MSG.passwordTooShort],
    [{ passwordConfirmation: 'altra-password-1' }, 'passwordConfirmation', MSG.passwordsDiffer],
    [{ role: 9 }, 'role', MSG.invalidRole],
  ])('refuses %o with the spec message', async (override, field, message) => {
    const before = await t.deps.systemDb.account.count();
    const { body } = await gql(t.app, SIGN_UP, { input: signUpPayload(override) });
    const result = body.data!.signUp;
    expect(result.__typename).toBe('ValidationError');
    expect(result.fields).toContainEqual({ field, message });
    expect(await t.deps.systemDb.account.count()).toBe(before);
  });

  it('refuses a sport outside the 13 offered (GraphQL enum) without storing anything', async () => {
    const { body } = await gql(t.app, SIGN_UP, { input: signUpPayload({ typeSport: 'curling' }) });
    expect(body.errors?.[0].message).toMatch(/curling/);
    await expect(signUp(serviceContext(t.deps), signUpPayload({ typeSport: 'curling' }))).rejects.toMatchObject({
      fields: { typeSport: MSG.invalidSport },
    });
  });

  it('refuses an email already registered, whatever its case', async () => {
    const first = signUpPayload();
    await signUp(serviceContext(t.deps, null, '10.9.0.1'), first);
    const { body } = await gql(t.app, SIGN_UP, { input: signUpPayload({ email: first.email.toUpperCase() }) });
    expect(body.data!.signUp).toMatchObject({ __typename: 'ConflictError', message: MSG.emailTaken, fields: [{ field: 'email', message: MSG.emailTaken }] });
    await expect(signUp(serviceContext(t.deps, null, '10.9.0.2'), first)).rejects.toBeInstanceOf(ConflictError);
  });

  it('is all or nothing: a failure while creating the club leaves no account behind', async () => {
    const db = t.deps.systemDb;
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_club() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'club refused'; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_club BEFORE INSERT ON clubs FOR EACH ROW EXECUTE FUNCTION refuse_club()`);
    try {
      const input = signUpPayload();
      await expect(signUp(serviceContext(t.deps, null, '10.9.0.3'), input)).rejects.toThrow();
      expect(await db.account.count({ where: { email: input.email } })).toBe(0);
      expect(await db.accountProfile.count({ where: { account: { email: input.email } } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_club ON clubs`);
    }
  });

  it('validates in the service too (the same rules for every face)', async () => {
    await expect(signUp(serviceContext(t.deps), { email: 'x@y.it' })).rejects.toBeInstanceOf(ValidationError);
  });
});
