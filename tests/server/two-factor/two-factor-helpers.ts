// Shared by the two-factor tests: an account with two-factor sign-in on (through the real services), requests from
// an IP of their own (so the per-IP allowances of one test never reach another), and the codes of an account.
import { randomInt } from 'node:crypto';
import { resolveViewer } from '../../../server/auth/viewer';
import { confirmTwoFactorSetup, startTwoFactorSetup } from '../../../server/modules/two-factor/two-factor.service';
import { totpCode } from '../../../server/modules/two-factor/totp';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import type { Credentials } from '../../support/http';
import type { TestApp } from '../../support/test-app';

const prefix = `10.${randomInt(100, 250)}`;
let counter = 0;
/** A new client IP per call. */
export const nextIp = () => `${prefix}.${Math.floor(++counter / 250)}.${counter % 250}`;

function headers({ token, club }: Credentials = {}): Record<string, string> {
  return { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(club ? { 'x-club': club } : {}) };
}

export async function gqlFrom(t: TestApp, query: string, variables?: Record<string, unknown>, creds?: Credentials, ip = nextIp()) {
  const res = await t.app.inject({ method: 'POST', url: '/graphql', remoteAddress: ip, headers: headers(creds), payload: JSON.stringify({ query, variables }) });
  return { statusCode: res.statusCode, body: res.json<{ data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> }>() };
}

export async function restFrom(t: TestApp, path: string, body: unknown, creds?: Credentials, ip = nextIp()) {
  const res = await t.app.inject({ method: 'POST', url: `/api${path}`, remoteAddress: ip, headers: headers(creds), payload: JSON.stringify(body) });
  return { statusCode: res.statusCode, body: res.json<{ status: boolean; context: any; message: string }>() };
}

export interface TwoFactorAccount extends TestClub {
  /** The TOTP secret (base32) as the setup showed it. */
  secret: string;
  secretEncrypted: string;
  recoveryCodes: string[];
}

/** A new club's owner (or `club`'s account) with two-factor sign-in on; `token`'s session counts as verified. */
export async function enableTwoFactor(t: TestApp, club?: TestClub): Promise<TwoFactorAccount> {
  const owner = club ?? (await createClub(t.deps));
  const ctx = { ...serviceContext(t.deps, await resolveViewer(t.deps, { bearer: owner.token }), nextIp()) };
  const { secret } = await startTwoFactorSetup(ctx);
  const { recoveryCodes } = await confirmTwoFactorSetup(ctx, { code: totpCode(secret) });
  const row = await t.deps.systemDb.accountTwoFactor.findUniqueOrThrow({ where: { accountId: owner.accountId } });
  return { ...owner, secret, secretEncrypted: row.secretEncrypted, recoveryCodes };
}

/** The code of the next 30-second step: accepted now (the window is one step either side) and not used yet. */
export const codeAfter = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** As if the next step had come: the account's last accepted step is forgotten, so a current code is accepted again. */
export async function forgetUsedStep(t: TestApp, accountId: string): Promise<void> {
  await t.deps.systemDb.accountTwoFactor.update({ where: { accountId }, data: { lastUsedStep: null } });
}

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on TwoFactorChallengeError { challenge } } }`;
const COMPLETE = `mutation($input: CompleteTwoFactorLoginInput!) { completeTwoFactorLogin(input: $input) {
  __typename ... on BaseError { code message } ... on MutationCompleteTwoFactorLoginSuccess { data { token } } } }`;

/** Both steps of a sign-in (GraphQL): completeTwoFactorLogin's result. */
export async function loginWith(t: TestApp, user: { email: string; password: string }, code: string) {
  const login = (await gqlFrom(t, LOGIN, { input: { email: user.email, password: user.password } })).body.data.login;
  if (login.__typename !== 'TwoFactorChallengeError') throw new Error(`expected a challenge, got ${login.__typename}`);
  return (await gqlFrom(t, COMPLETE, { input: { challenge: login.challenge, code } })).body.data.completeTwoFactorLogin;
}
