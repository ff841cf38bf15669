// Every read of a group goes through the viewer's club: an id of another club is the same as an unknown id.
import type { Prisma } from '../../generated/prisma/client.js';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';

/** Members counted by Group.memberCount and members_count: people whose role is not archived. */
export const ACTIVE_MEMBER = { role: { archivedAt: null } } satisfies Prisma.GroupMemberWhereInput;

/** The group with this id in the club (with the relations `include` names), or NotFoundError (also for another club's id). */
export async function findClubGroup<I extends Prisma.GroupInclude = Record<never, never>>(db: Db, clubId: string, id: unknown, include?: I): Promise<Prisma.GroupGetPayload<{ include: I }>> {
  const group = await db.group.findFirst({ where: clubRowWhere(clubId, id), ...(include ? { include } : {}) });
  if (!group) throw new NotFoundError();
  return group as Prisma.GroupGetPayload<{ include: I }>;
}
