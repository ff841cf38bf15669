// Security page: changePassword checks the current password (argon2), applies the recovery screen's rules to the
// new one, keeps the session that made the change and ends every other one; limited like login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { RateLimitError, ValidationError } from '../../../server/lib/errors';
import { changePassword } from '../../../server/modules/accounts/change-password.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { contextFor, signInAgain } from './account-helpers';

const CHANGE = /* GraphQL */ `
  mutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on MutationChangePasswordSuccess { data { message revokedSessions } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
      ... on RateLimitError { retryAfterSeconds }
    }
  }`;
const LOGIN = /* GraphQL */ `
  mutation($input: LoginInput!) { login(input: $input) { __typename ... on MutationLoginSuccess { data { token } } } }`;
const ME = /* GraphQL */ `{ me { id } }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const loginWorks = async (email: string, password: string) =>
  (await gql(t.app, LOGIN, { input: { email, password } })).body.data!.login.__typename === 'MutationLoginSuccess';
const signedIn = async (token: string) => (await gql(t.app, ME, {}, { token })).body.data!.me !== null;
const hashOf = async (accountId: string) => (await t.deps.systemDb.account.findUniqueOrThrow({ where: { id: accountId } })).passwordHash;

describe('changePassword', () => {
  let club: TestClub;
  beforeAll(async () => {
    club = await createClub(t.deps);
  });

  it('refuses the wrong current password, and every rule of the new one, changing nothing', async () => {
    const ctx = await contextFor(t.deps, club.token);
    const before = await hashOf(club.accountId);
    const fieldsOf = (input: Record<string, unknown>) => changePassword(ctx, input).then(() => 'saved', (e: ValidationError) => e.fields);

    const wrong = await changePassword(ctx, { currentPassword: 'non-la-mia-1', newPassword: 'nuova-password-1', newPasswordConfirmation: 'nuova-password-1' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ValidationError);
    expect((wrong as ValidationError).message).toBe(MSG.currentPasswordWrong);
    expect((wrong as ValidationError).fields).toEqual({ currentPassword: MSG.currentPasswordWrong });

    expect(await fieldsOf({})).toEqual({
      currentPassword: MSG.currentPasswordRequired,
      newPassword: MSG.forgotFieldsRequired,
      newPasswordConfirmation: MSG.forgotFieldsRequired,
    });
    expect(await fieldsOf({ currentPassword: club.password, newPassword: 'corta', newPasswordConfirmation: 'corta' })).toEqual({ newPassword: MSG.passwordTooShort });
    expect(await fieldsOf({ currentPassword: club.password, newPassword: 'nuova-password-1', newPasswordConfirmation: 'nuova-password-2' })).toEqual({
      newPasswordConfirmation: MSG.forgotPasswordsDiffer,
    });
    expect(await fieldsOf({ currentPassword: club.password, newPassword: club.password, newPasswordConfirmation: club.password })).toEqual({
      newPassword: MSG.passwordUnchanged,
    });

    expect(await hashOf(club.accountId)).toBe(before);
    expect(await loginWorks(club.email, club.password)).toBe(true);
  });

  it('sets the new password, keeps this session and ends the others (GraphQL)', async () => {
    const phone = await signInAgain(t.deps, club.email, club.password, 'Mozilla/5.0 (iPhone) Safari/604.1');
    const laptop = await signInAgain(t.deps, club.email, club.password);
    const res = await gql(t.app, CHANGE, {
      input: { currentPassword: club.password, newPassword: 'password-nuova-2', newPasswordConfirmation: 'password-nuova-2' },
    }, { token: club.token });
    const result = res.body.data!.changePassword;
    expect(result.__typename).toBe('MutationChangePasswordSuccess');
    expect(result.data.message).toBe(MSG.passwordUpdated);
    expect(result.data.revokedSessions).toBeGreaterThanOrEqual(2);

    expect(await signedIn(club.token)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await loginWorks(club.email, club.password)).toBe(false);
    expect(await loginWorks(club.email, 'password-nuova-2')).toBe(true);
    // argon2id, never the password itself
    expect(await hashOf(club.accountId)).toMatch(/^\$argon2id\$/);
  });

  it("does not touch another account's password or sessions", async () => {
    const a = await createClub(t.deps);
    const b = await createClub(t.deps);
    const hashB = await hashOf(b.accountId);
    await changePassword(await contextFor(t.deps, a.token), { currentPassword: a.password, newPassword: 'altra-password-9', newPasswordConfirmation: 'altra-password-9' });
    expect(await hashOf(b.accountId)).toBe(hashB);
    expect(await signedIn(b.token)).toBe(true);
    // b's password is not a's current password either
    const res = await gql(t.app, CHANGE, {
      input: { currentPassword: 'altra-password-9', newPassword: 'furto-password-1', newPasswordConfirmation: 'furto-password-1' },
    }, { token: b.token });
    expect(res.body.data!.changePassword.code).toBe('VALIDATION');
    expect(await hashOf(b.accountId)).toBe(hashB);
  });

  it('refuses without a valid session', async () => {
    for (const creds of [undefined, { token: 'inventato' }]) {
      const res = await gql(t.app, CHANGE, { input: { currentPassword: 'x', newPassword: 'password-9999', newPasswordConfirmation: 'password-9999' } }, creds);
      expect(res.body.data!.changePassword).toEqual({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED', message: MSG.notAuthenticated });
    }
  });

  it('limits guesses of the current password like login: 10 per account in 15 minutes', async () => {
    const victim = await createClub(t.deps);
    const ctx = await contextFor(t.deps, victim.token);
    const guess = (i: number) => changePassword(ctx, { currentPassword: `tentativo-${i}`, newPassword: 'nuova-password-1', newPasswordConfirmation: 'nuova-password-1' });
    for (let i = 0; i < 10; i++) await expect(guess(i)).rejects.toBeInstanceOf(ValidationError);
    const limited = await guess(10).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).message).toBe(MSG.rateLimited(15));
    // even the right password waits now
    await expect(changePassword(ctx, { currentPassword: victim.password, newPassword: 'nuova-password-1', newPasswordConfirmation: 'nuova-password-1' })).rejects.toBeInstanceOf(RateLimitError);
  });
});
