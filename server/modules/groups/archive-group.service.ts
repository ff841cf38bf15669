import type { RequestContext } from '../../context';
import { GROUP_WITH_COUNT, type GroupWithCount } from './groups.present';
import { findClubGroup } from './groups.policy';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';

/**
 * One way: the group leaves the lists (groups(archived: true) shows it), takes no new members and no new posts.
 * Its memberships stay as history; the people lists show only active groups. Archiving twice changes nothing.
 */
export async function archiveGroup(ctx: RequestContext, id: unknown): Promise<GroupWithCount> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const group = await findClubGroup(db, clubId, id);
  await db.$transaction(async (tx) => {
    const { count } = await tx.group.updateMany({ where: { id: group.id, archivedAt: null }, data: { archivedAt: new Date(), isActive: false } });
    if (count) describeChange(tx, { action: 'archive', entityType: 'group', entityId: group.id, entityLabel: group.name });
  });
  return db.group.findUniqueOrThrow({ where: { id: group.id }, include: GROUP_WITH_COUNT });
}
