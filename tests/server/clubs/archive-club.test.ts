// The account's clubs (legacy POST /api/club/load) and archiving a club (POST /api/club/archive, GraphQL
// archiveClub): owner only, the club's own id only; afterwards every member is refused, the club leaves their lists,
// and nothing is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { addClubTo, addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: TestClub;
const as = (who: { token: string; clubToken: string }) => ({ token: who.token, club: who.clubToken });
const ARCHIVE = `mutation($id: ID!) { archiveClub(id: $id) { __typename ... on BaseError { code message } ... on MutationArchiveClubSuccess { data { message clubId } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Da Archiviare' });
  await createPerson(await clubContext(t.deps, owner), 'athlete');
});
afterAll(() => t.close());

describe('POST /api/club/load', () => {
  it("lists the account's clubs with its own token and role for each; needs a session", async () => {
    const account = await createClub(t.deps, { fullName: 'ASD Prima' });
    const second = await addClubTo(t.deps, account.accountId, 'ASD Seconda');
    const res = await rest(t.app, '/club/load', undefined, { token: account.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.context.clubs.map((c: { full_name: string; token: string; role: string }) => [c.full_name, c.token, c.role])).toEqual([
      ['ASD Prima', account.clubToken, 'owner'],
      ['ASD Seconda', second.clubToken, 'admin'],
    ]);
    expect((await rest(t.app, '/club/load')).statusCode).toBe(401);
  });
});

describe('archiving a club', () => {
  it("is refused to other roles and for another club's id, changing nothing", async () => {
    const admin = await addCollaborator(t.deps, owner, 'admin');
    const byAdmin = await rest(t.app, '/club/archive', { id: owner.clubId }, as(admin));
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.body.message).toBe(MSG.permissionDenied);
    const other = await createClub(t.deps);
    expect((await gql(t.app, ARCHIVE, { id: other.clubId }, as(owner))).body.data.archiveClub).toMatchObject({ __typename: 'NotFoundError' });
    expect((await rest(t.app, '/club/archive', { id: 'non-un-id' }, as(owner))).body.status).toBe(false);
    expect((await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: owner.clubId } })).archivedAt).toBeNull();
    expect((await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: other.clubId } })).archivedAt).toBeNull();
  });

  it('by the owner: every member is refused from then on, the club leaves their lists, the data stay', async () => {
    const reader = await addCollaborator(t.deps, owner, 'lettura');
    const res = await rest(t.app, '/club/archive', { id: owner.clubId }, as(owner));
    expect(res.body).toMatchObject({ status: true, message: MSG.clubArchived });
    for (const who of [owner, reader]) {
      expect((await rest(t.app, '/club/single', undefined, as(who))).statusCode).toBe(403);
      expect((await gql(t.app, '{ people(kind: athlete) { totalCount } }', {}, as(who))).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const lists = await rest(t.app, '/club/load', undefined, { token: reader.token });
    expect(lists.body.context.clubs.map((c: { id: string }) => c.id)).not.toContain(owner.clubId);
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: owner.clubId } })).toBe(1);
  });

  it('through GraphQL too', async () => {
    const club = await createClub(t.deps, { fullName: 'ASD GraphQL' });
    const res = await gql(t.app, ARCHIVE, { id: club.clubId }, as(club));
    expect(res.body.data.archiveClub.data).toEqual({ message: MSG.clubArchived, clubId: club.clubId });
  });
});
