// The organisation's side through GraphQL (issue 13 point 8's server face), for its staff's own sessions: the
// organisations an account works for; one organisation's clubs, requests and usage (admins and readers); asking a
// club to affiliate, accepting an application, creating and revoking keys (admins only; a reader and an outsider
// are refused, in Italian). A created key reads the club's data at once. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG } from '../../../server/modules/organisations/api-keys.service';
import { PORTAL_MSG } from '../../../server/modules/organisations/organisation-portal.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { organisationOf } from '../../support/organisation-factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { as } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: TestClub;
let reader: TestClub;
let outsider: TestClub;
let club: TestClub;
let organisation: { id: string; code: string };

const result = (field: string, data: string) =>
  `${field} { __typename ... on Mutation${field.split('(')[0][0].toUpperCase()}${field.split('(')[0].slice(1)}Success { data { ${data} } } ... on BaseError { message } }`;
const OVERVIEW = `query($id: ID!) { organisationOverview(organisationId: $id) { name code role affiliations { clubId clubName status requestedBy scopes peopleCount peopleByKind { label count } certificates { valid missing } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  [admin, reader, outsider] = [await createClub(t.deps), await createClub(t.deps), await createClub(t.deps)];
  club = await createClub(t.deps, { vatNumber: '09876543210' });
  organisation = await organisationOf(t.deps, admin, 'Federazione Portale');
  await t.deps.systemDb.organisationStaff.create({ data: { organisationId: organisation.id, accountId: reader.accountId, role: 'reader' } });
  await createPerson(await clubContext(t.deps, club), 'athlete', { profile: { firstname: 'Tesserata' } });
});
afterAll(() => t.close());

describe('the organisation portal', () => {
  it("lists the account's organisations with its role", async () => {
    const mine = `{ myOrganisations { id name code kind role } }`;
    expect((await gql(t.app, mine, {}, { token: admin.token })).body.data.myOrganisations).toEqual([
      { id: organisation.id, name: 'Federazione Portale', code: organisation.code, kind: 'federation', role: 'admin' },
    ]);
    expect((await gql(t.app, mine, {}, { token: reader.token })).body.data.myOrganisations[0].role).toBe('reader');
    expect((await gql(t.app, mine, {}, { token: outsider.token })).body.data.myOrganisations).toEqual([]);
  });

  it('asks a club to affiliate by VAT number; the club approves; the overview shows it in force with its people', async () => {
    const asked = await gql(t.app, `mutation($o: ID!, $n: String!) { ${result('requestAffiliation(organisationId: $o, clubNumber: $n)', 'id status')} }`, { o: organisation.id, n: '09876543210' }, { token: admin.token });
    const affiliation = asked.body.data.requestAffiliation.data;
    expect(affiliation.status).toBe('pending');
    const byReader = await gql(t.app, `mutation($o: ID!, $n: String!) { ${result('requestAffiliation(organisationId: $o, clubNumber: $n)', 'id')} }`, { o: organisation.id, n: '09876543210' }, { token: reader.token });
    expect(byReader.body.data.requestAffiliation).toMatchObject({ __typename: 'ForbiddenError' });

    let overview = await gql(t.app, OVERVIEW, { id: organisation.id }, { token: reader.token });
    expect(overview.body.data.organisationOverview).toMatchObject({ role: 'reader', affiliations: [{ clubId: club.clubId, status: 'pending', requestedBy: 'organisation', peopleCount: null }] });

    const approved = await gql(t.app, `mutation($id: ID!) { approveAffiliation(id: $id, consent: { scopes: [CLUB_PROFILE, PEOPLE_REGISTRY] }) { __typename } }`, { id: affiliation.id }, as(club));
    expect(approved.body.data.approveAffiliation.__typename).toMatch(/Success$/);
    overview = await gql(t.app, OVERVIEW, { id: organisation.id }, { token: admin.token });
    expect(overview.body.data.organisationOverview.affiliations[0]).toMatchObject({
      status: 'active',
      scopes: ['CLUB_PROFILE', 'PEOPLE_REGISTRY'],
      peopleCount: 1,
      peopleByKind: [{ label: 'athlete', count: 1 }],
      certificates: null, // not shared
      clubName: expect.stringMatching(/^ASD Test/),
    });
    await t.deps.systemDb.affiliation.update({ where: { id: affiliation.id }, data: { scopes: ['club.profile', 'people.registry', 'people.certificates'] } });
    overview = await gql(t.app, OVERVIEW, { id: organisation.id }, { token: reader.token });
    expect(overview.body.data.organisationOverview.affiliations[0].certificates).toEqual({ valid: 0, missing: 1 });
    await t.deps.systemDb.affiliation.update({ where: { id: affiliation.id }, data: { scopes: ['club.profile', 'people.registry'] } });

    const refused = await gql(t.app, OVERVIEW, { id: organisation.id }, { token: outsider.token });
    expect(refused.body.errors?.[0]).toMatchObject({ message: PORTAL_MSG.notStaff, extensions: { code: 'FORBIDDEN' } });
  });

  it("accepts a club's application made with the organisation's code", async () => {
    const applicant = await createClub(t.deps);
    const applied = await gql(t.app, `mutation($c: String!) { applyToOrganisation(code: $c, consent: { scopes: [CLUB_PROFILE] }) { ... on MutationApplyToOrganisationSuccess { data { id } } } }`, { c: organisation.code }, as(applicant));
    const id = applied.body.data.applyToOrganisation.data.id;
    const byOutsider = await gql(t.app, `mutation($id: ID!) { ${result('acceptAffiliationApplication(id: $id)', 'status')} }`, { id }, { token: outsider.token });
    expect(byOutsider.body.data.acceptAffiliationApplication.__typename).toBe('ForbiddenError');
    const accepted = await gql(t.app, `mutation($id: ID!) { ${result('acceptAffiliationApplication(id: $id)', 'status scopes')} }`, { id }, { token: admin.token });
    expect(accepted.body.data.acceptAffiliationApplication.data).toEqual({ status: 'active', scopes: ['CLUB_PROFILE'] });
  });

  it('refuses an application, withdraws its own request and ends an affiliation in force; the club sees each step', async () => {
    const END = `mutation($id: ID!) { ${result('endAffiliation(id: $id)', 'status scopes')} }`;
    const applicant = await createClub(t.deps, { vatNumber: '11111111111' });
    const applied = await gql(t.app, `mutation($c: String!) { applyToOrganisation(code: $c, consent: { scopes: [CLUB_PROFILE] }) { ... on MutationApplyToOrganisationSuccess { data { id } } } }`, { c: organisation.code }, as(applicant));
    const applicationId = applied.body.data.applyToOrganisation.data.id;
    expect((await gql(t.app, END, { id: applicationId }, { token: reader.token })).body.data.endAffiliation.__typename).toBe('ForbiddenError');
    expect((await gql(t.app, END, { id: applicationId }, { token: admin.token })).body.data.endAffiliation.data).toEqual({ status: 'rejected', scopes: [] });
    expect((await gql(t.app, END, { id: applicationId }, { token: admin.token })).body.data.endAffiliation.__typename).toBe('ValidationError');

    const other = await createClub(t.deps, { vatNumber: '22222222222' });
    const asked = await gql(t.app, `mutation($o: ID!, $n: String!) { ${result('requestAffiliation(organisationId: $o, clubNumber: $n)', 'id')} }`, { o: organisation.id, n: '22222222222' }, { token: admin.token });
    expect((await gql(t.app, END, { id: asked.body.data.requestAffiliation.data.id }, { token: admin.token })).body.data.endAffiliation.data.status).toBe('revoked');

    const active = (await gql(t.app, OVERVIEW, { id: organisation.id }, { token: admin.token })).body.data.organisationOverview.affiliations.find((a: { clubId: string }) => a.clubId === club.clubId);
    const id = (await t.deps.systemDb.affiliation.findFirstOrThrow({ where: { organisationId: organisation.id, clubId: active.clubId } })).id;
    expect((await gql(t.app, END, { id }, { token: admin.token })).body.data.endAffiliation.data).toEqual({ status: 'revoked', scopes: [] });
    const history = await gql(t.app, `{ affiliations { history { action } } }`, {}, as(club));
    expect(history.body.data.affiliations[0].history[0].action).toBe('ended_by_organisation');
    const otherHistory = await gql(t.app, `{ affiliations { status history { action } } }`, {}, as(other));
    expect(otherHistory.body.data.affiliations[0]).toEqual({ status: 'revoked', history: [{ action: 'withdrawn_by_organisation' }, { action: 'requested' }] });
    // Ended is not forever: the organisation asks again, the same affiliation starts over with its history.
    const again = await gql(t.app, `mutation($o: ID!, $n: String!) { ${result('requestAffiliation(organisationId: $o, clubNumber: $n)', 'id status')} }`, { o: organisation.id, n: '22222222222' }, { token: admin.token });
    expect(again.body.data.requestAffiliation.data).toEqual({ id: asked.body.data.requestAffiliation.data.id, status: 'pending' });
    const twice = await gql(t.app, `mutation($o: ID!, $n: String!) { ${result('requestAffiliation(organisationId: $o, clubNumber: $n)', 'id')} }`, { o: organisation.id, n: '22222222222' }, { token: admin.token });
    expect(twice.body.data.requestAffiliation.__typename).toBe('ConflictError');
    expect((await gql(t.app, `{ affiliations { history { action } } }`, {}, as(other))).body.data.affiliations[0].history.map((h: { action: string }) => h.action)).toEqual(['requested', 'withdrawn_by_organisation', 'requested']);
    // Affiliated again for the next test.
    await t.deps.systemDb.affiliation.update({ where: { id }, data: { status: 'active', scopes: ['club.profile', 'people.registry'] } });
  });

  it('creates a key whose secret is shown once and reads at once; lists and revokes keys; the usage counts its requests', async () => {
    const create = `mutation($input: CreateApiKeyInput!) { ${result('createApiKey(input: $input)', 'secret key { id name prefix scopes expiresAt }')} }`;
    const input = { organisationId: organisation.id, name: 'Tesseramento', scopes: ['PEOPLE_REGISTRY'], expiresInDays: 90 };
    const byReader = await gql(t.app, create, { input }, { token: reader.token });
    expect(byReader.body.data.createApiKey).toEqual({ __typename: 'ForbiddenError', message: API_KEY_MSG.notAdmin });
    const created = (await gql(t.app, create, { input }, { token: admin.token })).body.data.createApiKey.data;
    expect(created.key).toMatchObject({ name: 'Tesseramento', scopes: ['PEOPLE_REGISTRY'], prefix: created.secret.slice(0, 12) });
    const invalid = await gql(t.app, create, { input: { ...input, name: 'x' } }, { token: admin.token });
    expect(invalid.body.data.createApiKey).toEqual({ __typename: 'ValidationError', message: API_KEY_MSG.nameRequired });

    const read = await gql(t.app, `{ organisationPeople(first: 10) { nodes { registry { firstname } } } }`, {}, { token: created.secret });
    expect(read.body.data.organisationPeople.nodes).toEqual([{ registry: { firstname: 'Tesserata' } }]);
    await t.deps.background.idle();

    const keys = await gql(t.app, `query($o: ID!) { organisationApiKeys(organisationId: $o) { id name lastUsedAt revokedAt } }`, { o: organisation.id }, { token: admin.token });
    expect(JSON.stringify(keys.body)).not.toContain(created.secret.slice(12));
    expect(keys.body.data.organisationApiKeys).toEqual([expect.objectContaining({ id: created.key.id, revokedAt: null, lastUsedAt: expect.any(String) })]);
    const readerKeys = await gql(t.app, `query($o: ID!) { organisationApiKeys(organisationId: $o) { id } }`, { o: organisation.id }, { token: reader.token });
    expect(readerKeys.body.errors?.[0].message).toBe(API_KEY_MSG.notAdmin);

    const usage = await gql(t.app, `query($o: ID!) { organisationUsage(organisationId: $o) { days requests refused rows perKey { keyPrefix requests } latest { operation rows clubs outcome } } }`, { o: organisation.id }, { token: reader.token });
    expect(usage.body.data.organisationUsage).toMatchObject({ days: 30, requests: 1, refused: 0, rows: 1, perKey: [{ keyPrefix: created.key.prefix, requests: 1 }], latest: [{ operation: 'organisationPeople', rows: 1, clubs: 1, outcome: 'ok' }] });

    const revoked = await gql(t.app, `mutation($id: ID!) { ${result('revokeApiKey(id: $id)', 'revokedAt')} }`, { id: created.key.id }, { token: admin.token });
    expect(revoked.body.data.revokeApiKey.data.revokedAt).toEqual(expect.any(String));
    expect((await gql(t.app, `{ organisationPeople(first: 1) { nodes { id } } }`, {}, { token: created.secret })).statusCode).toBe(401);
  });
});
