// The cross-club accessors of a request are fenced per statement (access/cross-club.ts, issue 34 point 1):
// accountDb and invitationDb let through only what names the signed-in account, a link's token, or what a row read by
// its token named (or a row created from those); statisticsDb only ANALYZE, an index's pending list and the snapshot's
// xmin. Anything else throws CrossClubFenceError before it reaches the database. Both databases.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../../server/generated/prisma/client.js';
import { accountDb, CrossClubFenceError, invitationDb, statisticsDb } from '../../../server/access/cross-club';
import { hashToken } from '../../../server/lib/tokens';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: TestClub;
let other: TestClub;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Recinto' });
  other = await createClub(t.deps, { fullName: 'ASD Altrove' });
  token = randomBytes(24).toString('base64url');
  await t.deps.systemDb.collaboratorInvitation.create({
    data: { clubId: owner.clubId, email: 'nuovo.allenatore@example.it', role: 'segreteria', tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000), invitedById: owner.accountId },
  });
});
afterAll(() => t?.close());

const signedIn = (club: TestClub) => serviceContext(t.deps, { accountId: club.accountId, sessionId: '', membership: null });

describe('accountDb', () => {
  it("passes the account's own rows and refuses a statement that names neither the account nor a link", async () => {
    const { accountId, db } = accountDb(signedIn(owner));
    await expect(db.notification.findMany({ where: { accountId } })).resolves.toBeInstanceOf(Array);
    await expect(db.notification.findMany({})).rejects.toBeInstanceOf(CrossClubFenceError);
    await expect(db.person.findMany({ where: { clubId: other.clubId } })).rejects.toBeInstanceOf(CrossClubFenceError);
    await expect(db.notification.findMany({ where: { accountId: other.accountId } })).rejects.toBeInstanceOf(CrossClubFenceError);
  });

  it('passes raw SQL only with the account as a parameter', async () => {
    const { accountId, db } = accountDb(signedIn(owner));
    await expect(db.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId}::uuid`).resolves.toHaveLength(1);
    await expect(db.$queryRaw`SELECT count(*) FROM people`).rejects.toBeInstanceOf(CrossClubFenceError);
  });
});

describe('invitationDb', () => {
  it("reaches the token's invitation, then what it names, and nothing else", async () => {
    const db = invitationDb({ deps: t.deps });
    // before the token is read nothing of it is granted
    await expect(db.club.findUnique({ where: { id: owner.clubId } })).rejects.toBeInstanceOf(CrossClubFenceError);
    const invitation = await db.collaboratorInvitation.findUnique({ where: { tokenHash: hashToken(token) } });
    expect(invitation?.clubId).toBe(owner.clubId);
    await expect(db.club.findUnique({ where: { id: owner.clubId }, select: { fullName: true } })).resolves.toEqual({ fullName: 'ASD Recinto' });
    await expect(db.accountProfile.findUnique({ where: { accountId: owner.accountId } })).resolves.not.toBeNull(); // the inviter
    await expect(db.account.findUnique({ where: { email: 'nuovo.allenatore@example.it' } })).resolves.toBeNull();
    await expect(db.club.findUnique({ where: { id: other.clubId } })).rejects.toBeInstanceOf(CrossClubFenceError);
    await expect(db.membership.findMany({ where: { role: 'owner' } })).rejects.toBeInstanceOf(CrossClubFenceError);
    // a fence of another call starts with nothing granted
    await expect(invitationDb({ deps: t.deps }).club.findUnique({ where: { id: owner.clubId } })).rejects.toBeInstanceOf(CrossClubFenceError);
  });

  it('an unknown token grants nothing', async () => {
    const db = invitationDb({ deps: t.deps });
    await expect(db.collaboratorInvitation.findUnique({ where: { tokenHash: hashToken('nessuno') } })).resolves.toBeNull();
    await expect(db.club.findUnique({ where: { id: owner.clubId } })).rejects.toBeInstanceOf(CrossClubFenceError);
  });
});

describe('statisticsDb', () => {
  it('runs ANALYZE, an index pending list and the snapshot xmin, and refuses every other statement', async () => {
    const db = statisticsDb({ deps: t.deps });
    const people = await t.deps.systemDb.person.count();
    await expect(db.$executeRaw(Prisma.sql`ANALYZE ${Prisma.raw('people')}`)).resolves.toBeDefined();
    await expect(db.$queryRaw`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin`).resolves.toHaveLength(1);
    await expect(db.$queryRaw`SELECT count(*) FROM people`).rejects.toBeInstanceOf(CrossClubFenceError);
    await expect(db.$executeRaw`DELETE FROM people`).rejects.toBeInstanceOf(CrossClubFenceError);
    await expect(db.person.findMany()).rejects.toBeInstanceOf(CrossClubFenceError);
    expect(await t.deps.systemDb.person.count()).toBe(people); // the DELETE above never ran
  });
});
