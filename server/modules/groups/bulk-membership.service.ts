// Bulk assigning and unassigning (issue 15): the same rules as assignToGroup / unassignFromGroup, applied to a
// selection in one transaction, all or nothing. A single bad id (another club's, unknown, archived, of another kind
// than the group) refuses the whole call with the single-row message and changes nothing. Already a member (assign)
// or not a member (unassign) is not an error here: the answer says how many actually changed.
// Set-based: a fixed number of statements whatever the size of the selection.
import { z } from 'zod';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { roleIdsInput, type BulkResult } from '../people/bulk-selection';

const bulkMembershipInput = z.object({ groupId: z.unknown(), roleIds: roleIdsInput });
export type BulkMembershipChange = z.input<typeof bulkMembershipInput>;

export async function assignPeopleToGroup(ctx: RequestContext, raw: BulkMembershipChange): Promise<BulkResult & { groupName: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(bulkMembershipInput, raw, { summary: 'first' });
  return clubDb(ctx).$transaction(async (tx) => {
    const { group, roles } = await findSelection(tx, clubId, input);
    if (roles.some((role) => role.archivedAt)) throw new ConflictError(MSG.archivedNotAssignable);
    if (group.archivedAt) throw new ConflictError(MSG.groupArchivedNotAssignable);
    if (roles.some((role) => role.kind !== group.type)) throw new ConflictError(MSG.groupKindMismatch, { groupId: MSG.groupKindMismatch });
    const created = await tx.groupMember.createManyAndReturn({
      data: roles.map((role) => ({ clubId, groupId: group.id, roleId: role.id })),
      skipDuplicates: true,
      select: { roleId: true },
    });
    const personOf = new Map(roles.map((role) => [role.id, role.personId]));
    for (const { roleId } of created) {
      describeChange(tx, { action: 'update', entityType: 'group', entityId: group.id, entityLabel: group.name, personId: personOf.get(roleId) ?? null, detail: 'Persona aggiunta al gruppo' });
    }
    return { requested: roles.length, changed: created.length, groupName: group.name };
  });
}

export async function unassignPeopleFromGroup(ctx: RequestContext, raw: BulkMembershipChange): Promise<BulkResult & { groupName: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(bulkMembershipInput, raw, { summary: 'first' });
  return clubDb(ctx).$transaction(async (tx) => {
    const { group, roles } = await findSelection(tx, clubId, input);
    const ids = roles.map((role) => role.id);
    const members = await tx.groupMember.findMany({ where: { clubId, groupId: group.id, roleId: { in: ids } }, select: { roleId: true } });
    const { count } = await tx.groupMember.deleteMany({ where: { clubId, groupId: group.id, roleId: { in: ids } } });
    const personOf = new Map(roles.map((role) => [role.id, role.personId]));
    for (const { roleId } of members) {
      describeChange(tx, { action: 'update', entityType: 'group', entityId: group.id, entityLabel: group.name, personId: personOf.get(roleId) ?? null, detail: 'Persona tolta dal gruppo' });
    }
    return { requested: roles.length, changed: count, groupName: group.name };
  });
}

/** The group and every role of the selection in the club, or NotFoundError when any of them is not there. */
async function findSelection(tx: Db, clubId: string, input: z.output<typeof bulkMembershipInput>) {
  if (!input.roleIds.every(isUuid)) throw new NotFoundError();
  const group = await tx.group.findFirst({ where: clubRowWhere(clubId, input.groupId) });
  const roles = await tx.personRole.findMany({ where: { clubId, id: { in: input.roleIds } }, select: { id: true, personId: true, kind: true, archivedAt: true } });
  if (!group || roles.length !== input.roleIds.length) throw new NotFoundError();
  return { group, roles };
}
