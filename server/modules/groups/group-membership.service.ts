// Assigning people to groups (spec §4): archived people and archived groups take no new membership; a person
// joins only groups of their own kind; unassigning is always allowed, and the person can be assigned again.
import { z } from 'zod';
import { PERSON_KINDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../context';
import type { Group, PersonRole } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';

const membershipInput = z.object({
  groupId: z.unknown(),
  roleId: z.unknown(),
  /** Legacy callers name the role's kind (`type`): a role of another kind is, for them, an unknown id. */
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PERSON_KINDS, { error: MSG.kindInvalid }).optional()),
});
export type MembershipChange = z.input<typeof membershipInput>;

export async function assignToGroup(ctx: RequestContext, raw: MembershipChange): Promise<PersonRole> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(membershipInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const { group, role } = await findPair(tx, clubId, input);
    if (role.archivedAt) throw new ConflictError(MSG.archivedNotAssignable);
    if (group.archivedAt) throw new ConflictError(MSG.groupArchivedNotAssignable);
    if (group.type !== role.kind) throw new ConflictError(MSG.groupKindMismatch, { groupId: MSG.groupKindMismatch });
    // The unique (group, role) index decides, so two simultaneous assignments cannot both succeed.
    const { count } = await tx.groupMember.createMany({ data: [{ clubId, groupId: group.id, roleId: role.id }], skipDuplicates: true });
    if (count === 0) throw new ConflictError(MSG.alreadyAssigned);
    describeChange(tx, { action: 'update', entityType: 'group', entityId: group.id, entityLabel: group.name, personId: role.personId, detail: 'Persona aggiunta al gruppo' });
    return role;
  });
}

export async function unassignFromGroup(ctx: RequestContext, raw: MembershipChange): Promise<PersonRole> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(membershipInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const { group, role } = await findPair(tx, clubId, input);
    const { count } = await tx.groupMember.deleteMany({ where: { clubId, groupId: group.id, roleId: role.id } });
    if (count === 0) throw new ConflictError(MSG.notAssigned);
    describeChange(tx, { action: 'update', entityType: 'group', entityId: group.id, entityLabel: group.name, personId: role.personId, detail: 'Persona tolta dal gruppo' });
    return role;
  });
}

async function findPair(tx: Db, clubId: string, input: z.output<typeof membershipInput>): Promise<{ group: Group; role: PersonRole }> {
  const group = await tx.group.findFirst({ where: clubRowWhere(clubId, input.groupId) });
  const role = await tx.personRole.findFirst({ where: clubRowWhere(clubId, input.roleId) });
  if (!group || !role || (input.kind && role.kind !== input.kind)) throw new NotFoundError();
  return { group, role };
}

/** The role's groups that are not archived, by name: what a person's row shows. */
export function activeGroupsOf(db: Db, roleId: string) {
  return db.group.findMany({
    where: { archivedAt: null, members: { some: { roleId } } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
