import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { savePostInput } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { nested, parseEdit, sentColumns, storedFields, type Row } from '../../lib/partial-update';
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
  const input = parseEdit(savePostInput, isUuid(id) ? await storedPost(clubDb(ctx), clubId, id) : null, raw);
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
      // Only the fields sent are written (a flag sent empty stays as stored); the targets only when sent.
      const sentGroups = nested(raw, 'groupIds') !== undefined;
      const post = await tx.post.update({
        where: { id: existing.id },
        data: {
          ...sentColumns(raw, input, EDITABLE, []),
          searchText: data.searchText,
          ...(sentGroups ? { groups: { deleteMany: {}, create: targets } } : {}),
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

/** The post `id` names in the shape of the save's input (its targets as `groupIds`), or NotFoundError. */
async function storedPost(db: Db, clubId: string, id: string): Promise<Row> {
  const post = await db.post.findFirst({ where: clubRowWhere(clubId, id), include: { groups: { select: { groupId: true } } } });
  if (!post) throw new NotFoundError();
  return { id, ...storedFields(post, EDITABLE), groupIds: post.groups.map((g) => g.groupId) };
}
