// Security page: mySessions lists the account's active sessions (this one marked current); revokeSession ends one
// of them, and answers any other account's session id exactly like an unknown one, leaving it untouched;
// revokeOtherSessions ends all but the current one. (tests/server/accounts/sessions.test.ts covers login/logout.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { hashToken } from '../../../server/lib/tokens';
import { deviceLabel, UNKNOWN_DEVICE } from '../../../server/modules/accounts/device-label';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { signInAgain } from './account-helpers';

const SESSIONS = /* GraphQL */ `{ mySessions { id userAgent deviceLabel ip createdAt lastUsedAt expiresAt current } }`;
const REVOKE = /* GraphQL */ `
  mutation($id: ID!) {
    revokeSession(id: $id) { __typename ... on MutationRevokeSessionSuccess { data { message current } } ... on BaseError { code message } }
  }`;
const REVOKE_OTHERS = /* GraphQL */ `
  mutation { revokeOtherSessions { __typename ... on MutationRevokeOtherSessionsSuccess { data { message count } } ... on BaseError { code message } } }`;
const ME = /* GraphQL */ `{ me { id } }`;

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Row = { id: string; userAgent: string | null; deviceLabel: string; ip: string | null; current: boolean; expiresAt: string };
const sessionsOf = async (token: string): Promise<Row[]> => (await gql(t.app, SESSIONS, {}, { token })).body.data!.mySessions;
const sessionId = async (token: string) => (await t.deps.systemDb.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).id;
const signedIn = async (token: string) => (await gql(t.app, ME, {}, { token })).body.data!.me !== null;

describe('mySessions', () => {
  it("lists only the account's active sessions, the current one marked, with a readable device", async () => {
    const club = await createClub(t.deps);
    const other = await createClub(t.deps);
    const phone = await signInAgain(t.deps, club.email, club.password, SAFARI_IPHONE);
    const desktop = await signInAgain(t.deps, club.email, club.password, CHROME_WINDOWS);
    const revoked = await signInAgain(t.deps, club.email, club.password);
    const expired = await signInAgain(t.deps, club.email, club.password);
    await t.deps.systemDb.session.update({ where: { tokenHash: hashToken(revoked) }, data: { revokedAt: new Date() } });
    await t.deps.systemDb.session.update({ where: { tokenHash: hashToken(expired) }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const [first, phoneId, desktopId] = [await sessionId(club.token), await sessionId(phone), await sessionId(desktop)];
    const rows = await sessionsOf(desktop);
    expect(rows.map((r) => r.id).sort()).toEqual([first, phoneId, desktopId].sort());
    expect(rows.filter((r) => r.current).map((r) => r.id)).toEqual([desktopId]);
    expect(rows.find((r) => r.id === phoneId)).toMatchObject({ userAgent: SAFARI_IPHONE, deviceLabel: 'Safari su iPhone' });
    expect(rows.find((r) => r.current)).toMatchObject({ deviceLabel: 'Chrome su Windows', ip: expect.stringMatching(/^10\.30\./) });
    expect(new Date(rows[0].expiresAt).getTime()).toBeGreaterThan(Date.now());
    // nothing of the other account
    const otherIds = (await t.deps.systemDb.session.findMany({ where: { accountId: other.accountId } })).map((s) => s.id);
    expect(rows.some((r) => otherIds.includes(r.id))).toBe(false);
  });

  it('refuses without a session', async () => {
    const res = await gql(t.app, SESSIONS);
    expect(res.body.errors?.[0]).toMatchObject({ message: MSG.notAuthenticated, extensions: { code: 'UNAUTHENTICATED' } });
    expect(res.body.data ?? null).toBeNull();
  });
});

describe('revokeSession', () => {
  let club: TestClub;
  let other: TestClub;
  beforeAll(async () => {
    club = await createClub(t.deps);
    other = await createClub(t.deps);
  });

  it('ends one of the own sessions: its token no longer opens anything', async () => {
    const phone = await signInAgain(t.deps, club.email, club.password, SAFARI_IPHONE);
    const res = await gql(t.app, REVOKE, { id: await sessionId(phone) }, { token: club.token });
    expect(res.body.data!.revokeSession).toEqual({ __typename: 'MutationRevokeSessionSuccess', data: { message: MSG.sessionRevoked, current: false } });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(club.token)).toBe(true);
    // already ended: like an unknown one
    expect((await gql(t.app, REVOKE, { id: await sessionId(phone) }, { token: club.token })).body.data!.revokeSession.code).toBe('NOT_FOUND');
  });

  it("answers another account's session like an unknown id, and leaves it untouched", async () => {
    const victimId = await sessionId(other.token);
    const before = await t.deps.systemDb.session.findUniqueOrThrow({ where: { id: victimId } });
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.sessionNotFound };
    expect((await gql(t.app, REVOKE, { id: victimId }, { token: club.token, club: club.clubToken })).body.data!.revokeSession).toEqual(notFound);
    expect((await gql(t.app, REVOKE, { id: randomUUID() }, { token: club.token })).body.data!.revokeSession).toEqual(notFound);
    expect((await gql(t.app, REVOKE, { id: 'non-un-uuid' }, { token: club.token })).body.data!.revokeSession).toEqual(notFound);
    expect(await t.deps.systemDb.session.findUniqueOrThrow({ where: { id: victimId } })).toEqual(before);
    expect(await signedIn(other.token)).toBe(true);
  });

  it('ending the current session signs out', async () => {
    const laptop = await signInAgain(t.deps, club.email, club.password);
    const res = await gql(t.app, REVOKE, { id: await sessionId(laptop) }, { token: laptop });
    expect(res.body.data!.revokeSession.data).toEqual({ message: MSG.sessionRevoked, current: true });
    expect(await signedIn(laptop)).toBe(false);
  });

  it('refuses without a session, touching nothing', async () => {
    const id = await sessionId(other.token);
    expect((await gql(t.app, REVOKE, { id })).body.data!.revokeSession).toEqual({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED', message: MSG.notAuthenticated });
    expect(await signedIn(other.token)).toBe(true);
  });
});

describe('revokeOtherSessions', () => {
  it("ends every other session of the account, keeps this one, and no other account's", async () => {
    const club = await createClub(t.deps);
    const other = await createClub(t.deps);
    const a = await signInAgain(t.deps, club.email, club.password);
    const b = await signInAgain(t.deps, club.email, club.password);
    const res = await gql(t.app, REVOKE_OTHERS, {}, { token: club.token });
    expect(res.body.data!.revokeOtherSessions).toEqual({ __typename: 'MutationRevokeOtherSessionsSuccess', data: { message: MSG.otherSessionsRevoked(2), count: 2 } });
    expect([await signedIn(club.token), await signedIn(a), await signedIn(b), await signedIn(other.token)]).toEqual([true, false, false, true]);
    expect((await sessionsOf(club.token)).map((r) => r.current)).toEqual([true]);
    // nothing left to end
    expect((await gql(t.app, REVOKE_OTHERS, {}, { token: club.token })).body.data!.revokeOtherSessions.data).toEqual({ message: MSG.otherSessionsRevoked(0), count: 0 });
  });

  it('refuses without a session', async () => {
    expect((await gql(t.app, REVOKE_OTHERS)).body.data!.revokeOtherSessions.code).toBe('UNAUTHENTICATED');
  });
});

describe('deviceLabel', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome su Windows'],
    [SAFARI_IPHONE, 'Safari su iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox su Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', 'Edge su macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', 'Chrome su Android'],
    ['curl/8.5.0', 'curl'],
    ['', UNKNOWN_DEVICE],
    [null, UNKNOWN_DEVICE],
  ])('%s -> %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});
