// The organisation's fence (server/access/organisation-scope.ts, staff-scope.ts, cross-club.ts; issue 34 point 1):
// an API key's client and its staff's client put the organisation and the consenting clubs into every statement, so
// a statement that forgets the narrowing still reaches only the organisation's own rows and, read-only, the clubs
// that consent; another club's and another organisation's rows answer like unknown ids; every write of club data
// is refused, and the key writes only its request log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyDb, apiRequestLogDb } from '../../../server/access/cross-club';
import { enforceOperationRule } from '../../../server/access/operation-access';
import { GRAPHQL_RULES } from '../../../server/access/operation-rules';
import { staffAccessOf } from '../../../server/access/staff-scope';
import { ORGANISATION_RECORD_NOT_FOUND, ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';
import { OrganisationScopeError } from '../../../server/access/organisation-scope';
import { organisationOfRecord, organisationStaffAccess } from '../../../server/access/staff-scope';
import type { RequestContext } from '../../../server/context';
import { Prisma } from '../../../server/generated/prisma/client.js';
import { ForbiddenError, UnauthenticatedError } from '../../../server/lib/errors';
import { apiKeyClient } from '../../../server/modules/federation/federation-access';
import { apiKeyActor } from '../../../server/modules/organisations/api-keys.service';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { affiliate, keyOf, organisationOf } from '../../support/organisation-factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: TestClub;
let otherAdmin: TestClub;
let consenting: TestClub; // affiliated in force, shares everything
let pending: TestClub; // asked, not yet approved
let stranger: TestClub; // affiliated only to the other organisation
let organisationId: string;
let otherOrganisationId: string;
let keyCtx: RequestContext;

const NOT_FOUND = { organisationId: '00000000-0000-0000-0000-000000000000' };

beforeAll(async () => {
  t = await startTestApp();
  [admin, otherAdmin, consenting, pending, stranger] = [await createClub(t.deps), await createClub(t.deps), await createClub(t.deps), await createClub(t.deps), await createClub(t.deps)];
  organisationId = (await organisationOf(t.deps, admin, 'Federazione Recinto')).id;
  otherOrganisationId = (await organisationOf(t.deps, otherAdmin, 'Lega Altrui')).id;
  await affiliate(t.deps, organisationId, consenting.clubId, ['club.profile', 'people.registry']);
  await t.deps.systemDb.affiliation.create({ data: { organisationId, clubId: pending.clubId, status: 'pending', requestedBy: 'organisation' } });
  await affiliate(t.deps, otherOrganisationId, stranger.clubId, ['club.profile', 'people.registry']);
  for (const club of [consenting, pending, stranger]) await createPerson(await clubContext(t.deps, club), 'athlete');
  const key = await keyOf(t.deps, admin, organisationId, ['club.profile', 'people.registry']);
  await keyOf(t.deps, otherAdmin, otherOrganisationId, ['club.profile']);
  keyCtx = { ...serviceContext(t.deps), apiKey: await apiKeyActor(t.deps.db, key.secret) };
});
afterAll(() => t.close());

describe("an API key's client", () => {
  it('a read that names no club reaches only the consenting clubs, relations and details included', async () => {
    const db = apiKeyClient(keyCtx);
    const people = await db.person.findMany({ select: { clubId: true } }); // deliberately unnarrowed
    expect(people.map((p) => p.clubId)).toEqual([consenting.clubId]);
    expect(await db.personRole.count()).toBe(1);
    expect(await db.athleteDetails.count()).toBe(1);
    expect((await db.club.findMany({ select: { id: true } })).map((c) => c.id)).toEqual([consenting.clubId]);
    // Another club's row by its id answers like an unknown id, through a relation too.
    expect(await db.club.findUnique({ where: { id: stranger.clubId } })).toBeNull();
    const withPeople = await db.club.findMany({ select: { id: true, people: { select: { clubId: true } } } });
    expect(withPeople.flatMap((c) => c.people.map((p) => p.clubId))).toEqual([consenting.clubId]);
  });

  it("the organisation's own rows: every affiliation of its own (pending too), never another organisation's", async () => {
    const db = apiKeyClient(keyCtx);
    const affiliations = await db.affiliation.findMany({ select: { organisationId: true, clubId: true } });
    expect(affiliations.map((a) => a.clubId).sort()).toEqual([consenting.clubId, pending.clubId].sort());
    expect(await db.organisationApiKey.count()).toBe(1);
    expect((await db.organisation.findMany({ select: { id: true } })).map((o) => o.id)).toEqual([organisationId]);
    expect(await db.affiliation.count({ where: { organisationId: otherOrganisationId } })).toBe(0);
  });

  it('raw SQL only with the consenting clubs bound, and never a write', async () => {
    const db = apiKeyClient(keyCtx);
    const [row] = await db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM people WHERE club_id = ANY(${[consenting.clubId]}::uuid[])`;
    expect(row.n).toBe(1);
    await expect(db.$queryRaw`SELECT count(*) FROM people WHERE club_id = ANY(${[consenting.clubId, stranger.clubId]}::uuid[])`).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.$queryRaw`SELECT count(*) FROM people`).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.$executeRaw`UPDATE people SET firstname = 'X' WHERE club_id = ANY(${[consenting.clubId]}::uuid[])`).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.$queryRaw(Prisma.sql`DELETE FROM people WHERE club_id = ANY(${[consenting.clubId]}::uuid[]) RETURNING id`)).rejects.toBeInstanceOf(OrganisationScopeError);
  });

  it('every write is refused, of club data and of its own rows; accounts are out of reach', async () => {
    const db = apiKeyClient(keyCtx);
    await expect(db.person.updateMany({ data: { firstname: 'Scritto' } })).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.club.update({ where: { id: consenting.clubId }, data: { fullName: 'Presa' } })).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.affiliation.updateMany({ data: { scopes: ['people.contacts'] } })).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.organisationApiKey.create({ data: { organisationId, name: 'x', prefix: 'cbk_x', secretHash: 'x' } })).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.account.findMany()).rejects.toBeInstanceOf(OrganisationScopeError);
    const names = await t.deps.systemDb.person.findMany({ where: { firstname: 'Scritto' } });
    expect(names).toEqual([]);
  });

  it('refused to any other caller; the request log is its one write, naming its organisation and key', async () => {
    const memberCtx = await clubContext(t.deps, admin);
    expect(() => apiKeyDb(memberCtx)).toThrow(UnauthenticatedError);
    expect(() => apiRequestLogDb(serviceContext(t.deps))).toThrow(UnauthenticatedError);
    await expect(apiRequestLogDb(keyCtx).$executeRaw`DELETE FROM api_requests WHERE organisation_id = ${otherOrganisationId}::uuid`).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(apiRequestLogDb(keyCtx).club.findMany()).rejects.toBeInstanceOf(OrganisationScopeError);
  });
});

describe("an organisation's staff", () => {
  it("admitted by the operation table's staff rule, once per operation; the service gets only what was admitted", async () => {
    const overview = GRAPHQL_RULES['Query.organisationOverview'];
    await expect(enforceOperationRule(serviceContext(t.deps), overview, undefined, { organisationId })).rejects.toBeInstanceOf(UnauthenticatedError);
    const outsiderCtx = await clubContext(t.deps, otherAdmin);
    await expect(enforceOperationRule(outsiderCtx, overview, undefined, { organisationId })).rejects.toMatchObject({ message: ORGANISATION_REFUSAL.notStaff });
    await expect(enforceOperationRule(outsiderCtx, overview, undefined, { organisationId: NOT_FOUND.organisationId })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(enforceOperationRule(outsiderCtx, overview, undefined, { organisationId: 42 })).rejects.toBeInstanceOf(ForbiddenError);
    expect(() => staffAccessOf(outsiderCtx, organisationId)).toThrow(/No staff access/);
    const adminCtx = await clubContext(t.deps, admin);
    await enforceOperationRule(adminCtx, overview, undefined, { organisationId });
    expect(staffAccessOf(adminCtx, organisationId).actor).toEqual({ kind: 'staff', accountId: admin.accountId, organisationId, role: 'admin' });
    // admitted for one organisation is not admitted for another
    expect(() => staffAccessOf(adminCtx, otherOrganisationId)).toThrow(/No staff access/);
    // a record named by an unknown id: NotFound with the rule's message, before any role is read
    await expect(enforceOperationRule(adminCtx, GRAPHQL_RULES['Mutation.revokeApiKey'], undefined, { id: NOT_FOUND.organisationId })).rejects.toMatchObject({
      message: ORGANISATION_RECORD_NOT_FOUND.apiKey,
    });
  });

  it("a statement that forgets the organisation still reaches only its own rows; club data only of clubs in force, read-only", async () => {
    const { db } = await organisationStaffAccess(t.deps.db, admin.accountId, organisationId, 'organisation.read', 'no');
    expect(await db.organisationApiKey.count()).toBe(1); // the other organisation's key is not reached
    expect(await db.organisationStaff.count()).toBe(1);
    expect((await db.affiliation.findMany({ select: { clubId: true } })).length).toBe(2);
    expect((await db.person.findMany({ select: { clubId: true } })).map((p) => p.clubId)).toEqual([consenting.clubId]);
    // Another organisation's record by its id: like an unknown id.
    const otherKey = await t.deps.systemDb.organisationApiKey.findFirstOrThrow({ where: { organisationId: otherOrganisationId } });
    expect(await db.organisationApiKey.findUnique({ where: { id: otherKey.id } })).toBeNull();
    await expect(db.organisationApiKey.update({ where: { id: otherKey.id }, data: { name: 'Presa' } })).rejects.toThrow();
    expect((await t.deps.systemDb.organisationApiKey.findUniqueOrThrow({ where: { id: otherKey.id } })).name).not.toBe('Presa');
    await expect(db.person.updateMany({ data: { firstname: 'Scritto' } })).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.session.findMany()).rejects.toBeInstanceOf(OrganisationScopeError);
  });

  it("writes its own rows with its organisation set; another organisation's named is refused, a club-owned row only nested in its affiliation", async () => {
    const { db } = await organisationStaffAccess(t.deps.db, admin.accountId, organisationId, 'organisation.manage', 'no');
    const created = await db.organisationStaffInvitation.create({
      data: { email: 'nuovo@example.it', role: 'reader', tokenHash: 'fence-test', expiresAt: new Date(Date.now() + 60_000) } as never,
      select: { organisationId: true },
    });
    expect(created.organisationId).toBe(organisationId);
    await expect(
      db.organisationStaffInvitation.create({ data: { organisationId: otherOrganisationId, email: 'x@example.it', role: 'reader', tokenHash: 'fence-test-2', expiresAt: new Date() } }),
    ).rejects.toBeInstanceOf(OrganisationScopeError);
    const affiliation = await db.affiliation.findFirstOrThrow({ where: { clubId: pending.clubId } });
    await expect(db.affiliationEvent.create({ data: { affiliationId: affiliation.id, clubId: pending.clubId, action: 'requested' } })).rejects.toBeInstanceOf(OrganisationScopeError);
    await expect(db.affiliation.update({ where: { id: affiliation.id }, data: { club: { update: { fullName: 'Presa' } } } })).rejects.toBeInstanceOf(OrganisationScopeError);
  });

  it("a record's organisation is found by its id, an unknown or malformed id answering null", async () => {
    const key = await t.deps.systemDb.organisationApiKey.findFirstOrThrow({ where: { organisationId } });
    expect(await organisationOfRecord(t.deps.db, 'organisationApiKey', key.id)).toBe(organisationId);
    expect(await organisationOfRecord(t.deps.db, 'organisationApiKey', NOT_FOUND.organisationId)).toBeNull();
    expect(await organisationOfRecord(t.deps.db, 'organisationApiKey', 'non-un-id')).toBeNull();
  });
});
