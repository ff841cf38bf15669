// Club tokens (X-Club) stay readable through login and me (legacy clients read them there), so they are rotatable:
// rotateClubToken replaces the caller's token, the old one is refused at once on both faces, the new one works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { randomToken } from '../../../server/lib/tokens';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';

const ROTATE = /* GraphQL */ `
  mutation {
    rotateClubToken {
      __typename
      ... on MutationRotateClubTokenSuccess { data { message membership { token club { id } } } }
      ... on BaseError { code message }
    }
  }`;
const CLUB = `{ club { id } }`;

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
});
afterAll(() => t.close());

describe('rotateClubToken', () => {
  it("replaces the caller's token: the old one is refused, the new one works, another member's is unchanged", async () => {
    // a colleague in the same club keeps their own token
    const colleague = await createClub(t.deps);
    const colleagueToken = randomToken();
    await t.deps.systemDb.membership.create({ data: { accountId: colleague.accountId, clubId: club.clubId, role: 'admin', token: colleagueToken } });

    const res = (await gql(t.app, ROTATE, {}, { token: club.token, club: club.clubToken })).body.data!.rotateClubToken;
    expect(res).toMatchObject({ __typename: 'MutationRotateClubTokenSuccess', data: { message: MSG.clubTokenRotated, membership: { club: { id: club.clubId } } } });
    const fresh: string = res.data.membership.token;
    expect(fresh).not.toBe(club.clubToken);
    expect(fresh.length).toBeGreaterThanOrEqual(43);

    const old = await gql(t.app, CLUB, {}, { token: club.token, club: club.clubToken });
    expect(old.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const oldRest = await rest(t.app, '/app', {}, { token: club.token, club: club.clubToken });
    expect(oldRest.statusCode).toBe(403);
    expect(oldRest.body.status).toBe(false);

    expect((await gql(t.app, CLUB, {}, { token: club.token, club: fresh })).body.data!.club).toEqual({ id: club.clubId });
    expect((await rest(t.app, '/app', {}, { token: club.token, club: fresh })).statusCode).toBe(200);
    // login and me answer the new token
    const me = await rest(t.app, '/me', {}, { token: club.token });
    expect(me.body.context.account.profile.clubs.map((c: { token: string }) => c.token)).toEqual([fresh]);
    expect((await t.deps.systemDb.membership.findFirstOrThrow({ where: { accountId: club.accountId } })).tokenRotatedAt).toBeInstanceOf(Date);

    expect((await gql(t.app, CLUB, {}, { token: colleague.token, club: colleagueToken })).body.data!.club).toEqual({ id: club.clubId });
    club.clubToken = fresh;
  });

  it('needs a session and a club', async () => {
    expect((await gql(t.app, ROTATE)).body.data!.rotateClubToken.__typename).toBe('UnauthenticatedError');
    expect((await gql(t.app, ROTATE, {}, { token: club.token })).body.data!.rotateClubToken).toMatchObject({ __typename: 'ForbiddenError', message: MSG.clubHeaderMissing });
  });
});
