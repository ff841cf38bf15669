// Sessions also end after SESSION_IDLE_DAYS (14 by default) without use: lastUsedAt, written at most every 5
// minutes, is moved back in the database instead of waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { hashToken } from '../../../server/lib/tokens';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { signInAgain } from './account-helpers';

const DAY = 24 * 60 * 60 * 1000;
const ME = `{ me { id } }`;
const SESSIONS = `{ mySessions { id } }`;

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
});
afterAll(() => t.close());

const lastUsed = (token: string, at: Date) => t.deps.systemDb.session.update({ where: { tokenHash: hashToken(token) }, data: { lastUsedAt: at } });
const session = (token: string) => t.deps.systemDb.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });

describe('idle sessions', () => {
  it('defaults to 14 days', () => {
    expect(t.deps.config.sessionIdleDays).toBe(14);
  });

  it('refuses a session unused for longer than the idle period, with the usual 401 message', async () => {
    const token = await signInAgain(t.deps, club.email, club.password);
    await lastUsed(token, new Date(Date.now() - 14 * DAY - 60_000));
    expect((await gql(t.app, ME, {}, { token })).body.data!.me).toBeNull();
    const legacy = await rest(t.app, '/me', {}, { token });
    expect([legacy.statusCode, legacy.body.message]).toEqual([401, MSG.notAuthenticated]);
    const graphqlClub = await gql(t.app, `{ appSettings { club { id } } }`, {}, { token, club: club.clubToken });
    expect(graphqlClub.body.errors?.[0]).toMatchObject({ message: MSG.notAuthenticated, extensions: { code: 'UNAUTHENTICATED' } });
    // and it is no longer listed among the account's active sessions
    const listed = (await gql(t.app, SESSIONS, {}, { token: club.token })).body.data!.mySessions.map((s: { id: string }) => s.id);
    expect(listed).not.toContain((await session(token)).id);
  });

  it('keeps a session used within the period, and touches lastUsedAt at most every 5 minutes', async () => {
    const token = await signInAgain(t.deps, club.email, club.password);
    const thirteenDays = new Date(Date.now() - 13 * DAY);
    await lastUsed(token, thirteenDays);
    expect((await gql(t.app, ME, {}, { token })).body.data!.me).toEqual({ id: club.accountId });
    const touched = (await session(token)).lastUsedAt;
    expect(touched.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // used a minute ago: no write
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await lastUsed(token, aMinuteAgo);
    expect((await gql(t.app, ME, {}, { token })).body.data!.me).toEqual({ id: club.accountId });
    expect((await session(token)).lastUsedAt).toEqual(aMinuteAgo);
  });

  it('follows SESSION_IDLE_DAYS', async () => {
    const short = await startTestApp({ sessionIdleDays: 1 });
    try {
      const owner = await createClub(short.deps);
      await short.deps.systemDb.session.update({ where: { tokenHash: hashToken(owner.token) }, data: { lastUsedAt: new Date(Date.now() - DAY - 60_000) } });
      expect((await gql(short.app, ME, {}, { token: owner.token })).body.data!.me).toBeNull();
    } finally {
      await short.close();
    }
  });
});
