// A club can require the second factor of the roles that read health data (health.read): their sessions without it
// are refused for that club as a whole (403, code TWO_FACTOR_REQUIRED) on GraphQL and on the legacy REST face, once
// per request where the membership is resolved; other clubs, other roles and club-less requests are untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { codeAfter, enableTwoFactor, gqlFrom, loginWith, restFrom, type TwoFactorAccount } from './two-factor-helpers';
import { signInAgain } from '../accounts/account-helpers';

const SET = `mutation($required: Boolean!) { setClubTwoFactorRequirement(required: $required) {
  __typename ... on BaseError { code message } ... on MutationSetClubTwoFactorRequirementSuccess { data { message club { id requireTwoFactorForHealth } } } } }`;
const CLUB = `{ club { fullName requireTwoFactorForHealth } }`;
const ME = `{ me { email } myTwoFactor { enabled } }`;
const DISABLE = `mutation($input: TwoFactorProofInput!) { disableTwoFactor(input: $input) { __typename } }`;

let t: TestApp;
let owner: TestClub;
let segreteria: TestClub;
let allenatore: TestClub;
let lettura: TestClub;
const as = (who: { token: string; clubToken: string }) => ({ token: who.token, club: who.clubToken });
const gql = (query: string, variables: Record<string, unknown>, creds?: { token: string; club?: string }) => gqlFrom(t, query, variables, creds);
const requirementOf = async (clubId: string) => (await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: clubId } })).requireTwoFactorForHealth;

/** The refusal of a whole GraphQL request for the club. */
function expectRefusedGraphQL(res: Awaited<ReturnType<typeof gql>>) {
  expect(res.statusCode).toBe(403);
  expect(res.body.errors).toEqual([{ message: MSG.twoFactorRequiredByClub, extensions: { code: 'TWO_FACTOR_REQUIRED' } }]);
  expect(res.body.data).toBeUndefined();
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Dati Sanitari' });
  [segreteria, allenatore, lettura] = await Promise.all([
    addCollaborator(t.deps, owner, 'segreteria'),
    addCollaborator(t.deps, owner, 'allenatore'),
    addCollaborator(t.deps, owner, 'lettura'),
  ]);
});
afterAll(() => t.close());

describe('the club setting', () => {
  it('is off by default; turning it on needs club.write and a session that passed the second factor', async () => {
    expect((await gql(CLUB, {}, as(owner))).body.data.club.requireTwoFactorForHealth).toBe(false);

    // the owner without the second factor would lock themselves out at once
    expect((await gql(SET, { required: true }, as(owner))).body.data.setClubTwoFactorRequirement).toEqual({
      __typename: 'ConflictError',
      code: 'CONFLICT',
      message: MSG.clubTwoFactorOwnFirst,
    });
    // roles without club.write are refused, with or without it
    expect((await gql(SET, { required: true }, as(segreteria))).body.data.setClubTwoFactorRequirement).toMatchObject({ code: 'FORBIDDEN', message: MSG.permissionDenied });
    expect((await gql(SET, { required: false }, as(lettura))).body.data.setClubTwoFactorRequirement).toMatchObject({ code: 'FORBIDDEN' });
    expect(await requirementOf(owner.clubId)).toBe(false);

    await enableTwoFactor(t, owner);
    const on = (await gql(SET, { required: true }, as(owner))).body.data.setClubTwoFactorRequirement;
    expect(on).toEqual({
      __typename: 'MutationSetClubTwoFactorRequirementSuccess',
      data: { message: MSG.clubTwoFactorRequired, club: { id: owner.clubId, requireTwoFactorForHealth: true } },
    });
    expect(await requirementOf(owner.clubId)).toBe(true);
  });

  it("another club's member cannot change it: naming this club is refused, their own club's setting is theirs", async () => {
    const stranger = await enableTwoFactor(t, await createClub(t.deps, { fullName: 'ASD Estranea' }));
    const res = await gql(SET, { required: false }, { token: stranger.token, club: owner.clubToken });
    expect(res.statusCode).toBe(403);
    expect(res.body.errors?.[0]).toMatchObject({ message: MSG.clubForbidden, extensions: { code: 'FORBIDDEN' } });
    expect((await gql(SET, { required: true }, as(stranger))).body.data.setClubTwoFactorRequirement.data.club.requireTwoFactorForHealth).toBe(true);
    expect(await requirementOf(owner.clubId)).toBe(true);
    await gql(SET, { required: false }, as(stranger));
    expect(await requirementOf(owner.clubId)).toBe(true);
  });
});

describe('sessions without the second factor, in a club that requires it', () => {
  it('are refused for that club on GraphQL and REST when the role reads health data (segreteria, allenatore)', async () => {
    for (const member of [segreteria, allenatore]) {
      expectRefusedGraphQL(await gql(CLUB, {}, as(member)));
      const rest = await restFrom(t, '/app', {}, as(member));
      expect(rest.statusCode).toBe(403);
      expect(rest.body).toEqual({ status: false, context: null, message: MSG.twoFactorRequiredByClub });
      // a mutation is refused before any resolver runs
      expectRefusedGraphQL(await gql(SET, { required: false }, as(member)));
    }
    expect(await requirementOf(owner.clubId)).toBe(true);
  });

  it('leave roles without health data alone (lettura), and the same accounts without the club', async () => {
    expect((await gql(CLUB, {}, as(lettura))).body.data.club.fullName).toBe('ASD Dati Sanitari');
    expect((await restFrom(t, '/app', {}, as(lettura))).body.status).toBe(true);
    for (const member of [segreteria, allenatore]) {
      const res = await gql(ME, {}, { token: member.token });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.me.email).toBe(member.email);
      expect((await restFrom(t, '/me', {}, { token: member.token })).body.status).toBe(true);
    }
  });

  it("another club's requirement does not affect this club: the same account works in its own club", async () => {
    const own = await t.deps.systemDb.membership.findFirstOrThrow({ where: { accountId: segreteria.accountId, clubId: { not: owner.clubId } } });
    expect(own.role).toBe('owner');
    const res = await gql(CLUB, {}, { token: segreteria.token, club: own.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.club.requireTwoFactorForHealth).toBe(false);
    expect((await restFrom(t, '/app', {}, { token: segreteria.token, club: own.token })).body.status).toBe(true);
  });

  it('turning two-factor sign-in on opens the club for that session and ends the others; a sign-in with a code opens it too', async () => {
    const older = await signInAgain(t.deps, allenatore.email, allenatore.password);
    const verified: TwoFactorAccount = await enableTwoFactor(t, allenatore);
    const res = await gql(CLUB, {}, as(verified));
    expect(res.statusCode).toBe(200);
    expect((await restFrom(t, '/app', {}, as(verified))).body.status).toBe(true);
    // the session opened with the password alone has ended (two-factor.service.ts)
    const ended = await gql(CLUB, {}, { token: older, club: allenatore.clubToken });
    expect(ended.statusCode).toBe(401);
    expect(ended.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const fresh = await loginWith(t, verified, codeAfter(verified.secret));
    expect(fresh.__typename).toBe('MutationCompleteTwoFactorLoginSuccess');
    expect((await gql(CLUB, {}, { token: fresh.data.token, club: allenatore.clubToken })).statusCode).toBe(200);

    // the legacy login with the code gives a session the club accepts too
    const legacy = await restFrom(t, '/login', { email: verified.email, password: verified.password, code: verified.recoveryCodes[0] });
    expect(legacy.body.status).toBe(true);
    expect((await restFrom(t, '/app', {}, { token: legacy.body.context.token, club: allenatore.clubToken })).body.status).toBe(true);

    // turned off again: every session of the account is refused by the club
    expect((await gql(DISABLE, { input: { password: verified.password } }, { token: verified.token })).body.data.disableTwoFactor.__typename).toBe('MutationDisableTwoFactorSuccess');
    for (const token of [verified.token, fresh.data.token, legacy.body.context.token]) expectRefusedGraphQL(await gql(CLUB, {}, { token, club: allenatore.clubToken }));
  });

  it('turning the requirement off lets them in again', async () => {
    const off = (await gql(SET, { required: false }, as(owner))).body.data.setClubTwoFactorRequirement;
    expect(off.data).toEqual({ message: MSG.clubTwoFactorNotRequired, club: { id: owner.clubId, requireTwoFactorForHealth: false } });
    for (const member of [segreteria, allenatore]) expect((await gql(CLUB, {}, as(member))).statusCode).toBe(200);
  });
});
