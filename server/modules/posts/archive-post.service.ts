import type { RequestContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { clubRowWhere } from '../../lib/club-rows';
import { POST_WITH_GROUPS, type PostWithGroups } from './posts.present';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { refuseUnlessCoachPost } from './posts.policy';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';

/** One way: the post leaves the feed (posts(archived: true) lists it) and can no longer be edited. */
export async function archivePost(ctx: RequestContext, id: unknown): Promise<PostWithGroups> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const where = clubRowWhere(clubId, id);
  const coach = athleteGroupsOf(ctx);
  if (coach) {
    const post = await db.post.findFirst({ where, select: { id: true } });
    if (!post) throw new NotFoundError();
    await refuseUnlessCoachPost(db, coach, post.id);
  }
  return db.$transaction(async (tx) => {
    const { count } = await tx.post.updateMany({ where: { ...where, archivedAt: null }, data: { archivedAt: new Date(), isActive: false } });
    const post = await tx.post.findFirst({ where, include: POST_WITH_GROUPS });
    if (!post) throw new NotFoundError();
    if (count) describeChange(tx, { action: 'archive', entityType: 'post', entityId: post.id, entityLabel: post.title });
    return post;
  });
}
