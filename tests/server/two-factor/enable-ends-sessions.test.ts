// Turning two-factor sign-in on ends the account's other sessions (they were opened with the password alone), over
// real HTTP with the session cache serving: a session used just before (so cached) stops working at once, the one
// that turned it on keeps working, and another account's session is untouched.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { totpCode } from '../../../server/modules/two-factor/totp';
import { createClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const ME = `{ me { email } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on MutationLoginSuccess { data { token } } } }`;
const START = `mutation { startTwoFactorSetup { __typename ... on MutationStartTwoFactorSetupSuccess { data { secret } } } }`;
const CONFIRM = `mutation($input: ConfirmTwoFactorInput!) { confirmTwoFactorSetup(input: $input) { __typename ... on MutationConfirmTwoFactorSetupSuccess { data { message } } } }`;
const STATUS = `{ myTwoFactor { enabled sessionVerified } }`;

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t?.close());

async function post(query: string, token?: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

/** The signed-in account's e-mail, or null (`me` answers null without a working session). */
const meOf = async (token: string): Promise<string | null> => {
  const body = await post(ME, token);
  expect(body.errors).toBeUndefined();
  return body.data.me?.email ?? null;
};

it('ends every other session of the account, at once, and keeps the one that turned it on', async () => {
  const club = await createClub(t.deps);
  const bystander = await createClub(t.deps);
  const login = await post(LOGIN, undefined, { input: { email: club.email, password: club.password } });
  expect(login.data.login.__typename).toBe('MutationLoginSuccess');
  const older: string = login.data.login.data.token; // e.g. a phone signed in with the password alone
  // Both sessions used once: served from the session cache from now on.
  expect(t.deps.sessionCache.serving).toBe(true);
  for (const token of [older, club.token, bystander.token, older]) expect(await meOf(token)).toMatch(/@/);

  const setup = await post(START, club.token);
  const confirmed = await post(CONFIRM, club.token, { input: { code: totpCode(setup.data.startTwoFactorSetup.data.secret) } });
  expect(confirmed.data.confirmTwoFactorSetup).toEqual({ __typename: 'MutationConfirmTwoFactorSetupSuccess', data: { message: MSG.twoFactorEnabled } });

  expect(await meOf(older)).toBeNull();
  expect(await meOf(club.token)).toBe(club.email);
  expect((await post(STATUS, club.token)).data.myTwoFactor).toEqual({ enabled: true, sessionVerified: true });
  expect(await meOf(bystander.token)).toBe(bystander.email);
  const sessions = await t.deps.systemDb.session.findMany({ where: { accountId: club.accountId }, select: { revokedAt: true, secondFactorAt: true } });
  expect(sessions).toHaveLength(2);
  expect(sessions.filter((s) => s.revokedAt === null)).toEqual([{ revokedAt: null, secondFactorAt: expect.any(Date) }]);
});
