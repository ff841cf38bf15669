// What organisations read of the club (issue 13 point 7, the club's side), on both databases: real API requests
// with an organisation's key, then the club's `affiliationReads` lists each read of its own data (organisation,
// key prefix, operation, its rows and scopes), newest first in keyset pages; another club's reads never show, not
// even those of the same request; roles without affiliations.manage, other clubs' members and keys are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { clubApiReads } from '../../../server/modules/organisations/affiliations.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { affiliate, keyOf, organisationOf } from '../../support/organisation-factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles; // shares the profile and the registry with the federation
let orgAdmin: TestClub;
let federation: { id: string; code: string; name: string };
let league: { id: string; code: string; name: string }; // affiliated to the stranger club only
let federationKey: Awaited<ReturnType<typeof keyOf>>;
let leagueKey: Awaited<ReturnType<typeof keyOf>>;

const READS = `query Reads($first: Int!, $after: String) {
  affiliationReads(first: $first, after: $after) {
    nodes { cursor at organisation { name code kind } keyPrefix operation rows scopes }
    pageInfo { hasNextPage endCursor }
  }
}`;
const PEOPLE = `query People { organisationPeople(first: 100) { edges { node { id registry { firstname } } } } }`;
const CLUBS = `{ organisationClubs(first: 10) { nodes { id profile { name } } } }`;

interface Read {
  cursor: string;
  at: string;
  organisation: { name: string; code: string; kind: string };
  keyPrefix: string;
  operation: string;
  rows: number;
  scopes: string[];
}

async function reads(creds: { token?: string; club?: string }, first = 100, after?: string) {
  const answer = await gql<{ affiliationReads: { nodes: Read[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(t.app, READS, { first, after }, creds);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data!.affiliationReads;
}

async function apiRead(query: string, creds: { token: string }) {
  const answer = await gql(t.app, query, {}, creds);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  await t.deps.background.idle();
}

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Letture');
  orgAdmin = await createClub(t.deps);
  federation = await organisationOf(t.deps, orgAdmin, 'Federazione Letture');
  league = await organisationOf(t.deps, orgAdmin, 'Lega Altrove');
  await affiliate(t.deps, federation.id, club.clubId, ['club.profile', 'people.registry']);
  await affiliate(t.deps, federation.id, club.stranger.clubId, ['club.profile', 'people.registry', 'people.contacts']);
  await affiliate(t.deps, league.id, club.stranger.clubId, ['club.profile', 'people.registry']);
  federationKey = await keyOf(t.deps, orgAdmin, federation.id, ['club.profile', 'people.registry', 'people.contacts']);
  leagueKey = await keyOf(t.deps, orgAdmin, league.id, ['club.profile', 'people.registry']);

  const ctx = await clubContext(t.deps, club.members.owner);
  await createPerson(ctx, 'athlete', { profile: { firstname: 'Prima', lastname: 'Letta' } });
  await createPerson(ctx, 'athlete', { profile: { firstname: 'Seconda', lastname: 'Letta' } });
  const strangerCtx = await clubContext(t.deps, club.stranger);
  for (const firstname of ['Altra', 'Altrui', 'Estranea']) await createPerson(strangerCtx, 'athlete', { profile: { firstname, lastname: 'Mai' } });
});
afterAll(() => t.close());

describe("the club's list of organisations' reads", () => {
  it('is empty before any read', async () => {
    expect(await reads(as(club.members.owner))).toEqual({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it("lists each read of the club's data, newest first, with the organisation, key, operation, its rows and scopes", async () => {
    await apiRead(PEOPLE, federationKey.creds); // both clubs: 2 rows here, 3 in the other club
    await apiRead(CLUBS, federationKey.creds); // unnamed: logged by its root field
    await apiRead(PEOPLE, leagueKey.creds); // the other club only

    const { nodes, pageInfo } = await reads(as(club.members.owner));
    const organisation = { name: 'Federazione Letture', code: federation.code, kind: 'federation' };
    const keyPrefix = federationKey.secret.slice(0, 12);
    expect(nodes.map(({ cursor: _c, at: _a, ...rest }) => rest)).toEqual([
      { organisation, keyPrefix, operation: 'organisationClubs', rows: 1, scopes: ['CLUB_PROFILE'] },
      { organisation, keyPrefix, operation: 'People', rows: 2, scopes: ['PEOPLE_REGISTRY'] },
    ]);
    expect(pageInfo).toEqual({ hasNextPage: false, endCursor: nodes[1].cursor });
    expect(new Date(nodes[0].at).getTime()).toBeGreaterThanOrEqual(new Date(nodes[1].at).getTime());
    expect(Date.now() - new Date(nodes[1].at).getTime()).toBeLessThan(60_000);

    // an admin sees the same; the other club sees its own reads (the league's included), never this club's rows
    expect((await reads(as(club.members.admin))).nodes).toEqual(nodes);
    const theirs = (await reads(as(club.stranger))).nodes;
    expect(theirs.map((n) => [n.organisation.name, n.operation, n.rows])).toEqual([
      ['Lega Altrove', 'People', 3],
      ['Federazione Letture', 'organisationClubs', 1],
      ['Federazione Letture', 'People', 3],
    ]);
    expect(theirs.find((n) => n.operation === 'People' && n.organisation.name === 'Federazione Letture')!.scopes).toEqual(['PEOPLE_REGISTRY']);
    expect(JSON.stringify((await reads(as(club.members.owner))).nodes)).not.toContain('Lega Altrove');
  });

  it('pages with keyset cursors, also through reads logged in the same millisecond', async () => {
    const at = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < 5; i++) {
      await t.deps.systemDb.apiRequest.create({
        data: {
          at,
          organisationId: federation.id,
          keyId: federationKey.keyId,
          keyPrefix: federationKey.secret.slice(0, 12),
          operation: `Sync${i}`,
          cost: 1,
          rows: i,
          scopes: ['people.registry'],
          outcome: 'ok',
          clubs: {
            create: [
              { clubId: club.clubId, at, rows: i, scopes: ['people.registry'] },
              { clubId: club.stranger.clubId, at, rows: 10 + i, scopes: ['people.registry'] },
            ],
          },
        },
      });
    }
    const all = (await reads(as(club.members.owner))).nodes;
    expect(all).toHaveLength(7);

    const seen: Read[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { nodes, pageInfo } = await reads(as(club.members.owner), 2, after);
      seen.push(...nodes);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor!;
    }
    expect(seen).toEqual(all);
    expect(seen.slice(2).map((n) => n.operation)).toEqual(['Sync4', 'Sync3', 'Sync2', 'Sync1', 'Sync0']);
    expect(seen.every((n) => n.rows < 10)).toBe(true);

    // the service refuses a cursor that is not one of its own
    const ctx = await clubContext(t.deps, club.members.owner);
    await expect(clubApiReads(ctx, { first: 1, after: 'not-a-cursor' })).rejects.toMatchObject({ message: MSG.paginationInvalid });
  });

  it('first is 1 to 100 and the cursor must be one of the list, with an Italian message', async () => {
    for (const first of [0, 101, -1]) {
      const answer = await gql(t.app, READS, { first }, as(club.members.owner));
      expect(answer.body.errors?.[0]).toMatchObject({ message: MSG.apiPageSize(100), extensions: { code: 'VALIDATION' } });
    }
    const bad = await gql(t.app, READS, { first: 10, after: Buffer.from('r2026-01-01T00:00:00.000Z|x').toString('base64url') }, as(club.members.owner));
    expect(bad.body.errors?.[0]).toMatchObject({ message: MSG.paginationInvalid });
  });

  it('roles without affiliations.manage, anonymous callers and API keys are refused', async () => {
    for (const role of ['segreteria', 'allenatore', 'lettura'] as const) {
      const answer = await gql(t.app, READS, { first: 10 }, as(club.members[role]));
      expect(answer.body.data, role).toBeNull();
      expect(answer.body.errors?.[0].message, role).toBe(MSG.permissionDenied);
    }
    const anonymous = await gql(t.app, READS, { first: 10 });
    expect(anonymous.body.errors?.[0].message).toBe(MSG.notAuthenticated);
    const key = await gql(t.app, READS, { first: 10 }, federationKey.creds);
    expect(key.body.errors?.[0].message).toBe(MSG.apiKeyClubOnly);
    expect(key.body.data?.affiliationReads ?? null).toBeNull();
  });
});
