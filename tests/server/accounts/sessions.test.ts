import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { hashToken } from '../../../server/lib/tokens';
import { startTestApp, type TestApp } from '../../support/test-app';
import { gql } from '../../support/http';
import { addClubTo, createClub, type TestClub } from '../../support/factories';

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess { data { token account { id email profile { clubs { token club { id fullName } } } } } }
      ... on BaseError { code message }
      ... on RateLimitError { retryAfterSeconds }
    }
  }`;
const ME = /* GraphQL */ `{ me { id email profile { firstname clubs { token club { fullName } } } } }`;
const LOGOUT = /* GraphQL */ `mutation { logout { __typename ... on MutationLogoutSuccess { data } ... on BaseError { code message } } }`;
const APP_SETTINGS = /* GraphQL */ `{ appSettings { club { id fullName seasonLabel } typeGroups { key name layout } } }`;

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
});
afterAll(() => t.close());

async function login(email: string, password: string) {
  return (await gql(t.app, LOGIN, { input: { email, password } })).body.data!.login;
}

describe('login, me, logout', () => {
  it('logs in with the session token and every club with its own token', async () => {
    const second = await addClubTo(t.deps, club.accountId, 'Polisportiva Due');
    const result = await login(club.email.toUpperCase(), club.password);
    expect(result.__typename).toBe('MutationLoginSuccess');
    const clubs = result.data.account.profile.clubs;
    expect(clubs.map((c: { token: string }) => c.token)).toEqual([club.clubToken, second.clubToken]);
    expect(new Set(clubs.map((c: { token: string }) => c.token)).size).toBe(2);

    // each club token selects its own club for the same session
    const token = result.data.token;
    const a = await gql(t.app, APP_SETTINGS, {}, { token, club: club.clubToken });
    const b = await gql(t.app, APP_SETTINGS, {}, { token, club: second.clubToken });
    expect(a.body.data!.appSettings.club.id).toBe(club.clubId);
    expect(b.body.data!.appSettings.club.fullName).toBe('Polisportiva Due');
    expect(a.body.data!.appSettings.typeGroups.map((g: { layout: string }) => g.layout)).toEqual(['athlete', 'manager', 'coach', 'staff', 'member', 'voluntary']);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await login(club.email, 'sbagliata-123');
    const unknown = await login('nessuno@example.it', 'sbagliata-123');
    expect(wrong).toEqual({ __typename: 'InvalidCredentialsError', code: 'INVALID_CREDENTIALS', message: MSG.loginFailed });
    expect(unknown).toEqual(wrong);
  });

  it('answers me for a valid session and null without one', async () => {
    const me = await gql(t.app, ME, {}, { token: club.token });
    expect(me.body.data!.me).toMatchObject({ id: club.accountId, email: club.email, profile: { firstname: 'Mario' } });
    // null, and no error beside it
    expect((await gql(t.app, ME)).body).toEqual({ data: { me: null } });
    expect((await gql(t.app, ME, {}, { token: 'inventato' })).body).toEqual({ data: { me: null } });
  });

  it('logout revokes the session on the server', async () => {
    const { data } = await login(club.email, club.password);
    expect((await gql(t.app, LOGOUT, {}, { token: data.token })).body.data!.logout).toEqual({ __typename: 'MutationLogoutSuccess', data: true });
    expect((await gql(t.app, ME, {}, { token: data.token })).body.data!.me).toBeNull();
    expect((await gql(t.app, LOGOUT, {}, { token: data.token })).body.data!.logout.code).toBe('UNAUTHENTICATED');
    // other sessions of the account are untouched
    expect((await gql(t.app, ME, {}, { token: club.token })).body.data!.me).not.toBeNull();
  });

  it('expired sessions are refused', async () => {
    const { data } = await login(club.email, club.password);
    await t.deps.systemDb.session.update({ where: { tokenHash: hashToken(data.token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await gql(t.app, ME, {}, { token: data.token })).body.data!.me).toBeNull();
  });

  it('sessions last SESSION_TTL_DAYS (30 by default) and store only a hash of the token', async () => {
    const { data } = await login(club.email, club.password);
    const sessions = await t.deps.systemDb.session.findMany({ where: { accountId: club.accountId }, orderBy: { createdAt: 'desc' }, take: 1 });
    const days = (sessions[0].expiresAt.getTime() - sessions[0].createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
    expect(sessions[0].tokenHash).not.toContain(data.token);
    expect(sessions[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('club scoping', () => {
  it("refuses a club token of another account's club, and learns nothing about it", async () => {
    const other = await createClub(t.deps);
    const res = await gql(t.app, APP_SETTINGS, {}, { token: club.token, club: other.clubToken });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ errors: [{ message: MSG.clubForbidden, extensions: { code: 'FORBIDDEN' } }] });
    expect(JSON.stringify(res.body)).not.toContain(other.clubId);
  });

  it('refuses club data without a session or without the club header', async () => {
    const anonymous = await gql(t.app, APP_SETTINGS, {}, { club: club.clubToken });
    expect(anonymous.body.errors?.[0]).toMatchObject({ message: MSG.notAuthenticated, extensions: { code: 'UNAUTHENTICATED' } });
    const noClub = await gql(t.app, APP_SETTINGS, {}, { token: club.token });
    expect(noClub.body.errors?.[0]).toMatchObject({ message: MSG.clubHeaderMissing, extensions: { code: 'FORBIDDEN' } });
  });
});

describe('rate limits', () => {
  it('limits login attempts per account with a clear Italian message', async () => {
    const victim = await createClub(t.deps);
    let last;
    for (let i = 0; i < 11; i++) last = await login(victim.email, `tentativo-${i}-errato`);
    expect(last).toMatchObject({ __typename: 'RateLimitError', code: 'RATE_LIMITED', message: MSG.rateLimited(15) });
    expect(last.retryAfterSeconds).toBeGreaterThan(800);
    // even the right password waits now
    expect((await login(victim.email, victim.password)).__typename).toBe('RateLimitError');
  });

  it('limits login attempts per IP across accounts', async () => {
    const fresh = await startTestApp();
    try {
      const results = [];
      for (let i = 0; i < 31; i++) {
        const res = await gql(fresh.app, LOGIN, { input: { email: `utente${i}@example.it`, password: 'qualcosa-1' } });
        results.push(res.body.data!.login.__typename);
      }
      expect(results.slice(0, 30).every((r) => r === 'InvalidCredentialsError')).toBe(true);
      expect(results[30]).toBe('RateLimitError');
    } finally {
      await fresh.close();
    }
  });
});
