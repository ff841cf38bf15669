// Golden envelopes of the legacy group routes (spec §3, §7, §8): exact shapes and Italian messages, and refusal
// of another club's users with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_SPEC_WORDING, MSG } from '../../schema/messages';
import type { RequestContext } from '../../server/context';
import { archiveGroup } from '../../server/modules/groups/archive-group.service';
import { assignToGroup } from '../../server/modules/groups/group-membership.service';
import { createClub, type TestClub } from '../support/factories';
import { rest } from '../support/http';
import { clubContext, createGroup, createRole, registrySnapshot } from '../support/registry-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let as: { token: string; club: string };
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
  as = { token: club.token, club: club.clubToken };
});
afterAll(() => t.close());

const TYPE = {
  athlete: { name: 'Atleti', layout: 'athlete' },
  coach: { name: 'Allenatori', layout: 'coach' },
  member: { name: 'Socio', layout: 'member' },
  voluntary: { name: 'Volontario', layout: 'voluntary' },
} as const;

/** The legacy group shape with everything spelled out. */
const legacyGroup = (id: string, clubId: string, name: string, type: keyof typeof TYPE, extra: Record<string, unknown> = {}) => ({
  id,
  club_id: clubId,
  type_group_id: type,
  type_group: type,
  name,
  is_hidden: false,
  is_active: true,
  type: TYPE[type],
  members_count: 0,
  ...extra,
});

describe('POST /api/group/save', () => {
  it('creates a group (type_group_id) and a category (type athlete) with the spec messages', async () => {
    const res = await rest(t.app, '/group/save', { name: 'Staff tecnico', type_group_id: 'coach' }, as);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: MSG.groupCreated, context: legacyGroup(res.body.context.id, club.clubId, 'Staff tecnico', 'coach') });
    const category = await rest(t.app, '/group/save', { name: 'Under 10', type: 'athlete' }, as);
    // the spec's own words on the legacy API (the screen says 'Nuova categoria salvata correttamente')
    expect(category.body).toEqual({ status: true, message: 'Nuovo categoria salvato correttamente', context: legacyGroup(category.body.context.id, club.clubId, 'Under 10', 'athlete') });
    const viaTypeGroup = await rest(t.app, '/group/save', { name: 'Volontari bar', type_group: 'voluntary', is_hidden: '1' }, as);
    expect(viaTypeGroup.body.context).toEqual(legacyGroup(viaTypeGroup.body.context.id, club.clubId, 'Volontari bar', 'voluntary', { is_hidden: true }));
  });

  it('updates with an id: Modifiche salvate', async () => {
    const group = await createGroup(ctx, { name: 'Soci sostenitori', type: 'member' });
    const res = await rest(t.app, '/group/save', { id: group.id, name: 'Soci benemeriti', type_group_id: 'member', is_active: 0 }, as);
    expect(res.body).toEqual({ status: true, message: MSG.changesSaved, context: legacyGroup(group.id, club.clubId, 'Soci benemeriti', 'member', { is_active: false }) });
  });

  it('answers field errors under the legacy names', async () => {
    const before = await t.deps.systemDb.group.count();
    const res = await rest(t.app, '/group/save', { name: '' }, as);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { name: MSG.groupNameRequired, type: LEGACY_SPEC_WORDING.groupTypeRequired } } });
    await rest(t.app, '/group/save', { name: 'Doppione', type_group_id: 'coach' }, as);
    const taken = await rest(t.app, '/group/save', { name: 'DOPPIONE', type_group_id: 'coach' }, as);
    expect(taken.body).toEqual({ status: false, message: MSG.groupNameTaken, context: { errors: { name: MSG.groupNameTaken } } });
    expect(await t.deps.systemDb.group.count()).toBe(before + 1);
  });
});

describe('POST /api/group/load and /api/group/by-type', () => {
  let other: TestClub;
  let oc: RequestContext;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    other = await createClub(t.deps);
    oc = await clubContext(t.deps, other);
    for (const name of ['Under 9', 'Under 11', 'Under 13', 'Under 15', 'Under 17', 'Under 19', 'Seniores', 'Amatori', 'Veterani']) {
      ids[name] = (await createGroup(oc, { name, type: 'athlete' })).id;
    }
    ids['Allenatori Under'] = (await createGroup(oc, { name: 'Allenatori Under', type: 'coach' })).id;
    const inactive = await createGroup(oc, { name: 'Ospiti', type: 'athlete' });
    await t.deps.systemDb.group.update({ where: { id: inactive.id }, data: { isActive: false } });
    ids.Ospiti = inactive.id;
    await archiveGroup(oc, (await createGroup(oc, { name: 'Under 21 chiusa', type: 'athlete' })).id);
    const member = await createRole(oc, 'athlete');
    await assignToGroup(oc, { groupId: ids['Under 9'], roleId: member });
  });
  const theirs = () => ({ token: other.token, club: other.clubToken });
  const g = (name: string, type: keyof typeof TYPE = 'athlete', extra = {}) => legacyGroup(ids[name], other.clubId, name, type, extra);

  it('answers a page of 8 sorted by name, with the paginator fields', async () => {
    const res = await rest(t.app, '/group/load', {}, theirs());
    expect(res.body).toEqual({
      status: true,
      message: '',
      context: {
        current_page: 1,
        data: [g('Allenatori Under', 'coach'), g('Amatori'), g('Ospiti', 'athlete', { is_active: false }), g('Seniores'), g('Under 11'), g('Under 13'), g('Under 15'), g('Under 17')],
        last_page: 2,
        per_page: 8,
        total: 11,
      },
    });
    const second = await rest(t.app, '/group/load', { page: 2 }, theirs());
    expect(second.body.context).toEqual({ current_page: 2, data: [g('Under 19'), g('Under 9', 'athlete', { members_count: 1 }), g('Veterani')], last_page: 2, per_page: 8, total: 11 });
  });

  it('filters by type and search (every word, accents ignored)', async () => {
    const coach = await rest(t.app, '/group/load', { type: 'coach' }, theirs());
    expect(coach.body.context).toEqual({ current_page: 1, data: [g('Allenatori Under', 'coach')], last_page: 1, per_page: 8, total: 1 });
    const search = await rest(t.app, '/group/load', { search: 'ÙNDER 1', type: 'athlete' }, theirs());
    expect(search.body.context.data.map((x: { name: string }) => x.name)).toEqual(['Under 11', 'Under 13', 'Under 15', 'Under 17', 'Under 19']);
    const bad = await rest(t.app, '/group/load', { type: 'squadra' }, theirs());
    expect(bad.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { type: MSG.kindInvalid } } });
    const badPage = await rest(t.app, '/group/load', { page: 'prima' }, theirs());
    expect(badPage.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { page: MSG.numberInvalid } } });
  });

  it('by-type answers the active groups of the type, by name; a type is required', async () => {
    const res = await rest(t.app, '/group/by-type', { type: 'athlete' }, theirs());
    expect(res.body).toEqual({
      status: true,
      message: '',
      context: ['Amatori', 'Seniores', 'Under 11', 'Under 13', 'Under 15', 'Under 17', 'Under 19', 'Under 9', 'Veterani'].map((n) =>
        n === 'Under 9' ? g(n, 'athlete', { members_count: 1 }) : g(n),
      ),
    });
    expect((await rest(t.app, '/group/by-type', {}, theirs())).body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { type: MSG.kindInvalid } } });
  });
});

describe('POST /api/group/assign, /api/group/unassign, /api/group/archive', () => {
  it('assign and unassign answer the role with its groups and pivot', async () => {
    const a = await createGroup(ctx, { name: 'Allenatori B', type: 'coach' });
    const b = await createGroup(ctx, { name: 'Allenatori A', type: 'coach' });
    const roleId = await createRole(ctx, 'coach');
    await assignToGroup(ctx, { groupId: a.id, roleId });
    const res = await rest(t.app, '/group/assign', { group_id: b.id, ref_id: roleId, type: 'coach' }, as);
    expect(res.body).toEqual({
      status: true,
      message: MSG.assigned,
      context: {
        id: roleId,
        groups: [
          { id: b.id, name: 'Allenatori A', pivot: { group_id: b.id, coach_id: roleId } },
          { id: a.id, name: 'Allenatori B', pivot: { group_id: a.id, coach_id: roleId } },
        ],
      },
    });
    const again = await rest(t.app, '/group/assign', { group_id: b.id, ref_id: roleId, type: 'coach' }, as);
    expect(again.body).toEqual({ status: false, message: MSG.alreadyAssigned, context: null });
    const out = await rest(t.app, '/group/unassign', { group_id: a.id, ref_id: roleId, type: 'coach' }, as);
    expect(out.body).toEqual({ status: true, message: MSG.unassigned, context: { id: roleId, groups: [{ id: b.id, name: 'Allenatori A', pivot: { group_id: b.id, coach_id: roleId } }] } });
    const outAgain = await rest(t.app, '/group/unassign', { group_id: a.id, ref_id: roleId, type: 'coach' }, as);
    expect(outAgain.body).toEqual({ status: false, message: MSG.notAssigned, context: null });
  });

  it('refuses a mismatching kind, an archived person and an archived group', async () => {
    const group = await createGroup(ctx, { name: 'Atleti élite', type: 'athlete' });
    const coach = await createRole(ctx, 'coach');
    const archived = await createRole(ctx, 'athlete', { archived: true });
    expect((await rest(t.app, '/group/assign', { group_id: group.id, ref_id: coach, type: 'athlete' }, as)).body).toEqual({ status: false, message: MSG.notFound, context: null });
    expect((await rest(t.app, '/group/assign', { group_id: group.id, ref_id: coach, type: 'coach' }, as)).body).toEqual({
      status: false,
      message: MSG.groupKindMismatch,
      context: { errors: { group_id: MSG.groupKindMismatch } },
    });
    expect((await rest(t.app, '/group/assign', { group_id: group.id, ref_id: coach, type: 'allenatore' }, as)).body).toEqual({
      status: false,
      message: MSG.invalidFields,
      context: { errors: { type: MSG.kindInvalid } },
    });
    expect((await rest(t.app, '/group/assign', { group_id: group.id, ref_id: archived, type: 'athlete' }, as)).body).toEqual({ status: false, message: MSG.archivedNotAssignable, context: null });
    const athlete = await createRole(ctx, 'athlete');
    await archiveGroup(ctx, group.id);
    expect((await rest(t.app, '/group/assign', { group_id: group.id, ref_id: athlete, type: 'athlete' }, as)).body).toEqual({ status: false, message: MSG.groupArchivedNotAssignable, context: null });
  });

  it('archive answers the archived group with Record archiviato correttamente', async () => {
    const group = await createGroup(ctx, { name: 'Vecchi soci', type: 'member' });
    const res = await rest(t.app, '/group/archive', { id: group.id }, as);
    expect(res.body).toEqual({ status: true, message: MSG.archived, context: legacyGroup(group.id, club.clubId, 'Vecchi soci', 'member', { is_active: false }) });
    expect((await rest(t.app, '/group/load', { search: 'vecchi soci' }, as)).body.context.total).toBe(0);
  });
});

describe('a user of another club', () => {
  it('gets not found or nothing from every group route, and nothing changes', async () => {
    const group = await createGroup(ctx, { name: 'Gruppo privato', type: 'athlete' });
    const role = await createRole(ctx, 'athlete');
    await assignToGroup(ctx, { groupId: group.id, roleId: role });
    const intruder = await createClub(t.deps);
    const ic = await clubContext(t.deps, intruder);
    const theirGroup = await createGroup(ic, { name: 'Gruppo intruso', type: 'athlete' });
    const theirRole = await createRole(ic, 'athlete');
    const them = { token: intruder.token, club: intruder.clubToken };
    const before = await registrySnapshot(t.deps);
    const notFound = { status: false, message: MSG.notFound, context: null };

    expect((await rest(t.app, '/group/load', { search: 'privato' }, them)).body.context).toEqual({ current_page: 1, data: [], last_page: 1, per_page: 8, total: 0 });
    expect((await rest(t.app, '/group/by-type', { type: 'athlete' }, them)).body.context.map((x: { id: string }) => x.id)).toEqual([theirGroup.id]);
    expect((await rest(t.app, '/group/save', { id: group.id, name: 'Preso', type: 'athlete' }, them)).body).toEqual(notFound);
    expect((await rest(t.app, '/group/archive', { id: group.id }, them)).body).toEqual(notFound);
    for (const path of ['/group/assign', '/group/unassign']) {
      for (const body of [
        { group_id: group.id, ref_id: role, type: 'athlete' },
        { group_id: group.id, ref_id: theirRole, type: 'athlete' },
        { group_id: theirGroup.id, ref_id: role, type: 'athlete' },
      ]) {
        expect((await rest(t.app, path, body, them)).body).toEqual(notFound);
      }
    }
    // and my session cannot mix my role with their group or their role with my group
    expect((await rest(t.app, '/group/assign', { group_id: theirGroup.id, ref_id: role, type: 'athlete' }, as)).body).toEqual(notFound);
    expect((await rest(t.app, '/group/assign', { group_id: group.id, ref_id: theirRole, type: 'athlete' }, as)).body).toEqual(notFound);
    // naming my club with their session is refused outright
    const forbidden = await rest(t.app, '/group/load', {}, { token: intruder.token, club: club.clubToken });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toEqual({ status: false, context: null, message: MSG.clubForbidden });
    expect(await registrySnapshot(t.deps)).toEqual(before);
  });

  it('every group route needs a session (401)', async () => {
    for (const path of ['/group/save', '/group/load', '/group/by-type', '/group/assign', '/group/unassign', '/group/archive']) {
      const res = await rest(t.app, path, {});
      expect([path, res.statusCode, res.body]).toEqual([path, 401, { status: false, context: null, message: MSG.notAuthenticated }]);
    }
  });
});
