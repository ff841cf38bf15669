// Assigning people to groups (spec §4) through the services on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ConflictError, NotFoundError, ValidationError } from '../../../server/lib/errors';
import { archiveGroup } from '../../../server/modules/groups/archive-group.service';
import { activeGroupsOf, assignToGroup, unassignFromGroup } from '../../../server/modules/groups/group-membership.service';
import { createClubWithContext, createGroup, createRole, registrySnapshot } from '../../support/registry-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  ({ ctx } = await createClubWithContext(t.deps));
});
afterAll(() => t.close());

const refusal = (p: Promise<unknown>) => p.then(() => null, (e) => e);

describe('assignToGroup / unassignFromGroup', () => {
  it('assigns, refuses a second time, unassigns, refuses a second unassign, and reassigns', async () => {
    const group = await createGroup(ctx, { name: 'Under 10', type: 'athlete' });
    const roleId = await createRole(ctx, 'athlete');
    const role = await assignToGroup(ctx, { groupId: group.id, roleId });
    expect(role).toMatchObject({ id: roleId, kind: 'athlete' });
    expect((await activeGroupsOf(t.deps.systemDb, roleId)).map((g) => g.id)).toEqual([group.id]);

    const again = await refusal(assignToGroup(ctx, { groupId: group.id, roleId }));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.message).toBe(MSG.alreadyAssigned);

    await expect(unassignFromGroup(ctx, { groupId: group.id, roleId })).resolves.toMatchObject({ id: roleId });
    expect(await activeGroupsOf(t.deps.systemDb, roleId)).toEqual([]);
    const notMember = await refusal(unassignFromGroup(ctx, { groupId: group.id, roleId }));
    expect(notMember).toBeInstanceOf(ConflictError);
    expect(notMember.message).toBe(MSG.notAssigned);

    await assignToGroup(ctx, { groupId: group.id, roleId });
    expect(await t.deps.systemDb.groupMember.count({ where: { groupId: group.id, roleId } })).toBe(1);
  });

  it('refuses an archived person, an archived group and a group of another kind', async () => {
    const group = await createGroup(ctx, { name: 'Staff trasferte', type: 'staff' });
    const archivedRole = await createRole(ctx, 'staff', { archived: true });
    const coach = await createRole(ctx, 'coach');
    const staff = await createRole(ctx, 'staff');
    const closed = await createGroup(ctx, { name: 'Staff vecchio', type: 'staff' });
    await archiveGroup(ctx, closed.id);

    const a = await refusal(assignToGroup(ctx, { groupId: group.id, roleId: archivedRole }));
    expect([a?.constructor, a?.message]).toEqual([ConflictError, MSG.archivedNotAssignable]);
    const b = await refusal(assignToGroup(ctx, { groupId: closed.id, roleId: staff }));
    expect([b?.constructor, b?.message]).toEqual([ConflictError, MSG.groupArchivedNotAssignable]);
    const c = await refusal(assignToGroup(ctx, { groupId: group.id, roleId: coach }));
    expect([c?.constructor, c?.message, c?.fields]).toEqual([ConflictError, MSG.groupKindMismatch, { groupId: MSG.groupKindMismatch }]);
    expect(await t.deps.systemDb.groupMember.count({ where: { groupId: { in: [group.id, closed.id] } } })).toBe(0);
  });

  it('an archived person can still be unassigned, and an archived group left', async () => {
    const group = await createGroup(ctx, { name: 'Soci storici', type: 'member' });
    const roleId = await createRole(ctx, 'member');
    await assignToGroup(ctx, { groupId: group.id, roleId });
    await t.deps.systemDb.personRole.update({ where: { id: roleId }, data: { archivedAt: new Date() } });
    await archiveGroup(ctx, group.id);
    await expect(unassignFromGroup(ctx, { groupId: group.id, roleId })).resolves.toMatchObject({ id: roleId });
  });

  it('the legacy kind must be the role kind; unknown kinds are invalid; unknown ids are NotFound', async () => {
    const group = await createGroup(ctx, { name: 'Allenatori A', type: 'coach' });
    const coach = await createRole(ctx, 'coach');
    expect(await refusal(assignToGroup(ctx, { groupId: group.id, roleId: coach, kind: 'athlete' }))).toBeInstanceOf(NotFoundError);
    const bad = await refusal(assignToGroup(ctx, { groupId: group.id, roleId: coach, kind: 'allenatore' }));
    expect(bad).toBeInstanceOf(ValidationError);
    expect(bad.fields).toEqual({ kind: MSG.kindInvalid });
    expect(await refusal(assignToGroup(ctx, { groupId: group.id, roleId: 'x' }))).toBeInstanceOf(NotFoundError);
    expect(await refusal(assignToGroup(ctx, { groupId: '00000000-0000-4000-8000-000000000000', roleId: coach }))).toBeInstanceOf(NotFoundError);
    await expect(assignToGroup(ctx, { groupId: group.id, roleId: coach, kind: 'coach' })).resolves.toMatchObject({ id: coach });
  });

  it('memberships cross no club: my role to their group and their role to my group are NotFound, nothing stored', async () => {
    const { ctx: other } = await createClubWithContext(t.deps);
    const myGroup = await createGroup(ctx, { name: 'Mio gruppo', type: 'athlete' });
    const myRole = await createRole(ctx, 'athlete');
    const theirGroup = await createGroup(other, { name: 'Loro gruppo', type: 'athlete' });
    const theirRole = await createRole(other, 'athlete');
    await assignToGroup(other, { groupId: theirGroup.id, roleId: theirRole });
    const before = await registrySnapshot(t.deps);

    for (const pair of [
      { groupId: myGroup.id, roleId: theirRole },
      { groupId: theirGroup.id, roleId: myRole },
    ]) {
      expect(await refusal(assignToGroup(ctx, pair))).toBeInstanceOf(NotFoundError);
      expect(await refusal(assignToGroup(other, pair))).toBeInstanceOf(NotFoundError);
    }
    // and I cannot take their member out of their group
    expect(await refusal(unassignFromGroup(ctx, { groupId: theirGroup.id, roleId: theirRole }))).toBeInstanceOf(NotFoundError);
    expect(await registrySnapshot(t.deps)).toEqual(before);
  });
});
