// The session cache (server/auth/session-cache.ts) keeps what each request's sign-in check reads, and every change
// that ends or narrows access still reaches the very next request: sign-out, a revoked session, a password change,
// a disabled account, a removed member, a changed role or coached groups, a rotated club token, an archived club,
// the club's two-factor rule and two-factor turned off. Each case first makes a request that fills the cache (and
// checks that it did), then makes the change, then the next request. On PostgreSQL the same changes made on one
// instance reach the next request on a second instance sharing the database, and an instance whose listening
// connection drops stops serving from memory until it listens again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampoApp } from '../../../server/app';
import { resolveViewer } from '../../../server/auth/viewer';
import { hashToken } from '../../../server/lib/tokens';
import { addCollaborator, createClub, PASSWORD, type TestClub } from '../../support/factories';
import { gql, type Credentials } from '../../support/http';
import { adminQuery } from '../../support/postgres';
import { startSecondInstance, startTestApp, usingPostgres, type TestApp } from '../../support/test-app';
import { enableTwoFactor } from '../two-factor/two-factor-helpers';
import { signInAgain } from './account-helpers';

const ME = `{ me { id } }`;

type App = Pick<CampoApp, 'app' | 'deps'>;

/** What the next request meets: served ('ok'), signed out (no viewer), or refused with its code. */
async function outcome(on: App, creds: Credentials): Promise<string> {
  const res = await gql(on.app, ME, {}, creds);
  if (res.body.errors?.length) return res.body.errors[0].extensions?.code ?? res.body.errors[0].message;
  return res.body.data?.me ? 'ok' : 'signed out';
}

/** A request that fills `on`'s cache for these credentials, then the proof that it did. */
async function warm(on: App, creds: Credentials) {
  expect(await outcome(on, creds)).toBe('ok');
  expect(on.deps.sessionCache.serving).toBe(true);
  expect(on.deps.sessionCache.session(hashToken(creds.token!))).toBeDefined();
  if (creds.club) expect(on.deps.sessionCache.membership(creds.club)).toBeDefined();
}

/** A GraphQL mutation that must succeed (its union's success member). */
async function mutate(on: App, document: string, variables: Record<string, unknown>, creds: Credentials) {
  const res = await gql(on.app, document, variables, creds);
  const result = Object.values(res.body.data ?? {})[0] as { __typename?: string; message?: string } | undefined;
  if (!result?.__typename?.endsWith('Success')) throw new Error(`${document}: ${JSON.stringify(res.body)}`);
}

const LOGOUT = `mutation { logout { __typename } }`;
const REVOKE = `mutation($id: ID!) { revokeSession(id: $id) { __typename ... on BaseError { message } } }`;
const REVOKE_OTHERS = `mutation { revokeOtherSessions { __typename ... on BaseError { message } } }`;
const CHANGE_PASSWORD = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on BaseError { message } } }`;
const REMOVE = `mutation($id: ID!) { removeCollaborator(id: $id) { __typename ... on BaseError { message } } }`;
const CHANGE_ROLE = `mutation($id: ID!, $input: ChangeCollaboratorRoleInput!) { changeCollaboratorRole(id: $id, input: $input) { __typename ... on BaseError { message } } }`;
const ROTATE = `mutation { rotateClubToken { __typename ... on BaseError { message } } }`;
const ARCHIVE = `mutation($id: ID!) { archiveClub(id: $id) { __typename ... on BaseError { message } } }`;
const REQUIRE_2FA = `mutation($required: Boolean!) { setClubTwoFactorRequirement(required: $required) { __typename ... on BaseError { message } } }`;
const DISABLE_2FA = `mutation($input: TwoFactorProofInput!) { disableTwoFactor(input: $input) { __typename ... on BaseError { message } } }`;

const sessionId = async (on: App, token: string) => (await on.deps.systemDb.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).id;
const membershipOf = (on: App, member: TestClub) => on.deps.systemDb.membership.findFirstOrThrow({ where: { token: member.clubToken } });
const group = (on: App, clubId: string, name: string) => on.deps.systemDb.group.create({ data: { clubId, name, type: 'athlete' } });

/**
 * Every change, made through `writer` (its services, or SQL on its client) and seen by `reader`'s next request:
 * the same instance, or a second one on the same PostgreSQL database.
 */
function revocations(setup: () => { writer: App; reader: App }) {
  let writer: App;
  let reader: App;
  let owner: TestClub;
  const fresh = async (member: TestClub): Promise<Credentials> => ({ token: await signInAgain(writer.deps, member.email, member.password), club: member.clubToken });
  beforeAll(async () => {
    ({ writer, reader } = setup());
    owner = await createClub(writer.deps);
  });

  it('sign-out', async () => {
    const creds = await fresh(owner);
    await warm(reader, creds);
    await mutate(writer, LOGOUT, {}, creds);
    expect(await outcome(reader, creds)).toBe('signed out');
  });

  it('a session revoked from another one, and every other session at once', async () => {
    const [one, two, three] = [await fresh(owner), await fresh(owner), await fresh(owner)];
    for (const creds of [two, three]) await warm(reader, creds);
    await mutate(writer, REVOKE, { id: await sessionId(writer, two.token!) }, one);
    expect(await outcome(reader, two)).toBe('signed out');
    await mutate(writer, REVOKE_OTHERS, {}, one);
    expect(await outcome(reader, three)).toBe('signed out');
    expect(await outcome(reader, one)).toBe('ok');
  });

  it('a password change ends the other sessions', async () => {
    const member = await createClub(writer.deps);
    const [changing, other] = [await fresh(member), await fresh(member)];
    await warm(reader, other);
    await mutate(writer, CHANGE_PASSWORD, { input: { currentPassword: PASSWORD, newPassword: 'nuova-password-1', newPasswordConfirmation: 'nuova-password-1' } }, changing);
    expect(await outcome(reader, other)).toBe('signed out');
    expect(await outcome(reader, changing)).toBe('ok');
  });

  it('a disabled account (changed in the database: there is no service for it), and enabled again', async () => {
    const member = await createClub(writer.deps);
    const creds = await fresh(member);
    await warm(reader, creds);
    await writer.deps.systemDb.account.update({ where: { id: member.accountId }, data: { isActive: false } });
    expect(await outcome(reader, creds)).toBe('signed out');
    await writer.deps.systemDb.account.update({ where: { id: member.accountId }, data: { isActive: true } });
    expect(await outcome(reader, creds)).toBe('ok');
  });

  it('a removed member', async () => {
    const member = await addCollaborator(writer.deps, owner, 'segreteria');
    const creds = await fresh(member);
    await warm(reader, creds);
    await mutate(writer, REMOVE, { id: (await membershipOf(writer, member)).id }, await fresh(owner));
    expect(await outcome(reader, creds)).toBe('FORBIDDEN');
  });

  it('a changed role, and a coach\'s changed groups', async () => {
    const member = await addCollaborator(writer.deps, owner, 'admin');
    const creds = await fresh(member);
    const { id } = await membershipOf(writer, member);
    const [first, second] = [await group(writer, owner.clubId, 'Under 12'), await group(writer, owner.clubId, 'Under 14')];
    await warm(reader, creds);
    await mutate(writer, CHANGE_ROLE, { id, input: { role: 'allenatore', groupIds: [first.id] } }, await fresh(owner));
    expect((await resolveViewer(reader.deps, { bearer: creds.token, clubToken: creds.club }))?.membership).toMatchObject({ role: 'allenatore', groupIds: [first.id] });
    expect(reader.deps.sessionCache.membership(creds.club!)).toBeDefined();
    await mutate(writer, CHANGE_ROLE, { id, input: { role: 'allenatore', groupIds: [second.id] } }, await fresh(owner));
    expect((await resolveViewer(reader.deps, { bearer: creds.token, clubToken: creds.club }))?.membership).toMatchObject({ role: 'allenatore', groupIds: [second.id] });
    await mutate(writer, CHANGE_ROLE, { id, input: { role: 'lettura' } }, await fresh(owner));
    expect((await resolveViewer(reader.deps, { bearer: creds.token, clubToken: creds.club }))?.membership).toMatchObject({ role: 'lettura', groupIds: [] });
  });

  it('a rotated club token', async () => {
    const member = await addCollaborator(writer.deps, owner, 'lettura');
    const creds = await fresh(member);
    await warm(reader, creds);
    await mutate(writer, ROTATE, {}, creds);
    expect(await outcome(reader, creds)).toBe('FORBIDDEN');
    expect(await outcome(reader, { token: creds.token, club: (await writer.deps.systemDb.membership.findFirstOrThrow({ where: { accountId: member.accountId, clubId: owner.clubId } })).token })).toBe('ok');
  });

  it('an archived club', async () => {
    const club = await createClub(writer.deps);
    const member = await addCollaborator(writer.deps, club, 'segreteria');
    const [ownerCreds, memberCreds] = [await fresh(club), await fresh(member)];
    await warm(reader, ownerCreds);
    await warm(reader, memberCreds);
    await mutate(writer, ARCHIVE, { id: club.clubId }, ownerCreds);
    expect(await outcome(reader, memberCreds)).toBe('FORBIDDEN');
    expect(await outcome(reader, ownerCreds)).toBe('FORBIDDEN');
  });

  it('the club\'s two-factor rule, and two-factor turned off', async () => {
    const club = await enableTwoFactor(writer as TestApp, await createClub(writer.deps));
    const admin = await addCollaborator(writer.deps, club, 'admin');
    const ownerCreds = { token: club.token, club: club.clubToken };
    const adminCreds = await fresh(admin);
    await warm(reader, ownerCreds);
    await warm(reader, adminCreds);
    await mutate(writer, REQUIRE_2FA, { required: true }, ownerCreds);
    expect(await outcome(reader, adminCreds)).toBe('TWO_FACTOR_REQUIRED');
    expect(await outcome(reader, ownerCreds)).toBe('ok');
    await mutate(writer, DISABLE_2FA, { input: { password: PASSWORD } }, ownerCreds);
    expect(await outcome(reader, ownerCreds)).toBe('TWO_FACTOR_REQUIRED');
  });

  it('keeps touching lastUsedAt: a session last used over 5 minutes ago is written once, then served from memory', async () => {
    const creds = await fresh(owner);
    await warm(reader, creds);
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    await writer.deps.systemDb.session.update({ where: { tokenHash: hashToken(creds.token!) }, data: { lastUsedAt: sixMinutesAgo } });
    expect(await outcome(reader, creds)).toBe('ok');
    const touched = (await writer.deps.systemDb.session.findUniqueOrThrow({ where: { tokenHash: hashToken(creds.token!) } })).lastUsedAt;
    expect(touched.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await warm(reader, creds);
  });
}

describe('the session cache on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  revocations(() => ({ writer: t, reader: t }));
});

describe('SESSION_CACHE=false (e.g. a pooler in transaction mode, where LISTEN hears nothing)', () => {
  it('keeps nothing: every request reads the database', async () => {
    const t = await startTestApp({ sessionCache: false });
    try {
      const owner = await createClub(t.deps);
      const creds = { token: owner.token, club: owner.clubToken };
      expect(await outcome(t, creds)).toBe('ok');
      expect(await outcome(t, creds)).toBe('ok');
      expect(t.deps.sessionCache.serving).toBe(false);
      expect(t.deps.sessionCache.session(hashToken(owner.token))).toBeUndefined();
      await mutate(t, LOGOUT, {}, creds);
      expect(await outcome(t, creds)).toBe('signed out');
    } finally {
      await t.close();
    }
  });
});

describe.runIf(usingPostgres())('the session cache on two instances sharing a PostgreSQL database', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    a = await startTestApp();
    // A second app on A's database, as a second server behind a load balancer.
    b = await startSecondInstance(a);
    await vi.waitFor(() => expect(b.deps.sessionCache.serving).toBe(true));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  revocations(() => ({ writer: a, reader: b }));

  it('stops serving from memory while its listening connection is down, and serves again once it is back', async () => {
    const owner = await createClub(a.deps);
    const creds = { token: owner.token, club: owner.clubToken };
    await warm(b, creds);
    // Both instances' listeners (they carry the same name) are ended by the database, as a network cut would.
    const database = new URL(a.deps.config.databaseUrl!).pathname.slice(1);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND application_name = 'campobase session cache'`);
    await vi.waitFor(() => expect(b.deps.sessionCache.serving).toBe(false), { timeout: 5_000, interval: 5 });
    // Emptied, and nothing is served from memory until it listens again: requests read the database.
    expect(b.deps.sessionCache.session(hashToken(owner.token))).toBeUndefined();
    expect(b.deps.sessionCache.membership(owner.clubToken)).toBeUndefined();
    // Back (the first retry is half a second later), from an empty cache, and hearing changes again.
    await vi.waitFor(() => expect([a.deps.sessionCache.serving, b.deps.sessionCache.serving]).toEqual([true, true]), { timeout: 10_000, interval: 50 });
    expect(b.deps.sessionCache.session(hashToken(owner.token))).toBeUndefined();
    await warm(b, creds);
    await mutate(a, LOGOUT, {}, creds);
    expect(await outcome(b, creds)).toBe('signed out');
  });
});
