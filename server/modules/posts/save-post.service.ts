import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { savePostInput } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { clubRowWhere, isUuid } from '../../lib/club-rows';
import { nested, parseEdit, sentColumns, storedFields } from '../../lib/partial-update';
import { POST_WITH_GROUPS, type PostWithGroups } from './posts.present';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { refuseUnlessCoachPost } from './posts.policy';
import { clubMember } from '../../access/authorize';

/**
 * Creates (no id) or updates a feed post. Its target groups must be groups of the club that are not archived;
 * on update a group the post already targets may stay even if archived since (the form sends it back as it was).
 * An update starts from the stored post (lib/partial-update.ts): a field left out keeps its value, and `groupIds`,
 * when sent, replaces the whole list of targets.
 */
export async function savePost(ctx: RequestContext, raw: unknown): Promise<{ post: PostWithGroups; message: string }> {
  const { clubId } = clubMember(ctx);
  const id = nested(raw, 'id');
  const coach = athleteGroupsOf(ctx);

  // The stored post is read inside the transaction the write runs in: one read serves the merge, the checks and the
  // comparison of the targets (a save that leaves them as they were writes none).
  return clubDb(ctx).$transaction(async (tx) => {
    const existing = isUuid(id) ? await tx.post.findFirst({ where: clubRowWhere(clubId, id), include: { groups: { select: { groupId: true } } } }) : null;
    if (isUuid(id) && !existing) throw new NotFoundError();
    const storedGroupIds = existing?.groups.map((g) => g.groupId) ?? [];
    const input = parseEdit(savePostInput, existing ? { id: existing.id, ...storedFields(existing, EDITABLE), groupIds: storedGroupIds } : null, raw);
    const groupIds = [...new Set(input.groupIds)];
    // A coach posts only to the groups they coach (never club-wide), and edits only such posts.
    if (coach && (!groupIds.length || groupIds.some((id) => !coach.groupIds.includes(id)))) {
      throw new ValidationError({ groupIds: MSG.coachPostGroupsOnly }, MSG.coachPostGroupsOnly);
    }
    if (existing && coach) await refuseUnlessCoachPost(tx, coach, existing.id);
    if (existing?.archivedAt) throw new ValidationError({ id: MSG.archivedReadOnly }, MSG.archivedReadOnly);

    const sameTargets = existing !== null && groupIds.length === storedGroupIds.length && groupIds.every((g) => storedGroupIds.includes(g));
    if (groupIds.length && !sameTargets) {
      const usable = await tx.group.count({
        where: {
          id: { in: groupIds },
          clubId,
          OR: [{ archivedAt: null }, ...(existing ? [{ posts: { some: { postId: existing.id } } }] : [])],
        },
      });
      if (usable !== groupIds.length) throw new ValidationError({ groupIds: MSG.idInvalid });
    }

    const data = {
      title: input.title,
      caption: input.caption,
      priority: input.priority,
      isActive: input.isActive,
      searchText: foldText(`${input.title} ${input.caption}`),
    };
    const targets = groupIds.map((groupId) => ({ groupId }));
    if (existing) {
      // Only the fields sent are written (a flag sent empty stays as stored); the targets only when sent and changed.
      const post = await tx.post.update({
        where: { id: existing.id },
        data: {
          ...sentColumns(raw, input, EDITABLE, []),
          searchText: data.searchText,
          ...(sameTargets ? {} : { groups: { deleteMany: {}, create: targets } }),
        },
        include: POST_WITH_GROUPS,
      });
      return { post, message: MSG.changesSaved };
    }
    const post = await tx.post.create({ data: { ...data, clubId, groups: { create: targets } }, include: POST_WITH_GROUPS });
    return { post, message: MSG.postCreated };
  });
}

const EDITABLE = ['title', 'caption', 'priority', 'isActive'];
