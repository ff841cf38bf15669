import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { savePostInput } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere } from '../../lib/club-rows';
import { POST_WITH_GROUPS, type PostWithGroups } from './posts.present';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { refuseUnlessCoachPost } from './posts.policy';
import { authorizeMember } from '../../access/authorize';

/**
 * Creates (no id) or updates a feed post. Its target groups must be groups of the club that are not archived;
 * on update a group the post already targets may stay even if archived since (the form sends it back as it was).
 * A save replaces the whole list of targets.
 */
export async function savePost(ctx: RequestContext, raw: unknown): Promise<{ post: PostWithGroups; message: string }> {
  const { clubId } = authorizeMember(ctx, 'feed.write');
  const input = parseInput(savePostInput, raw);
  const groupIds = [...new Set(input.groupIds)];
  // A coach posts only to the groups they coach (never club-wide), and edits only such posts.
  const coach = athleteGroupsOf(ctx);
  if (coach && (!groupIds.length || groupIds.some((id) => !coach.groupIds.includes(id)))) {
    throw new ValidationError({ groupIds: MSG.coachPostGroupsOnly }, MSG.coachPostGroupsOnly);
  }

  return clubDb(ctx).$transaction(async (tx) => {
    const existing = input.id ? await tx.post.findFirst({ where: clubRowWhere(clubId, input.id) }) : null;
    if (input.id && !existing) throw new NotFoundError();
    if (existing && coach) await refuseUnlessCoachPost(tx, coach, existing.id);
    if (existing?.archivedAt) throw new ValidationError({ id: MSG.archivedReadOnly }, MSG.archivedReadOnly);

    const usable = await tx.group.count({
      where: {
        id: { in: groupIds },
        clubId,
        OR: [{ archivedAt: null }, ...(existing ? [{ posts: { some: { postId: existing.id } } }] : [])],
      },
    });
    if (usable !== groupIds.length) throw new ValidationError({ groupIds: MSG.idInvalid });

    const data = {
      title: input.title,
      caption: input.caption,
      priority: input.priority,
      isActive: input.isActive,
      searchText: foldText(`${input.title} ${input.caption}`),
    };
    const targets = groupIds.map((groupId) => ({ groupId }));
    if (existing) {
      const post = await tx.post.update({
        where: { id: existing.id },
        data: { ...data, groups: { deleteMany: {}, create: targets } },
        include: POST_WITH_GROUPS,
      });
      return { post, message: MSG.changesSaved };
    }
    const post = await tx.post.create({ data: { ...data, clubId, groups: { create: targets } }, include: POST_WITH_GROUPS });
    return { post, message: MSG.postCreated };
  });
}
