// Two-factor sign-in (TOTP): turning it on (secret shown once, encrypted at rest, first code, 10 hashed recovery
// codes), off and regenerating codes (password or a code), login's second step on GraphQL and on the legacy REST
// login, single use of challenges, codes and recovery codes, rate limits like the password, and the account
// boundary (another account cannot read or change yours).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { formatRecoveryCode } from '../../../schema/validation/two-factor';
import { loginWith, nextIp, enableTwoFactor, forgetUsedStep, type TwoFactorAccount, gqlFrom, restFrom, codeAfter } from './two-factor-helpers';
import { createClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { totpCode } from '../../../server/modules/two-factor/totp';

const RESULT = `__typename ... on BaseError { code message } ... on ValidationError { fields { field message } } ... on RateLimitError { retryAfterSeconds }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { ${RESULT} ... on MutationLoginSuccess { data { token account { email } } } ... on TwoFactorChallengeError { challenge expiresAt } } }`;
const COMPLETE = `mutation($input: CompleteTwoFactorLoginInput!) { completeTwoFactorLogin(input: $input) { ${RESULT} ... on MutationCompleteTwoFactorLoginSuccess { data { token account { email } } } } }`;
const START = `mutation { startTwoFactorSetup { __typename ... on BaseError { code message } ... on MutationStartTwoFactorSetupSuccess { data { secret otpauthUri qrCodeSvg } } } }`;
const CONFIRM = `mutation($input: ConfirmTwoFactorInput!) { confirmTwoFactorSetup(input: $input) { ${RESULT} ... on MutationConfirmTwoFactorSetupSuccess { data { message recoveryCodes } } } }`;
const DISABLE = `mutation($input: TwoFactorProofInput!) { disableTwoFactor(input: $input) { ${RESULT} ... on MutationDisableTwoFactorSuccess { data { message } } } }`;
const REGENERATE = `mutation($input: TwoFactorProofInput!) { regenerateRecoveryCodes(input: $input) { ${RESULT} ... on MutationRegenerateRecoveryCodesSuccess { data { message recoveryCodes } } } }`;
const STATUS = `{ myTwoFactor { enabled enabledAt recoveryCodesLeft sessionVerified } }`;
const ME = `{ me { email } }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const gql = (query: string, variables?: Record<string, unknown>, token?: string, ip?: string) => gqlFrom(t, query, variables, token ? { token } : undefined, ip);
const sessionsOf = (accountId: string) => t.deps.systemDb.session.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });

describe('turning two-factor sign-in on', () => {
  it('shows a new secret as QR code and text, stores it encrypted, and turns on only with a right first code', async () => {
    const club = await createClub(t.deps);
    expect((await gql(STATUS, {}, club.token)).body.data.myTwoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, sessionVerified: false });

    const setup = (await gql(START, {}, club.token)).body.data.startTwoFactorSetup;
    expect(setup.__typename).toBe('MutationStartTwoFactorSetupSuccess');
    const { secret, otpauthUri, qrCodeSvg } = setup.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/CampoBase:${encodeURIComponent(club.email)}?issuer=CampoBase&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const row = await t.deps.systemDb.accountTwoFactor.findUniqueOrThrow({ where: { accountId: club.accountId } });
    expect(row.confirmedAt).toBeNull();
    expect(row.secretEncrypted).toMatch(/^v1\./);
    expect(row.secretEncrypted).not.toContain(secret);

    // not on yet: login still opens a session at once
    expect((await gql(LOGIN, { input: { email: club.email, password: club.password } })).body.data.login.__typename).toBe('MutationLoginSuccess');

    for (const code of ['', '12345', 'abcdef']) {
      const refused = (await gql(CONFIRM, { input: { code } }, club.token)).body.data.confirmTwoFactorSetup;
      expect(refused).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorCodeRequired, fields: [{ field: 'code', message: MSG.twoFactorCodeRequired }] });
    }
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await gql(CONFIRM, { input: { code: wrong } }, club.token)).body.data.confirmTwoFactorSetup).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorCodeInvalid });

    const confirmed = (await gql(CONFIRM, { input: { code: ` ${totpCode(secret).replace(/(\d{3})/, '$1 ')} ` } }, club.token)).body.data.confirmTwoFactorSetup;
    expect(confirmed.__typename).toBe('MutationConfirmTwoFactorSetupSuccess');
    expect(confirmed.data.message).toBe(MSG.twoFactorEnabled);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{12}$/);
    // stored hashed only
    const stored = await t.deps.systemDb.recoveryCode.findMany({ where: { accountId: club.accountId } });
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(confirmed.data.recoveryCodes).not.toContain(s.codeHash);

    const status = (await gql(STATUS, {}, club.token)).body.data.myTwoFactor;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, sessionVerified: true });
    expect(new Date(status.enabledAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // the secret is never shown again, nor replaced while on
    expect((await gql(START, {}, club.token)).body.data.startTwoFactorSetup).toMatchObject({ __typename: 'ConflictError', message: MSG.twoFactorAlreadyOn });
    expect((await gql(CONFIRM, { input: { code: codeAfter(secret) } }, club.token)).body.data.confirmTwoFactorSetup).toMatchObject({ __typename: 'ConflictError' });
  });

  it('confirming without a setup started asks to start again; a restarted setup replaces the unconfirmed secret', async () => {
    const club = await createClub(t.deps);
    expect((await gql(CONFIRM, { input: { code: '123456' } }, club.token)).body.data.confirmTwoFactorSetup).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorSetupMissing });
    const first = (await gql(START, {}, club.token)).body.data.startTwoFactorSetup.data.secret;
    const second = (await gql(START, {}, club.token)).body.data.startTwoFactorSetup.data.secret;
    expect(second).not.toBe(first);
    expect(await t.deps.systemDb.accountTwoFactor.count({ where: { accountId: club.accountId } })).toBe(1);
    // the first secret's code no longer turns it on (unless both secrets happen to share the code: 1 in a million)
    if (totpCode(first) !== totpCode(second)) {
      expect((await gql(CONFIRM, { input: { code: totpCode(first) } }, club.token)).body.data.confirmTwoFactorSetup.__typename).toBe('ValidationError');
    }
    expect((await gql(CONFIRM, { input: { code: totpCode(second) } }, club.token)).body.data.confirmTwoFactorSetup.__typename).toBe('MutationConfirmTwoFactorSetupSuccess');
  });

  it('needs a session', async () => {
    for (const query of [START, STATUS]) {
      const res = await gql(query, {}, 'inventato');
      const value = res.body.data?.startTwoFactorSetup ?? res.body.errors?.[0];
      expect(value.code ?? value.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect((await gql(CONFIRM, { input: { code: '123456' } })).body.data.confirmTwoFactorSetup.code).toBe('UNAUTHENTICATED');
  });
});

describe('signing in with two-factor sign-in on (GraphQL)', () => {
  let user: TwoFactorAccount;
  beforeAll(async () => {
    user = await enableTwoFactor(t);
  });

  it('the right password answers a challenge, not a session; the right code then opens a session that records the second factor', async () => {
    const before = (await sessionsOf(user.accountId)).length;
    const res = (await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login;
    expect(res).toMatchObject({ __typename: 'TwoFactorChallengeError', code: 'TWO_FACTOR_CHALLENGE', message: MSG.twoFactorChallenge });
    expect(res.challenge).toMatch(/^[\w-]{43}$/);
    const ttl = new Date(res.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    expect((await sessionsOf(user.accountId)).length).toBe(before);
    // stored hashed
    expect(await t.deps.systemDb.loginChallenge.count({ where: { tokenHash: res.challenge } })).toBe(0);

    // a wrong password still answers the usual refusal, with no challenge
    expect((await gql(LOGIN, { input: { email: user.email, password: 'sbagliata-123' } })).body.data.login).toMatchObject({ __typename: 'InvalidCredentialsError', message: MSG.loginFailed });

    const wrong = (await gql(COMPLETE, { input: { challenge: res.challenge, code: '000000' === codeAfter(user.secret) ? '111111' : '000000' } })).body.data.completeTwoFactorLogin;
    expect(wrong).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorCodeInvalid, fields: [{ field: 'code', message: MSG.twoFactorCodeInvalid }] });

    const done = (await gql(COMPLETE, { input: { challenge: res.challenge, code: codeAfter(user.secret) } })).body.data.completeTwoFactorLogin;
    expect(done.__typename).toBe('MutationCompleteTwoFactorLoginSuccess');
    expect(done.data.account.email).toBe(user.email);
    expect((await gql(ME, {}, done.data.token)).body.data.me.email).toBe(user.email);
    const sessions = await sessionsOf(user.accountId);
    expect(sessions.length).toBe(before + 1);
    expect(sessions.at(-1)!.secondFactorAt).not.toBeNull();
    expect((await gql(STATUS, {}, done.data.token)).body.data.myTwoFactor.sessionVerified).toBe(true);

    // the challenge is single use
    await forgetUsedStep(t, user.accountId);
    expect((await gql(COMPLETE, { input: { challenge: res.challenge, code: codeAfter(user.secret) } })).body.data.completeTwoFactorLogin).toMatchObject({
      __typename: 'InvalidCredentialsError',
      message: MSG.twoFactorChallengeExpired,
    });
  });

  it('a code is accepted once: the same code cannot open a second session', async () => {
    await forgetUsedStep(t, user.accountId);
    const code = codeAfter(user.secret);
    const first = await loginWith(t, user, code);
    expect(first.__typename).toBe('MutationCompleteTwoFactorLoginSuccess');
    const replay = await loginWith(t, user, code);
    expect(replay).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorCodeInvalid });
  });

  it('refuses an expired or unknown challenge, and a challenge after 5 wrong codes', async () => {
    await forgetUsedStep(t, user.accountId);
    const { challenge } = (await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login;
    await t.deps.systemDb.loginChallenge.updateMany({ where: { accountId: user.accountId, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await gql(COMPLETE, { input: { challenge, code: codeAfter(user.secret) } })).body.data.completeTwoFactorLogin.message).toBe(MSG.twoFactorChallengeExpired);
    expect((await gql(COMPLETE, { input: { challenge: 'inventata', code: codeAfter(user.secret) } })).body.data.completeTwoFactorLogin.__typename).toBe('InvalidCredentialsError');

    const fresh = (await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login.challenge;
    const wrong = codeAfter(user.secret) === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await gql(COMPLETE, { input: { challenge: fresh, code: wrong } })).body.data.completeTwoFactorLogin.__typename).toBe('ValidationError');
    }
    expect((await gql(COMPLETE, { input: { challenge: fresh, code: codeAfter(user.secret) } })).body.data.completeTwoFactorLogin.message).toBe(MSG.twoFactorChallengeExpired);
  });

  it('a recovery code signs in once (dashes, spaces and case ignored), then never again', async () => {
    const code = user.recoveryCodes[0];
    const typed = ` ${formatRecoveryCode(code).toUpperCase()} `;
    const ok = await loginWith(t, user, typed);
    expect(ok.__typename).toBe('MutationCompleteTwoFactorLoginSuccess');
    expect((await gql(STATUS, {}, ok.data.token)).body.data.myTwoFactor.recoveryCodesLeft).toBe(9);
    const again = await loginWith(t, user, code);
    expect(again).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorRecoveryCodeInvalid });
    const used = await t.deps.systemDb.recoveryCode.count({ where: { accountId: user.accountId, usedAt: { not: null } } });
    expect(used).toBe(1);
  });

  it('an account without two-factor sign-in logs in as before', async () => {
    const plain = await createClub(t.deps);
    const res = (await gql(LOGIN, { input: { email: plain.email, password: plain.password } })).body.data.login;
    expect(res.__typename).toBe('MutationLoginSuccess');
    expect((await sessionsOf(plain.accountId)).at(-1)!.secondFactorAt).toBeNull();
  });
});

describe('rate limits: wrong codes count like wrong passwords (10 per account in 15 minutes)', () => {
  it('the 11th code in 15 minutes is refused, even the right one, from any IP', async () => {
    const user = await enableTwoFactor(t);
    const wrong = codeAfter(user.secret) === '123456' ? '654321' : '123456';
    let attempts = 0;
    for (let round = 0; round < 2; round++) {
      const { challenge } = (await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login;
      for (let i = 0; i < 5; i++, attempts++) {
        expect((await gql(COMPLETE, { input: { challenge, code: wrong } })).body.data.completeTwoFactorLogin.__typename).toBe('ValidationError');
      }
    }
    expect(attempts).toBe(10);
    const { challenge } = (await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login;
    const limited = (await gql(COMPLETE, { input: { challenge, code: codeAfter(user.secret) } })).body.data.completeTwoFactorLogin;
    expect(limited).toMatchObject({ __typename: 'RateLimitError', code: 'RATE_LIMITED', message: MSG.rateLimited(15) });
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    // turning it off with a code is the same allowance
    expect((await gql(DISABLE, { input: { code: codeAfter(user.secret) } }, user.token)).body.data.disableTwoFactor.__typename).toBe('RateLimitError');
  });

  it('one IP guessing codes for many accounts is stopped after 30', async () => {
    const ip = nextIp();
    const users = await Promise.all([0, 1, 2, 3].map(() => enableTwoFactor(t)));
    let refusedBy: string | undefined;
    outer: for (const user of users) {
      for (let round = 0; round < 2; round++) {
        const { challenge } = (await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login;
        for (let i = 0; i < 5; i++) {
          const res = (await gql(COMPLETE, { input: { challenge, code: codeAfter(user.secret) === '000001' ? '000002' : '000001' } }, undefined, ip)).body.data.completeTwoFactorLogin;
          if (res.__typename === 'RateLimitError') {
            refusedBy = res.__typename;
            break outer;
          }
        }
      }
    }
    expect(refusedBy).toBe('RateLimitError');
  });
});

describe('the legacy REST login', () => {
  let user: TwoFactorAccount;
  beforeAll(async () => {
    user = await enableTwoFactor(t);
  });

  it('issues no session without the code, and says so in Italian', async () => {
    const before = (await sessionsOf(user.accountId)).length;
    const res = await restFrom(t, '/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: false, context: null, message: MSG.twoFactorLegacyCodeRequired });
    expect((await sessionsOf(user.accountId)).length).toBe(before);
    // a wrong password is the spec's message, as always
    expect((await restFrom(t, '/login', { email: user.email, password: 'sbagliata-123', code: '123456' })).body.message).toBe(MSG.loginFailed);
  });

  it('takes the code (or a recovery code) as an extra field of the same call', async () => {
    await forgetUsedStep(t, user.accountId);
    const wrong = codeAfter(user.secret) === '123456' ? '654321' : '123456';
    const refused = await restFrom(t, '/login', { email: user.email, password: user.password, code: wrong });
    expect(refused.body).toEqual({ status: false, context: { errors: { code: MSG.twoFactorCodeInvalid } }, message: MSG.twoFactorCodeInvalid });

    const ok = await restFrom(t, '/login', { email: user.email, password: user.password, code: codeAfter(user.secret) });
    expect(ok.body.status).toBe(true);
    expect(ok.body.context.token).toMatch(/^[\w-]{43}$/);
    expect(ok.body.context.account.profile.clubs[0].token).toBe(user.clubToken);
    expect((await sessionsOf(user.accountId)).at(-1)!.secondFactorAt).not.toBeNull();

    const recovery = await restFrom(t, '/login', { email: user.email, password: user.password, code: formatRecoveryCode(user.recoveryCodes[1]) });
    expect(recovery.body.status).toBe(true);
  });

  it('answers accounts without two-factor sign-in exactly as before (an extra code is ignored)', async () => {
    const plain = await createClub(t.deps);
    for (const body of [{ email: plain.email, password: plain.password }, { email: plain.email, password: plain.password, code: '123456' }]) {
      const res = await restFrom(t, '/login', body);
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(true);
      expect(res.body.message).toBe('');
      expect(Object.keys(res.body.context).sort()).toEqual(['account', 'token']);
    }
  });
});

describe('turning it off and new recovery codes', () => {
  it('turning off needs the password or a code; then every session loses its second-factor mark and login needs no code', async () => {
    const user = await enableTwoFactor(t);
    const second = await loginWith(t, user, codeAfter(user.secret));
    expect(second.__typename).toBe('MutationCompleteTwoFactorLoginSuccess');

    expect((await gql(DISABLE, { input: {} }, user.token)).body.data.disableTwoFactor).toMatchObject({ __typename: 'ValidationError', message: MSG.twoFactorProofRequired });
    expect((await gql(DISABLE, { input: { password: 'sbagliata-123' } }, user.token)).body.data.disableTwoFactor).toMatchObject({
      __typename: 'ValidationError',
      message: MSG.twoFactorProofWrong,
      fields: [{ field: 'password', message: MSG.twoFactorProofWrong }],
    });
    expect((await gql(STATUS, {}, user.token)).body.data.myTwoFactor.enabled).toBe(true);

    const off = (await gql(DISABLE, { input: { password: user.password } }, user.token)).body.data.disableTwoFactor;
    expect(off).toEqual({ __typename: 'MutationDisableTwoFactorSuccess', data: { message: MSG.twoFactorDisabled } });
    expect(await t.deps.systemDb.accountTwoFactor.count({ where: { accountId: user.accountId } })).toBe(0);
    expect(await t.deps.systemDb.recoveryCode.count({ where: { accountId: user.accountId } })).toBe(0);
    for (const s of await sessionsOf(user.accountId)) expect(s.secondFactorAt).toBeNull();
    expect((await gql(LOGIN, { input: { email: user.email, password: user.password } })).body.data.login.__typename).toBe('MutationLoginSuccess');
    expect((await gql(DISABLE, { input: { password: user.password } }, user.token)).body.data.disableTwoFactor).toMatchObject({ __typename: 'ConflictError', message: MSG.twoFactorNotOn });
  });

  it('a current code (or a recovery code) also turns it off', async () => {
    const user = await enableTwoFactor(t);
    const wrong = codeAfter(user.secret) === '123456' ? '654321' : '123456';
    expect((await gql(DISABLE, { input: { code: wrong } }, user.token)).body.data.disableTwoFactor).toMatchObject({ fields: [{ field: 'code', message: MSG.twoFactorProofWrong }] });
    expect((await gql(DISABLE, { input: { code: codeAfter(user.secret) } }, user.token)).body.data.disableTwoFactor.__typename).toBe('MutationDisableTwoFactorSuccess');

    const other = await enableTwoFactor(t);
    expect((await gql(DISABLE, { input: { code: formatRecoveryCode(other.recoveryCodes[4]) } }, other.token)).body.data.disableTwoFactor.__typename).toBe('MutationDisableTwoFactorSuccess');
  });

  it('new recovery codes replace the old ones', async () => {
    const user = await enableTwoFactor(t);
    expect((await gql(REGENERATE, { input: { password: 'sbagliata-123' } }, user.token)).body.data.regenerateRecoveryCodes.__typename).toBe('ValidationError');
    const res = (await gql(REGENERATE, { input: { password: user.password } }, user.token)).body.data.regenerateRecoveryCodes;
    expect(res.data.message).toBe(MSG.recoveryCodesRegenerated);
    expect(res.data.recoveryCodes).toHaveLength(10);
    expect(res.data.recoveryCodes).not.toContain(user.recoveryCodes[0]);
    expect((await loginWith(t, user, user.recoveryCodes[0])).__typename).toBe('ValidationError');
    expect((await loginWith(t, user, res.data.recoveryCodes[0])).__typename).toBe('MutationCompleteTwoFactorLoginSuccess');
  });
});

describe('another account cannot touch your two-factor sign-in', () => {
  it("reads and changes only its own: your password, codes and recovery codes are refused for it, yours stay as they were", async () => {
    const you = await enableTwoFactor(t);
    const them = await createClub(t.deps);
    expect((await gql(STATUS, {}, them.token)).body.data.myTwoFactor.enabled).toBe(false);
    // their own account has it off: nothing to turn off, and your proofs mean nothing for it
    expect((await gql(DISABLE, { input: { password: you.password } }, them.token)).body.data.disableTwoFactor.__typename).toBe('ConflictError');
    expect((await gql(REGENERATE, { input: { code: formatRecoveryCode(you.recoveryCodes[2]) } }, them.token)).body.data.regenerateRecoveryCodes.__typename).toBe('ConflictError');
    // a setup of theirs is theirs
    const theirs = (await gql(START, {}, them.token)).body.data.startTwoFactorSetup.data.secret;
    expect((await gql(CONFIRM, { input: { code: codeAfter(you.secret) } }, them.token)).body.data.confirmTwoFactorSetup.__typename).toBe(
      codeAfter(you.secret) === codeAfter(theirs) ? 'MutationConfirmTwoFactorSetupSuccess' : 'ValidationError',
    );

    const yours = await t.deps.systemDb.accountTwoFactor.findUniqueOrThrow({ where: { accountId: you.accountId } });
    expect(yours.confirmedAt).not.toBeNull();
    expect(yours.secretEncrypted).toBe(you.secretEncrypted);
    expect(await t.deps.systemDb.recoveryCode.count({ where: { accountId: you.accountId, usedAt: null } })).toBe(10);
    expect((await loginWith(t, you, you.recoveryCodes[2])).__typename).toBe('MutationCompleteTwoFactorLoginSuccess');
  });
});
