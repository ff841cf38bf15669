// Golden envelopes of /api/club/single and of the groups in /api/app (spec §3 App settings, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { archiveGroup } from '../../server/modules/groups/archive-group.service';
import { saveGroup } from '../../server/modules/groups/save-group.service';
import { createClub } from '../support/factories';
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
          email_primary: null,
          email_secondary: null,
          phone_primary: null,
          phone_secondary: null,
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
