import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { latestResetCode, readOutbox, startTestApp, type TestApp } from '../../support/test-app';
import { gql } from '../../support/http';
import { createClub, type TestClub } from '../../support/factories';

const REQUEST = `mutation($email: String!) { requestPasswordReset(input: { email: $email }) { __typename ... on MutationRequestPasswordResetSuccess { data } ... on BaseError { code message } } }`;
const VERIFY = `mutation($email: String!, $code: String!) { verifyPasswordResetCode(input: { email: $email, code: $code }) { __typename ... on MutationVerifyPasswordResetCodeSuccess { data { resetToken } } ... on BaseError { code message } ... on ValidationError { fields { field message } } } }`;
const RESET = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { __typename ... on MutationResetPasswordSuccess { data } ... on BaseError { code message } ... on ValidationError { fields { field message } } } }`;
const LOGIN = `mutation($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { __typename } }`;
const ME = `{ me { id } }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const request = async (email: string) => (await gql(t.app, REQUEST, { email })).body.data!.requestPasswordReset;
const verify = async (email: string, code: string) => (await gql(t.app, VERIFY, { email, code })).body.data!.verifyPasswordResetCode;
const reset = async (input: Record<string, string>) => (await gql(t.app, RESET, { input })).body.data!.resetPassword;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password recovery', () => {
  let club: TestClub;
  beforeAll(async () => {
    club = await createClub(t.deps);
  });

  it('emails a 6-digit code, verifies it for a reset token, resets and revokes every session', async () => {
    expect(await request(club.email)).toEqual({ __typename: 'MutationRequestPasswordResetSuccess', data: true });
    const mails = await readOutbox(t.dataDir);
    expect(mails.at(-1)).toMatchObject({ to: club.email, subject: expect.stringContaining('password') });
    const code = await latestResetCode(t.dataDir, club.email);

    const stored = await t.deps.systemDb.passwordReset.findFirstOrThrow({ where: { accountId: club.accountId }, orderBy: { createdAt: 'desc' } });
    expect(stored.codeHash).toMatch(/^\$argon2id\$/);
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(10 * 60 * 1000, -3);

    const verified = await verify(club.email, code);
    expect(verified.__typename).toBe('MutationVerifyPasswordResetCodeSuccess');
    // single use: the same code cannot be verified again
    expect((await verify(club.email, code)).message).toBe(MSG.codeInvalid);

    const newPassword = 'nuova-password-9';
    const mismatch = await reset({ email: club.email, resetToken: verified.data.resetToken, password: newPassword, passwordConfirmation: 'diversa-password' });
    expect(mismatch.fields).toContainEqual({ field: 'passwordConfirmation', message: MSG.forgotPasswordsDiffer });

    expect(await reset({ email: club.email, resetToken: verified.data.resetToken, password: newPassword, passwordConfirmation: newPassword })).toEqual({
      __typename: 'MutationResetPasswordSuccess',
      data: true,
    });
    // every session of the account is revoked, the old password no longer works, the new one does
    expect((await gql(t.app, ME, {}, { token: club.token })).body.data!.me).toBeNull();
    expect((await gql(t.app, LOGIN, { email: club.email, password: club.password })).body.data!.login.__typename).toBe('InvalidCredentialsError');
    expect((await gql(t.app, LOGIN, { email: club.email, password: newPassword })).body.data!.login.__typename).toBe('MutationLoginSuccess');
    // the reset token is single use too
    expect((await reset({ email: club.email, resetToken: verified.data.resetToken, password: 'ancora-un-altra-1', passwordConfirmation: 'ancora-un-altra-1' })).message).toBe(MSG.resetTokenInvalid);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    expect(await request('sconosciuto@example.it')).toEqual({ __typename: 'MutationRequestPasswordResetSuccess', data: true });
    expect((await readOutbox(t.dataDir)).length).toBe(before);
    expect((await verify('sconosciuto@example.it', '123456')).message).toBe(MSG.codeInvalid);
  });

  it('allows at most 5 tries per code', async () => {
    const other = await createClub(t.deps);
    await request(other.email);
    const code = await latestResetCode(t.dataDir, other.email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(other.email, wrongCode(code))).message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(MSG.codeInvalid));
    expect(answers[4]).toBe(MSG.codeTooManyAttempts);
    // the right code is now useless too
    expect((await verify(other.email, code)).message).toBe(MSG.codeInvalid);
  });

  it('refuses an expired code', async () => {
    const other = await createClub(t.deps);
    await request(other.email);
    const code = await latestResetCode(t.dataDir, other.email);
    await t.deps.systemDb.passwordReset.updateMany({ where: { accountId: other.accountId }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await verify(other.email, code)).message).toBe(MSG.codeInvalid);
  });

  it('a new request replaces the previous code', async () => {
    const other = await createClub(t.deps);
    await request(other.email);
    const first = await latestResetCode(t.dataDir, other.email);
    await request(other.email);
    const second = await latestResetCode(t.dataDir, other.email);
    if (first !== second) expect((await verify(other.email, first)).message).toBe(MSG.codeInvalid);
    expect((await verify(other.email, second)).__typename).toBe('MutationVerifyPasswordResetCodeSuccess');
  });

  it('validates with the spec messages', async () => {
    expect((await request('')).message).toBe(MSG.forgotEmailRequired);
    expect((await verify(club.email, '12')).message).toBe(MSG.forgotCodeRequired);
    expect((await reset({ email: club.email, resetToken: 'x', password: '', passwordConfirmation: '' })).message).toBe(MSG.forgotFieldsRequired);
  });

  it('rate limits code requests per account', async () => {
    const other = await createClub(t.deps);
    for (let i = 0; i < 3; i++) expect((await request(other.email)).__typename).toBe('MutationRequestPasswordResetSuccess');
    expect(await request(other.email)).toMatchObject({ __typename: 'RateLimitError', code: 'RATE_LIMITED' });
  });
});
