// GraphQL face of the club: the `club` query, updateClub (JSON and multipart with the logo) and updateClubSettings,
// through the real HTTP routes; refusals answer typed errors and leave the stored club unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, graphqlMultipart, png } from '../files/fixtures';

const CLUB_FIELDS = `id fullName typeClub sport foundation companyName vatNumber fiscalCode legalRepresentativeNameSurname
  legalRepresentativeFiscalCode emailPrimary emailSecondary phonePrimary phoneSecondary
  legalAddress { address streetNumber postalCode city province country } clubAddress { address city }
  logoUrl hasUploadedLogo primaryColor secondaryColor seasonLabel`;

const CLUB = `{ club { ${CLUB_FIELDS} } }`;
const UPDATE = `mutation($input: ClubInput!, $logo: Upload, $removeLogo: Boolean) {
  updateClub(input: $input, logo: $logo, removeLogo: $removeLogo) {
    __typename
    ... on MutationUpdateClubSuccess { data { message club { ${CLUB_FIELDS} } } }
    ... on ValidationError { fields { field message } }
    ... on BaseError { code message }
  }
}`;
const SETTINGS = `mutation($input: ClubSettingsInput!) {
  updateClubSettings(input: $input) {
    __typename
    ... on MutationUpdateClubSettingsSuccess { data { message club { seasonLabel primaryColor secondaryColor } } }
    ... on ValidationError { fields { field message } }
    ... on BaseError { code message }
  }
}`;
const ME_CLUBS = `{ me { profile { clubs { club { id logoUrl hasUploadedLogo primaryColor secondaryColor seasonLabel } } } } }`;

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps, { fullName: 'ASD GraphQL' });
  other = await createClub(t.deps, { fullName: 'ASD Altrui' });
});
afterAll(() => t.close());

const creds = (c: TestClub) => ({ token: c.token, club: c.clubToken });

async function sendMultipart(body: { payload: Buffer; contentType: string }, c: TestClub = club) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${c.token}`, 'x-club': c.clubToken },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

const uploadLogo = (content: Buffer, input: Record<string, unknown> = { fullName: 'ASD GraphQL' }, c: TestClub = club) =>
  sendMultipart(graphqlMultipart(UPDATE, { input, logo: null }, [{ path: 'logo', filename: 'stemma.png', contentType: 'image/png', content }]), c);

/** A club the session does not belong to is refused before any resolver runs (docs/accounts.md: GraphQL FORBIDDEN). */
function expectForbidden(body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> }) {
  expect(body.data ?? null).toBeNull();
  expect(body.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['FORBIDDEN', MSG.clubForbidden]]);
}

const stored = (clubId = club.clubId) =>
  Promise.all([
    t.deps.systemDb.club.findUniqueOrThrow({ where: { id: clubId }, include: { legalAddress: true, clubAddress: true } }),
    t.deps.systemDb.storedFile.findMany({ where: { clubId }, select: { id: true }, orderBy: { id: 'asc' } }),
  ]);

describe('club query', () => {
  it('answers the club named by X-Club with every §3 field', async () => {
    const { body } = await gql(t.app, CLUB, {}, creds(club));
    expect(body.errors).toBeUndefined();
    expect(body.data.club).toMatchObject({ id: club.clubId, fullName: 'ASD GraphQL', vatNumber: '12345678901', legalAddress: null, logoUrl: null, hasUploadedLogo: false });
    expect(body.data.club.seasonLabel).toMatch(/^\d{4}\/\d{2}$/);
  });

  it('refuses without a session or with a club the session does not belong to', async () => {
    expect((await gql(t.app, CLUB, {}, { club: club.clubToken })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const foreign = await gql(t.app, CLUB, {}, { token: other.token, club: club.clubToken });
    expect(foreign.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(foreign.body)).not.toContain('ASD GraphQL');
  });
});

describe('updateClub', () => {
  it('updates every field and answers the club and the spec message', async () => {
    const input = {
      fullName: 'ASD GraphQL Volley',
      typeClub: 'SSD',
      sport: 'pallavolo',
      foundation: 1990,
      companyName: 'GraphQL Volley SSD a r.l.',
      vatNumber: '00743110157',
      fiscalCode: '00743110157',
      legalRepresentativeNameSurname: 'Anna Verdi',
      legalRepresentativeFiscalCode: 'VRDNNA85M41H501D',
      emailPrimary: 'info@volley.it',
      emailSecondary: '',
      phonePrimary: '0541 22 33 44',
      phoneSecondary: null,
      legalAddress: { address: 'Piazza Cavour', streetNumber: '3', postalCode: '47921', city: 'Rimini', province: 'RN', country: 'Italia' },
      clubAddress: { address: 'Palazzetto', city: 'Rimini' },
      primaryColor: '#123abc',
      secondaryColor: '#FFFFFF',
      seasonLabel: '2025/26',
    };
    const { body } = await gql(t.app, UPDATE, { input }, creds(club));
    expect(body.data.updateClub.__typename).toBe('MutationUpdateClubSuccess');
    expect(body.data.updateClub.data.message).toBe('Dati club aggiornati con successo');
    expect(body.data.updateClub.data.club).toMatchObject({
      ...input,
      emailSecondary: null,
      phonePrimary: '0541223344',
      phoneSecondary: null,
      secondaryColor: '#ffffff',
      clubAddress: { address: 'Palazzetto', city: 'Rimini' },
    });
  });

  it('uploads a logo by multipart: logoUrl is /files/<id>, served to the club, and the session query carries it', async () => {
    const { statusCode, body } = await uploadLogo(png());
    expect(statusCode).toBe(200);
    const saved = body.data.updateClub.data.club;
    expect(saved.hasUploadedLogo).toBe(true);
    expect(saved.logoUrl).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ method: 'GET', url: saved.logoUrl, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload.equals(png())).toBe(true);
    const foreign = await t.app.inject({ method: 'GET', url: saved.logoUrl, headers: { authorization: `Bearer ${other.token}`, 'x-club': other.clubToken } });
    expect(foreign.statusCode).toBe(404);

    const me = await gql(t.app, ME_CLUBS, {}, { token: club.token });
    expect(me.body.data.me.profile.clubs[0].club).toMatchObject({ logoUrl: saved.logoUrl, hasUploadedLogo: true, primaryColor: '#123abc', secondaryColor: '#ffffff' });

    const removed = await gql(t.app, UPDATE, { input: { fullName: 'ASD GraphQL Volley' }, removeLogo: true }, creds(club));
    expect(removed.body.data.updateClub.data.club).toMatchObject({ logoUrl: null, hasUploadedLogo: false });
    expect((await t.app.inject({ method: 'GET', url: saved.logoUrl, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } })).statusCode).toBe(404);
  });

  it.each([
    ['a non-image', fakePdf(), MSG.logoTypeNotAllowed],
    ['a corrupt PNG', png().subarray(0, 30), MSG.logoUnreadable],
    ['an oversize logo', Buffer.concat([png(), Buffer.alloc(LOGO_MAX_BYTES)]), MSG.logoTooLarge],
  ])('refuses %s with the logo field error, storing nothing', async (_name, content, message) => {
    const before = await stored();
    const { statusCode, body } = await uploadLogo(content, { fullName: 'Cambiato' });
    expect(statusCode).toBe(200);
    expect(body.data.updateClub).toMatchObject({ __typename: 'ValidationError', message: MSG.invalidFields, fields: [{ field: 'logo', message }] });
    expect(await stored()).toEqual(before);
  });

  it('refuses an invalid VAT number and email with field errors, changing nothing', async () => {
    const before = await stored();
    const { body } = await gql(t.app, UPDATE, { input: { fullName: 'Cambiato', vatNumber: '12345678901', emailPrimary: 'info@', legalAddress: { postalCode: 'x'.repeat(201) } } }, creds(club));
    expect(body.data.updateClub).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: 'Alcuni campi non sono validi',
      fields: [
        { field: 'vatNumber', message: MSG.vatChecksum },
        { field: 'emailPrimary', message: MSG.emailInvalid },
        { field: 'legalAddress.postalCode', message: MSG.textTooLong },
      ],
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses another club's id like an unknown one; a user of another club cannot reach this one", async () => {
    const before = [await stored(), await stored(other.clubId)];
    const byId = await gql(t.app, UPDATE, { input: { id: other.clubId, fullName: 'Presa' } }, creds(club));
    expect(byId.body.data.updateClub).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound });
    const unknown = await gql(t.app, UPDATE, { input: { id: '00000000-0000-0000-0000-000000000000', fullName: 'Presa' } }, creds(club));
    expect(unknown.body.data.updateClub).toEqual(byId.body.data.updateClub);
    const foreignUser = await gql(t.app, UPDATE, { input: { fullName: 'Presa' } }, { token: other.token, club: club.clubToken });
    expectForbidden(foreignUser.body);
    const foreignUpload = await uploadLogo(png(), { fullName: 'Presa', id: club.clubId }, { ...other, clubToken: club.clubToken });
    expectForbidden(foreignUpload.body);
    expect([await stored(), await stored(other.clubId)]).toEqual(before);
  });
});

describe('updateClubSettings', () => {
  it('saves season and colours; bad values are field errors', async () => {
    const { body } = await gql(t.app, SETTINGS, { input: { seasonLabel: '2026/27', primaryColor: '#0A0A0A', secondaryColor: '#fafafa' } }, creds(club));
    expect(body.data.updateClubSettings).toEqual({
      __typename: 'MutationUpdateClubSettingsSuccess',
      data: { message: MSG.changesSaved, club: { seasonLabel: '2026/27', primaryColor: '#0a0a0a', secondaryColor: '#fafafa' } },
    });
    const bad = await gql(t.app, SETTINGS, { input: { seasonLabel: '2026', primaryColor: 'verde' } }, creds(club));
    expect(bad.body.data.updateClubSettings.fields).toEqual([
      { field: 'seasonLabel', message: MSG.seasonLabelInvalid },
      { field: 'primaryColor', message: MSG.colorInvalid },
    ]);
    const foreign = await gql(t.app, SETTINGS, { input: { primaryColor: '#000000' } }, { token: other.token, club: club.clubToken });
    expectForbidden(foreign.body);
    expect((await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } })).primaryColor).toBe('#0a0a0a');
  });
});
