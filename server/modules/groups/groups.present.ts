// The legacy REST shapes of groups (spec §3 Group/category) and of paginated `load` answers.
import { GROUP_TYPES } from '../../../schema/constants';
import type { Group, Prisma } from '../../generated/prisma/client.js';
import { ACTIVE_MEMBER } from './groups.policy';

/** Loads a group with the number of its active members in the same statement. */
export const GROUP_WITH_COUNT = { _count: { select: { members: { where: ACTIVE_MEMBER } } } } satisfies Prisma.GroupInclude;
export type GroupWithCount = Group & { _count: { members: number } };

export function groupTypeOf(key: string) {
  const type = GROUP_TYPES.find((t) => t.key === key);
  if (!type) throw new Error(`unknown group type ${key}`);
  return type;
}

export function presentGroup(group: GroupWithCount) {
  const type = groupTypeOf(group.type);
  return {
    id: group.id,
    club_id: group.clubId,
    type_group_id: group.type,
    type_group: group.type,
    name: group.name,
    is_hidden: group.isHidden,
    is_active: group.isActive,
    type: { name: type.name, layout: type.layout },
    members_count: group._count.members,
  };
}

