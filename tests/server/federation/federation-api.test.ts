// The organisations' GraphQL API (issue 13 points 3, 4, 6, 7) over HTTP, on both databases: what a key reads is its
// scopes ∩ the club's consent ∩ an active affiliation, checked on every request (narrowed and revoked consent take
// effect at once); a scope missing answers an error on that field only; every mutation and club operation is
// refused to a key; expired and revoked keys are refused; each answer reports its cost and budget, a spent budget
// answers 429 with Retry-After; every request is logged with the clubs it read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_SCOPES } from '../../../schema/organisation-scopes';
import { MSG } from '../../../schema/messages';
import { revokeApiKey } from '../../../server/modules/organisations/api-keys.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { affiliate, keyOf, organisationOf, staffOf } from '../../support/organisation-factories';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: TestClub;
let full: TestClub; // shares everything, not minors' contacts
let registryOnly: TestClub; // shares club.profile and people.registry
let stranger: TestClub; // not affiliated
let organisationId: string;
let allKey: Awaited<ReturnType<typeof keyOf>>;
const people: Record<string, { roleId: string; personId: string; taxIdCode: string }> = {};

const PEOPLE = `query People($first: Int!, $after: String, $clubIds: [ID!], $kind: PersonKind, $category: String, $certificate: CertificateState) {
  organisationPeople(first: $first, after: $after, clubIds: $clubIds, kind: $kind, category: $category, certificate: $certificate) {
    edges { cursor node { id personId clubId kind status registry { firstname lastname taxCode birthday categories } contacts { email phone } certificate { state expiresOn } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  [admin, full, registryOnly, stranger] = [await createClub(t.deps), await createClub(t.deps), await createClub(t.deps), await createClub(t.deps)];
  organisationId = (await organisationOf(t.deps, admin)).id;
  await affiliate(t.deps, organisationId, full.clubId, [...ORGANISATION_SCOPES]);
  await affiliate(t.deps, organisationId, registryOnly.clubId, ['club.profile', 'people.registry']);
  allKey = await keyOf(t.deps, admin, organisationId, [...ORGANISATION_SCOPES]);

  const fullCtx = await clubContext(t.deps, full);
  people.adult = await createPerson(fullCtx, 'athlete', {
    profile: { firstname: 'Adulta', lastname: 'Piena', birthday: '1990-03-04', emailPrimary: 'adulta@example.it', phonePrimary: '3331234567' },
    details: { medicalExaminationExpirationDate: isoDay(200) },
  });
  people.minor = await createPerson(fullCtx, 'athlete', {
    profile: { firstname: 'Minore', lastname: 'Piena', birthday: isoDay(-365 * 12), emailPrimary: 'minore@example.it' },
    details: { medicalExaminationExpirationDate: isoDay(10) },
  });
  people.coach = await createPerson(fullCtx, 'coach', { profile: { firstname: 'Allenatore', lastname: 'Pieno', birthday: '1980-01-01' } });
  await createGroupWith(t.deps, full.clubId, 'athlete', 'Under 14', [people.minor.roleId]);
  people.registry = await createPerson(await clubContext(t.deps, registryOnly), 'athlete', {
    profile: { firstname: 'Solo', lastname: 'Anagrafica', birthday: '1995-05-05', emailPrimary: 'solo@example.it', taxIdCode: people.adult.taxIdCode },
  });
  people.stranger = await createPerson(await clubContext(t.deps, stranger), 'athlete', { profile: { firstname: 'Estranea', lastname: 'Mai', taxIdCode: people.adult.taxIdCode } });
});
afterAll(() => t.close());

async function allPeople(creds: { token: string }, variables: Record<string, unknown> = {}) {
  const answer = await gql(t.app, PEOPLE, { first: 100, ...variables }, creds);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

describe('what a key reads', () => {
  it('the affiliated clubs with their profile; a club that is not affiliated is not there', async () => {
    const answer = await gql(t.app, `{ organisationClubs(first: 10) { nodes { id status scopes profile { name peopleByKind { label count } } } pageInfo { hasNextPage } } }`, {}, allKey.creds);
    const nodes = answer.body.data.organisationClubs.nodes;
    expect(nodes.map((n: { id: string }) => n.id).sort()).toEqual([full.clubId, registryOnly.clubId].sort());
    const fullClub = nodes.find((n: { id: string }) => n.id === full.clubId);
    expect(fullClub.scopes).toEqual(['CLUB_PROFILE', 'PEOPLE_REGISTRY', 'PEOPLE_CONTACTS', 'PEOPLE_CERTIFICATES', 'STAFF_QUALIFICATIONS']);
    expect(fullClub.profile.peopleByKind).toEqual(expect.arrayContaining([{ label: 'athlete', count: 2 }, { label: 'coach', count: 1 }]));
    expect(JSON.stringify(answer.body)).not.toContain(stranger.clubId);
  });

  it("people of the consenting clubs; a scope not shared is refused on that field only; minors' contacts stay private", async () => {
    const { body } = await allPeople(allKey.creds);
    const nodes = body.data.organisationPeople.edges.map((e: { node: any }) => e.node);
    expect(nodes.map((n: { id: string }) => n.id).sort()).toEqual([people.adult.roleId, people.minor.roleId, people.coach.roleId, people.registry.roleId].sort());
    expect(JSON.stringify(body)).not.toContain('Estranea');

    const adult = nodes.find((n: { id: string }) => n.id === people.adult.roleId);
    expect(adult).toMatchObject({ status: 'active', kind: 'athlete', registry: { firstname: 'Adulta', birthday: '1990-03-04' }, contacts: { email: 'adulta@example.it' }, certificate: { state: 'valid' } });
    const minor = nodes.find((n: { id: string }) => n.id === people.minor.roleId);
    expect(minor).toMatchObject({ contacts: null, certificate: { state: 'expiring' }, registry: { categories: ['Under 14'] } });
    expect(nodes.find((n: { id: string }) => n.id === people.coach.roleId).certificate).toBeNull();

    const other = nodes.find((n: { id: string }) => n.id === people.registry.roleId);
    const index = body.data.organisationPeople.edges.findIndex((e: { node: { id: string } }) => e.node.id === people.registry.roleId);
    expect(other).toMatchObject({ registry: { firstname: 'Solo' }, contacts: null, certificate: null });
    const refusals = (body.errors ?? []).filter((e) => e.path?.[2] === index);
    expect(refusals.map((e) => [e.path?.at(-1), e.extensions?.code, e.message]).sort()).toEqual([
      ['certificate', 'FORBIDDEN', MSG.apiScopeRefused('people.certificates')],
      ['contacts', 'FORBIDDEN', MSG.apiScopeRefused('people.contacts')],
    ]);
  });

  it('a key with fewer scopes reads less; a key limited to one club reads only that club', async () => {
    const registryKey = await keyOf(t.deps, admin, organisationId, ['people.registry']);
    const { body } = await allPeople(registryKey.creds);
    expect(body.data.organisationPeople.edges.every((e: { node: { contacts: unknown } }) => e.node.contacts === null)).toBe(true);
    expect(body.errors?.some((e) => e.path?.at(-1) === 'contacts')).toBe(true);

    const oneClub = await keyOf(t.deps, admin, organisationId, [...ORGANISATION_SCOPES], { clubIds: [registryOnly.clubId] });
    const answer = await allPeople(oneClub.creds);
    expect(answer.body.data.organisationPeople.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([people.registry.roleId]);
  });

  it('filters by club, kind, category and certificate; pages with keyset cursors; first is 1 to 100', async () => {
    const byKind = await allPeople(allKey.creds, { kind: 'coach' });
    expect(byKind.body.data.organisationPeople.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([people.coach.roleId]);
    const byCategory = await allPeople(allKey.creds, { category: 'under 14' });
    expect(byCategory.body.data.organisationPeople.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([people.minor.roleId]);
    const expiring = await allPeople(allKey.creds, { certificate: 'expiring' });
    expect(expiring.body.data.organisationPeople.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([people.minor.roleId]);
    const oneClub = await allPeople(allKey.creds, { clubIds: [registryOnly.clubId, stranger.clubId] });
    expect(oneClub.body.data.organisationPeople.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([people.registry.roleId]);

    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const { body } = await allPeople(allKey.creds, { first: 1, after });
      const connection = body.data.organisationPeople;
      seen.push(...connection.edges.map((e: { node: { id: string } }) => e.node.id));
      after = connection.pageInfo.endCursor;
      if (!connection.pageInfo.hasNextPage) break;
    }
    expect(seen.sort()).toEqual([people.adult.roleId, people.minor.roleId, people.coach.roleId, people.registry.roleId].sort());

    for (const first of [0, 101, -1]) {
      const answer = await gql(t.app, PEOPLE, { first }, allKey.creds);
      expect(answer.body.errors?.[0].message).toBe(MSG.apiPageSize(100));
    }
    const bad = await gql(t.app, PEOPLE, { first: 5, after: 'bm9uc2Vuc2U' }, allKey.creds);
    expect(bad.body.errors?.[0].message).toBe(MSG.paginationInvalid);
    const missing = await gql(t.app, `{ organisationPeople { edges { cursor } } }`, {}, allKey.creds);
    expect(missing.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('reads many clubs through the feed order and a few club by club, with the same pages either way', async () => {
    const many = await startTestApp();
    try {
      const orgAdmin = await createClub(many.deps);
      const org = await organisationOf(many.deps, orgAdmin, 'Lega Grande');
      const key = await keyOf(many.deps, orgAdmin, org.id, ['people.registry']);
      const clubs = await Promise.all(Array.from({ length: 22 }, () => createClub(many.deps)));
      const roles: string[] = [];
      for (const club of clubs) {
        await affiliate(many.deps, org.id, club.clubId, ['people.registry']);
        roles.push((await createPerson(await clubContext(many.deps, club), 'member', { profile: { lastname: `Socio ${roles.length}` } })).roleId);
      }
      const pageThrough = async (variables: Record<string, unknown>) => {
        const seen: string[] = [];
        let after: string | null = null;
        for (let i = 0; i < 30; i++) {
          const answer = await gql(many.app, PEOPLE, { first: 5, after, ...variables }, key.creds);
          const body = answer.body as any;
          seen.push(...body.data.organisationPeople.edges.map((e: { node: { id: string } }) => e.node.id));
          after = body.data.organisationPeople.pageInfo.endCursor;
          if (!body.data.organisationPeople.pageInfo.hasNextPage) break;
        }
        return seen;
      };
      const all = await pageThrough({}); // 22 clubs: the feed's order, clubs as a filter
      expect(all).toHaveLength(22);
      expect([...all].sort()).toEqual([...roles].sort());
      const some = await pageThrough({ clubIds: clubs.slice(0, 7).map((c) => c.clubId) }); // club by club
      expect(some).toEqual(all.filter((id) => roles.slice(0, 7).includes(id)));
    } finally {
      await many.close();
    }
  });

  it('where a tax code is registered, among the clubs sharing people.registry', async () => {
    const answer = await gql(t.app, `query($c: String!) { organisationPersonLookup(taxCode: $c) { id clubId registry { firstname } } }`, { c: people.adult.taxIdCode.toLowerCase() }, allKey.creds);
    expect(answer.body.data.organisationPersonLookup.map((r: { id: string }) => r.id).sort()).toEqual([people.adult.roleId, people.registry.roleId].sort());
    expect(JSON.stringify(answer.body)).not.toContain('Estranea');
    const invalid = await gql(t.app, `{ organisationPersonLookup(taxCode: "x'; --") { id } }`, {}, allKey.creds);
    expect(invalid.body.errors?.[0].message).toBe(MSG.apiTaxCodeInvalid);
  });

  it('statistics per club, each count under its scope', async () => {
    const answer = await gql(t.app, `{ organisationStatistics { clubId byKind { label count } bySex { label count } byAgeBand { label count } certificates { valid expiring expired missing } } }`, {}, allKey.creds);
    const byClub = Object.fromEntries(answer.body.data.organisationStatistics.map((s: { clubId: string }) => [s.clubId, s]));
    expect(byClub[full.clubId]).toMatchObject({
      byKind: [{ label: 'athlete', count: 2 }, { label: 'coach', count: 1 }],
      bySex: [{ label: 'M', count: 3 }],
      byAgeBand: [{ label: '0-13', count: 1 }, { label: '35-59', count: 2 }],
      certificates: { valid: 1, expiring: 1, expired: 0, missing: 0 },
    });
    expect(byClub[registryOnly.clubId].certificates).toBeNull();
    expect(answer.body.errors?.map((e) => e.message)).toEqual([MSG.apiScopeRefused('people.certificates')]);
    expect(byClub[stranger.clubId]).toBeUndefined();
  });
});

describe('consent and keys take effect on the next request', () => {
  it('a narrowed consent hides those fields at once, a revoked affiliation hides the club', async () => {
    const club = await createClub(t.deps);
    const affiliation = await affiliate(t.deps, organisationId, club.clubId, ['people.registry', 'people.contacts']);
    const person = await createPerson(await clubContext(t.deps, club), 'member', { profile: { firstname: 'Consenso', birthday: '1970-01-01', emailPrimary: 'c@example.it' } });
    const read = async () => (await allPeople(allKey.creds, { clubIds: [club.clubId] })).body;
    expect((await read()).data.organisationPeople.edges[0].node.contacts).toEqual({ email: 'c@example.it', phone: null });

    const narrow = await gql(t.app, `mutation($id: ID!) { changeAffiliationConsent(id: $id, consent: { scopes: [PEOPLE_REGISTRY] }) { __typename } }`, { id: affiliation.id }, { token: club.token, club: club.clubToken });
    expect(narrow.body.data.changeAffiliationConsent.__typename).toBe('MutationChangeAffiliationConsentSuccess');
    const narrowed = await read();
    expect(narrowed.data.organisationPeople.edges[0].node).toMatchObject({ id: person.roleId, contacts: null, registry: { firstname: 'Consenso' } });
    expect(narrowed.errors?.[0].message).toBe(MSG.apiScopeRefused('people.contacts'));

    await gql(t.app, `mutation($id: ID!) { revokeAffiliation(id: $id) { __typename } }`, { id: affiliation.id }, { token: club.token, club: club.clubToken });
    expect((await read()).data.organisationPeople.edges).toEqual([]);
    const clubs = await gql(t.app, `{ organisationClubs(first: 100) { nodes { id status scopes profile { name } } } }`, {}, allKey.creds);
    expect(clubs.body.data.organisationClubs.nodes.find((n: { id: string }) => n.id === club.clubId)).toEqual({ id: club.clubId, status: 'revoked', scopes: [], profile: null });
  });

  it('expired, revoked and unknown keys are refused with 401', async () => {
    const revocable = await keyOf(t.deps, admin, organisationId, ['club.profile']);
    expect((await gql(t.app, `{ organisationClubs(first: 1) { nodes { id } } }`, {}, revocable.creds)).statusCode).toBe(200);
    await revokeApiKey(await staffOf(t.deps, admin.accountId, organisationId), revocable.keyId);
    const expired = await keyOf(t.deps, admin, organisationId, ['club.profile']);
    await t.deps.systemDb.organisationApiKey.update({ where: { id: expired.keyId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const token of [revocable.secret, expired.secret, `cbk_${'A'.repeat(43)}`]) {
      const answer = await gql(t.app, `{ organisationClubs(first: 1) { nodes { id } } }`, {}, { token });
      expect(answer.statusCode).toBe(401);
      expect(answer.body.errors?.[0]).toMatchObject({ message: MSG.apiKeyInvalid, extensions: { code: 'UNAUTHENTICATED' } });
    }
  });

  it("a key may not write nor call the club's operations; a session may not call the organisations' fields", async () => {
    const write = await gql(t.app, `mutation { logout { __typename } }`, {}, allKey.creds);
    expect(write.statusCode, JSON.stringify(write.body)).toBe(403);
    expect(write.body.errors?.[0]).toMatchObject({ message: MSG.apiKeyReadOnly, extensions: { code: 'FORBIDDEN' } });
    const clubQuery = await gql(t.app, `{ organisationClubs(first: 1) { nodes { id } } people(kind: athlete) { totalCount } }`, {}, allKey.creds);
    expect(clubQuery.body.errors?.[0].message).toBe(MSG.apiKeyClubOnly);
    expect(clubQuery.body.data ?? null).toBeNull();
    const asSession = await gql(t.app, `{ organisationClubs(first: 1) { nodes { id } } }`, {}, { token: admin.token, club: admin.clubToken });
    expect(asSession.body.errors?.[0]).toMatchObject({ message: MSG.apiKeyRequired, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('malformed input from a key is a clear refusal, never a server error', async () => {
    const probes: Array<[string, Record<string, unknown>]> = [
      [PEOPLE, { first: 10, category: 'Under\u0000 14' }],
      [PEOPLE, { first: 10, after: 'A'.repeat(5000) }],
      [PEOPLE, { first: 10, clubIds: ['non-un-id', "'; DROP TABLE people; --"] }],
      [PEOPLE, { first: 2147483647 }],
      [`query($d: DateTime) { organisationPeopleChanges(first: 5, updatedSince: $d) { nodes { id } } }`, { d: 'ieri' }],
      [`query($c: String!) { organisationPersonLookup(taxCode: $c) { id } }`, { c: '\u0000'.repeat(16) }],
      [`query($c: [ID!]) { organisationStatistics(clubIds: $c) { clubId } }`, { c: ['x'.repeat(10_000)] }],
    ];
    for (const [query, variables] of probes) {
      const answer = await gql(t.app, query, { first: 100, ...variables }, allKey.creds);
      expect(answer.statusCode, JSON.stringify(variables)).toBeLessThan(500);
      expect(JSON.stringify(answer.body), JSON.stringify(variables)).not.toMatch(/Errore imprevisto|stack|prisma/i);
    }
    const huge = await gql(t.app, PEOPLE, { first: 10 }, { token: `cbk_${'x'.repeat(10_000)}` });
    expect(huge.statusCode).toBe(401);
  });

  it('a key may introspect the schema', async () => {
    const answer = await gql(t.app, `{ __schema { queryType { name } } }`, {}, allKey.creds);
    expect(answer.body.data.__schema.queryType.name).toBe('Query');
  });
});

describe('cost, budget and the access log', () => {
  it('each answer tells its cost and the budget left, in extensions and headers; a spent budget answers 429 with Retry-After', async () => {
    const small = await startTestApp({ apiKeyPointsHourly: 400 });
    try {
      const [orgAdmin, club] = [await createClub(small.deps), await createClub(small.deps)];
      const org = await organisationOf(small.deps, orgAdmin);
      await affiliate(small.deps, org.id, club.clubId, ['people.registry']);
      const key = await keyOf(small.deps, orgAdmin, org.id, ['people.registry']);
      const query = `{ organisationPeople(first: 10) { edges { node { id registry { firstname } } } } }`;
      const first = await small.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${key.secret}` }, payload: { query } });
      const cost = first.json().extensions.cost;
      expect(cost.requested).toBeGreaterThan(10);
      expect(cost.budget).toMatchObject({ limit: 400, remaining: 400 - cost.requested });
      expect(first.headers['x-ratelimit-remaining']).toBe(String(400 - cost.requested));
      expect(first.headers['x-query-cost']).toBe(String(cost.requested));

      let refused;
      for (let i = 0; i < 20 && !refused; i++) {
        const res = await small.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${key.secret}` }, payload: { query } });
        if (res.statusCode !== 200) refused = res;
      }
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.json().errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
      expect(refused?.json().errors[0].message).toMatch(/^Budget di richieste della chiave esaurito: riprova tra \d+ secondi\.$/);
      // A refused request costs nothing: what is left is still less than one request.
      expect(Number(refused?.headers['x-ratelimit-remaining'])).toBeLessThan(cost.requested);
    } finally {
      await small.close();
    }
  });

  it('every request is logged with the clubs it read, the rows and the scopes used', async () => {
    const before = await t.deps.systemDb.apiRequest.count({ where: { keyId: allKey.keyId } });
    await allPeople(allKey.creds, { clubIds: [full.clubId] });
    await t.deps.background.idle();
    const [last] = await t.deps.systemDb.apiRequest.findMany({ where: { keyId: allKey.keyId }, orderBy: { id: 'desc' }, take: 1, include: { clubs: true } });
    expect(await t.deps.systemDb.apiRequest.count({ where: { keyId: allKey.keyId } })).toBe(before + 1);
    expect(last).toMatchObject({ organisationId, operation: 'People', rows: 3, outcome: 'ok', keyPrefix: allKey.secret.slice(0, 12) });
    expect(last.scopes.sort()).toEqual(['people.certificates', 'people.contacts', 'people.registry']);
    expect(last.clubs).toEqual([expect.objectContaining({ clubId: full.clubId, rows: 3 })]);
  });
});
