// Every read of a group goes through the viewer's club: an id of another club is the same as an unknown id.
import type { Group, Prisma } from '../../generated/prisma/client.js';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';

/** Members counted by Group.memberCount and members_count: people whose role is not archived. */
export const ACTIVE_MEMBER = { role: { archivedAt: null } } satisfies Prisma.GroupMemberWhereInput;

/** The group with this id in the club, or NotFoundError (also for another club's id). */
export async function findClubGroup(db: Db, clubId: string, id: unknown): Promise<Group> {
  const group = await db.group.findFirst({ where: clubRowWhere(clubId, id) });
  if (!group) throw new NotFoundError();
  return group;
}
