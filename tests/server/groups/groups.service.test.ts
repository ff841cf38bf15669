// Group and category rules (spec §3, §5) through the services on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { archiveGroup } from '../../../server/modules/groups/archive-group.service';
import { groupListWhere, listGroupsPage, listSelectableGroups } from '../../../server/modules/groups/list-groups.service';
import { saveGroup } from '../../../server/modules/groups/save-group.service';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../../server/lib/errors';
import type { RequestContext } from '../../../server/context';
import { serviceContext } from '../../support/factories';
import { createClubWithContext, createGroup, createRole } from '../../support/registry-factories';
import { assignToGroup } from '../../../server/modules/groups/group-membership.service';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  ({ ctx } = await createClubWithContext(t.deps));
});
afterAll(() => t.close());

const names = async (c: RequestContext, filters: Parameters<typeof groupListWhere>[1] = {}) =>
  (await t.deps.systemDb.group.findMany({ where: await groupListWhere(c, filters), orderBy: { name: 'asc' } })).map((g) => g.name);

describe('saveGroup', () => {
  it('creates a group with the spec message, and a category (type athlete) with its own', async () => {
    const group = await saveGroup(ctx, { name: '  Prima squadra staff ', type: 'coach' });
    expect(group.message).toBe(MSG.groupCreated);
    expect(group.group).toMatchObject({ name: 'Prima squadra staff', type: 'coach', isActive: true, isHidden: false, archivedAt: null });
    const category = await saveGroup(ctx, { name: 'Under 14', type: 'athlete' });
    expect(category.message).toBe(MSG.categoryCreated);
    expect(category.group.type).toBe('athlete');
  });

  it.each([
    [{ type: 'coach' }, { name: MSG.groupNameRequired }],
    [{ name: '   ', type: 'coach' }, { name: MSG.groupNameRequired }],
    [{ name: 'Dirigenza' }, { type: MSG.groupTypeRequired }],
    [{ name: 'Dirigenza', type: 'allenatori' }, { type: MSG.groupTypeRequired }],
    [{}, { name: MSG.groupNameRequired, type: MSG.groupTypeRequired }],
  ])('refuses %o with the spec messages', async (input, fields) => {
    const before = await t.deps.systemDb.group.count();
    const error = await saveGroup(ctx, input).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(MSG.invalidFields);
    expect(error.fields).toEqual(fields);
    expect(await t.deps.systemDb.group.count()).toBe(before);
  });

  it('keeps names unique per club and type among active groups, ignoring case and accents', async () => {
    const { ctx: c } = await createClubWithContext(t.deps);
    await saveGroup(c, { name: 'Pulcinì', type: 'athlete' });
    const error = await saveGroup(c, { name: 'pulcini', type: 'athlete' }).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(MSG.groupNameTaken);
    expect(error.fields).toEqual({ name: MSG.groupNameTaken });
    // same name, another type: allowed; another club: allowed
    await expect(saveGroup(c, { name: 'Pulcini', type: 'coach' })).resolves.toMatchObject({ message: MSG.groupCreated });
    await expect(saveGroup(ctx, { name: 'Pulcini', type: 'athlete' })).resolves.toMatchObject({ message: MSG.categoryCreated });
    // once archived, the name is free again
    const old = await saveGroup(c, { name: 'Esordienti', type: 'athlete' });
    await archiveGroup(c, old.group.id);
    await expect(saveGroup(c, { name: 'Esordienti', type: 'athlete' })).resolves.toMatchObject({ message: MSG.categoryCreated });
  });

  it('updates with an id (Modifiche salvate); renaming onto a sibling is refused, keeping its own name is not', async () => {
    const a = await createGroup(ctx, { name: 'Volontari bar', type: 'voluntary' });
    await createGroup(ctx, { name: 'Volontari cucina', type: 'voluntary' });
    const same = await saveGroup(ctx, { id: a.id, name: 'Volontari bar', type: 'voluntary', isHidden: true });
    expect(same).toMatchObject({ message: MSG.changesSaved, group: { id: a.id, isHidden: true } });
    const clash = await saveGroup(ctx, { id: a.id, name: 'VOLONTARI CUCINA', type: 'voluntary' }).catch((e) => e);
    expect(clash).toBeInstanceOf(ConflictError);
    expect((await t.deps.systemDb.group.findUniqueOrThrow({ where: { id: a.id } })).name).toBe('Volontari bar');
  });

  it('refuses to update an unknown, malformed or archived group', async () => {
    await expect(saveGroup(ctx, { id: '00000000-0000-4000-8000-000000000000', name: 'X', type: 'coach' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveGroup(ctx, { id: 'non-un-id', name: 'X', type: 'coach' })).rejects.toBeInstanceOf(ValidationError);
    const g = await createGroup(ctx, { name: 'Da archiviare', type: 'coach' });
    await archiveGroup(ctx, g.id);
    const error = await saveGroup(ctx, { id: g.id, name: 'Rinominato', type: 'coach' }).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(MSG.archivedReadOnly);
    expect((await t.deps.systemDb.group.findUniqueOrThrow({ where: { id: g.id } })).name).toBe('Da archiviare');
  });

  it('refuses to change the type of a group that has members', async () => {
    const g = await createGroup(ctx, { name: 'Allenatori giovanili', type: 'coach' });
    const empty = await createGroup(ctx, { name: 'Ancora vuoto', type: 'coach' });
    await assignToGroup(ctx, { groupId: g.id, roleId: await createRole(ctx, 'coach') });
    const error = await saveGroup(ctx, { id: g.id, name: g.name, type: 'staff' }).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.fields).toEqual({ type: MSG.groupTypeLocked });
    await expect(saveGroup(ctx, { id: empty.id, name: empty.name, type: 'staff' })).resolves.toMatchObject({ group: { type: 'staff' } });
  });

  it('needs a session and a club', async () => {
    await expect(saveGroup(serviceContext(t.deps), { name: 'X', type: 'coach' })).rejects.toBeInstanceOf(UnauthenticatedError);
    const noClub = { ...ctx, viewer: { ...ctx.viewer!, membership: null } };
    await expect(saveGroup(noClub, { name: 'X', type: 'coach' })).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('archiveGroup', () => {
  it('is one way: sets archivedAt and isActive false, leaves the lists, and archiving again changes nothing', async () => {
    const g = await createGroup(ctx, { name: 'Gruppo archiviato', type: 'member' });
    const archived = await archiveGroup(ctx, g.id);
    expect(archived).toMatchObject({ id: g.id, isActive: false, archivedAt: expect.any(Date) });
    expect(await names(ctx, { types: ['member'] })).not.toContain('Gruppo archiviato');
    expect(await names(ctx, { types: ['member'], archived: true })).toContain('Gruppo archiviato');
    const again = await archiveGroup(ctx, g.id);
    expect(again.archivedAt).toEqual(archived.archivedAt);
  });

  it('answers NotFound for an unknown or malformed id', async () => {
    await expect(archiveGroup(ctx, '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await expect(archiveGroup(ctx, 'x')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('group lists', () => {
  let c: RequestContext;
  beforeAll(async () => {
    ({ ctx: c } = await createClubWithContext(t.deps));
    for (const [name, type] of [
      ['Under 12 Nicolò', 'athlete'],
      ['Under 14', 'athlete'],
      ['Senior maschile', 'athlete'],
      ['Allenatori Under 12', 'coach'],
      ['Dirigenza', 'manager'],
      ['Soci 100%', 'member'],
      ['Soci_fondatori', 'member'],
    ] as const) {
      await createGroup(c, { name, type });
    }
    const hidden = await createGroup(c, { name: 'Zeta inattivo', type: 'staff' });
    await saveGroup(c, { id: hidden.id, name: hidden.name, type: 'staff', isActive: false });
    await archiveGroup(c, (await createGroup(c, { name: 'Under 16 archiviato', type: 'athlete' })).id);
  });

  it('sorts by name and filters by types (categories: [athlete])', async () => {
    expect(await names(c, { types: ['athlete'] })).toEqual(['Senior maschile', 'Under 12 Nicolò', 'Under 14']);
    expect(await names(c, { types: ['coach', 'manager'] })).toEqual(['Allenatori Under 12', 'Dirigenza']);
    expect(await names(c)).toHaveLength(8);
  });

  it('search: every word must match the name, accents and case ignored, % and _ literal', async () => {
    expect(await names(c, { search: 'under 12' })).toEqual(['Allenatori Under 12', 'Under 12 Nicolò']);
    expect(await names(c, { search: 'NICOLO' })).toEqual(['Under 12 Nicolò']);
    expect(await names(c, { search: 'nicolò under' })).toEqual(['Under 12 Nicolò']);
    expect(await names(c, { search: 'under nessuno' })).toEqual([]);
    expect(await names(c, { search: '100%' })).toEqual(['Soci 100%']);
    expect(await names(c, { search: '%' })).toEqual(['Soci 100%']);
    expect(await names(c, { search: 'i_f' })).toEqual(['Soci_fondatori']);
    expect(await names(c, { search: '   ' })).toHaveLength(8);
  });

  it('refuses a search longer than 100 characters and an unknown type', async () => {
    await expect(groupListWhere(c, { search: 'a'.repeat(101) })).rejects.toBeInstanceOf(ValidationError);
    await expect(groupListWhere(c, { types: ['coaches'] })).rejects.toBeInstanceOf(ValidationError);
  });

  it('pages of 8 with the total; selectable groups are the active ones', async () => {
    const first = await listGroupsPage(c, {}, undefined);
    expect(first).toMatchObject({ page: 1, total: 8 });
    expect(first.rows).toHaveLength(8);
    expect((await listGroupsPage(c, {}, '2')).rows).toHaveLength(0);
    expect((await listSelectableGroups(c)).map((g) => g.name)).not.toContain('Zeta inattivo');
    expect((await listSelectableGroups(c, ['member'])).map((g) => g.name)).toEqual(['Soci 100%', 'Soci_fondatori']);
  });
});
