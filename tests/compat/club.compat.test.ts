// Golden envelopes of /api/club/single and of the groups in /api/app (spec §3 App settings, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { archiveGroup } from '../../server/modules/groups/archive-group.service';
import { saveGroup } from '../../server/modules/groups/save-group.service';
import { createClub, type TestClub } from '../support/factories';
import { fakePdf, multipart, png, type Part } from '../server/files/fixtures';
import { rest } from '../support/http';
import { clubContext, createGroup } from '../support/registry-factories';
import { startTestApp, type TestApp } from '../support/test-app';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/club/single', () => {
  it('answers the club named by X-Club', async () => {
    const club = await createClub(t.deps, { fullName: 'ASD Rugby Romagna', vatNumber: '01234567890', foundation: 1977, typeSport: 'rugby', plan: 'Pro' });
    const res = await rest(t.app, '/club/single', undefined, { token: club.token, club: club.clubToken });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: '',
      context: {
        club: {
          id: club.clubId,
          full_name: 'ASD Rugby Romagna',
          type_club: null,
          type_club_details: [],
          type_sport: 'rugby',
          type_sport_details: [{ name: 'Rugby' }],
          foundation: 1977,
          company_name: null,
          vat_number: '01234567890',
          fiscal_code: null,
          legal_representative_name_surname: null,
          legal_representative_fiscal_code: null,
          legal_address_id: null,
          legal_address: null,
          email_primary: null,
          email_secondary: null,
          phone_primary: null,
          phone_secondary: null,
          club_address_id: null,
          club_address: null,
          logo_file: null,
          primary_color: null,
          secondary_color: null,
          season_label: expect.stringMatching(/^\d{4}\/\d{2}$/),
          plan: 'Pro',
          is_active: true,
          created_at: ISO,
          updated_at: ISO,
        },
      },
    });
  });

  it("refuses another club's token (403), no club header (403) and no session (401)", async () => {
    const mine = await createClub(t.deps);
    const theirs = await createClub(t.deps, { fullName: 'Società Altrui' });
    const res = await rest(t.app, '/club/single', undefined, { token: mine.token, club: theirs.clubToken });
    expect([res.statusCode, res.body]).toEqual([403, { status: false, context: null, message: MSG.clubForbidden }]);
    expect(JSON.stringify(res.body)).not.toContain('Società Altrui');
    const noHeader = await rest(t.app, '/club/single', undefined, { token: mine.token });
    expect([noHeader.statusCode, noHeader.body.message]).toEqual([403, MSG.clubHeaderMissing]);
    expect((await rest(t.app, '/club/single', undefined, { club: theirs.clubToken })).statusCode).toBe(401);
  });
});

describe('POST /api/app groups', () => {
  it("lists the club's active groups, by name, in the group shape; never another club's", async () => {
    const club = await createClub(t.deps);
    const ctx = await clubContext(t.deps, club);
    const coaches = await createGroup(ctx, { name: 'Allenatori', type: 'coach' });
    const u12 = await createGroup(ctx, { name: 'Under 12', type: 'athlete' });
    const paused = await createGroup(ctx, { name: 'In pausa', type: 'member' });
    await saveGroup(ctx, { id: paused.id, name: paused.name, type: 'member', isActive: false });
    await archiveGroup(ctx, (await createGroup(ctx, { name: 'Archiviato', type: 'athlete' })).id);
    const other = await createClub(t.deps);
    await createGroup(await clubContext(t.deps, other), { name: 'Altrui', type: 'athlete' });

    const res = await rest(t.app, '/app', undefined, { token: club.token, club: club.clubToken });
    expect(res.body.status).toBe(true);
    expect(res.body.context.groups).toEqual([
      {
        id: coaches.id,
        club_id: club.clubId,
        type_group_id: 'coach',
        type_group: 'coach',
        name: 'Allenatori',
        is_hidden: false,
        is_active: true,
        type: { name: 'Allenatori', layout: 'coach' },
        members_count: 0,
      },
      {
        id: u12.id,
        club_id: club.clubId,
        type_group_id: 'athlete',
        type_group: 'athlete',
        name: 'Under 12',
        is_hidden: false,
        is_active: true,
        type: { name: 'Atleti', layout: 'athlete' },
        members_count: 0,
      },
    ]);
    expect((await rest(t.app, '/app', undefined, { token: other.token, club: other.clubToken })).body.context.groups.map((g: { name: string }) => g.name)).toEqual(['Altrui']);
  });
});

describe('POST /api/club/update', () => {
  const record = {
    full_name: 'ASD Legacy Volley',
    type_club: 'ASD',
    type_sport: 'pallavolo',
    foundation: 1985,
    company_name: 'Legacy Volley ASD',
    vat_number: '01234567897',
    fiscal_code: '01234567897',
    legal_representative_name_surname: 'Luca Neri',
    legal_representative_fiscal_code: 'NRELCU80A01H501S',
    email_primary: 'info@legacy.it',
    email_secondary: 'segreteria@legacy.it',
    phone_primary: '0541 111222',
    phone_secondary: '',
    legal_address: { address: 'Via Legacy', street_number: '5', postal_code: '47921', city: 'Rimini', province: 'RN', country: 'Italia' },
    club_address: { address: 'Palestra comunale', city: 'Riccione' },
    primary_color: '#0055AA',
    secondary_color: '#ffcc00',
    season_label: '2025/26',
  };
  const creds = (c: TestClub) => ({ token: c.token, club: c.clubToken });

  async function sendMultipart(c: TestClub, parts: Part[]) {
    const body = multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/club/update',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${c.token}`, 'x-club': c.clubToken },
      payload: body.payload,
    });
    return { statusCode: res.statusCode, body: res.json() };
  }

  it('updates from JSON (with its own id) and answers the whole club and the spec message', async () => {
    const club = await createClub(t.deps);
    const res = await rest(t.app, '/club/update', { id: club.clubId, ...record }, creds(club));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Dati club aggiornati con successo' });
    const saved = res.body.context.club;
    expect(saved).toMatchObject({
      id: club.clubId,
      full_name: 'ASD Legacy Volley',
      type_club: 'ASD',
      type_club_details: [{ name: 'ASD - Associazione sportiva dilettantistica' }],
      type_sport: 'pallavolo',
      type_sport_details: [{ name: 'Pallavolo' }],
      foundation: 1985,
      vat_number: '01234567897',
      legal_representative_fiscal_code: 'NRELCU80A01H501S',
      phone_primary: '0541111222',
      phone_secondary: null,
      legal_address_id: expect.any(String),
      legal_address: { id: expect.any(String), ...record.legal_address },
      club_address: { address: 'Palestra comunale', street_number: null, postal_code: null, city: 'Riccione', province: null, country: null },
      logo_file: null,
      primary_color: '#0055aa',
      secondary_color: '#ffcc00',
      season_label: '2025/26',
      updated_at: ISO,
    });
    expect((await rest(t.app, '/club/single', undefined, creds(club))).body.context.club).toEqual(saved);
  });

  it('updates from multipart with the logo as logo_file; /club/single then names it', async () => {
    const club = await createClub(t.deps);
    const res = await sendMultipart(club, [
      { name: 'full_name', value: 'ASD Multipart' },
      { name: 'foundation', value: '2001' },
      { name: 'legal_address[city]', value: 'Cesena' },
      { name: 'primary_color', value: '#112233' },
      { name: 'logo_file', filename: 'logo.png', contentType: 'image/png', content: png() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Dati club aggiornati con successo' });
    const saved = res.body.context.club;
    expect(saved).toMatchObject({ full_name: 'ASD Multipart', foundation: 2001, legal_address: { city: 'Cesena' }, primary_color: '#112233' });
    expect(saved.logo_file).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ method: 'GET', url: `/api${saved.logo_file}`, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } });
    expect([served.statusCode, served.rawPayload.equals(png())]).toEqual([200, true]);

    const removed = await sendMultipart(club, [{ name: 'full_name', value: 'ASD Multipart' }, { name: 'remove_logo', value: '1' }]);
    expect(removed.body.context.club.logo_file).toBeNull();
  });

  it('answers field errors in legacy names (status false), changing nothing', async () => {
    const club = await createClub(t.deps);
    const before = (await rest(t.app, '/club/single', undefined, creds(club))).body.context.club;
    const res = await rest(t.app, '/club/update', { ...record, full_name: '', vat_number: '12345678901', email_primary: 'x@', type_sport: 'golf', legal_address: { postal_code: 'x'.repeat(300) } }, creds(club));
    expect([res.statusCode, res.body]).toEqual([
      200,
      {
        status: false,
        message: 'Alcuni campi non sono validi',
        context: {
          errors: {
            full_name: MSG.clubNameRequired,
            type_sport: MSG.invalidSport,
            vat_number: MSG.vatChecksum,
            email_primary: MSG.emailInvalid,
            'legal_address.postal_code': MSG.textTooLong,
          },
        },
      },
    ]);
    const badLogo = await sendMultipart(club, [
      { name: 'full_name', value: 'Cambiato' },
      { name: 'logo_file', filename: 'logo.png', contentType: 'image/png', content: fakePdf() },
    ]);
    expect([badLogo.statusCode, badLogo.body]).toEqual([200, { status: false, message: MSG.invalidFields, context: { errors: { logo_file: MSG.logoTypeNotAllowed } } }]);
    expect((await rest(t.app, '/club/single', undefined, creds(club))).body.context.club).toEqual(before);
    expect(await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } })).toBe(0);
  });

  it("refuses another club's id as unknown (status false) and another club's token (403); nothing changes", async () => {
    const mine = await createClub(t.deps);
    const theirs = await createClub(t.deps, { fullName: 'Società Altrui' });
    const theirsBefore = (await rest(t.app, '/club/single', undefined, creds(theirs))).body.context.club;
    const mineBefore = (await rest(t.app, '/club/single', undefined, creds(mine))).body.context.club;

    const byId = await rest(t.app, '/club/update', { ...record, id: theirs.clubId }, creds(mine));
    expect([byId.statusCode, byId.body]).toEqual([200, { status: false, context: null, message: MSG.notFound }]);
    const unknown = await rest(t.app, '/club/update', { ...record, id: '00000000-0000-0000-0000-000000000000' }, creds(mine));
    expect(unknown.body).toEqual(byId.body);
    const foreign = await rest(t.app, '/club/update', record, { token: mine.token, club: theirs.clubToken });
    expect([foreign.statusCode, foreign.body]).toEqual([403, { status: false, context: null, message: MSG.clubForbidden }]);
    expect((await rest(t.app, '/club/update', record, { club: theirs.clubToken })).statusCode).toBe(401);

    expect((await rest(t.app, '/club/single', undefined, creds(theirs))).body.context.club).toEqual(theirsBefore);
    expect((await rest(t.app, '/club/single', undefined, creds(mine))).body.context.club).toEqual(mineBefore);
  });
});
