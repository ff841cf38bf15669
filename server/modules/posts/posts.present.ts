// The legacy REST shape of a post (spec §3 Post) and the include that loads what it shows.
import type { Group, Post, Prisma } from '../../generated/prisma/client.js';

/** A post with its target groups by name (archived groups included: they stay the post's audience). */
export const POST_WITH_GROUPS = {
  groups: { include: { group: true }, orderBy: [{ group: { name: 'asc' } }, { groupId: 'asc' }] },
} satisfies Prisma.PostInclude;
export type PostWithGroups = Post & { groups: Array<{ group: Group }> };

export function presentPost(post: PostWithGroups) {
  const first = post.groups[0]?.group ?? null;
  return {
    id: post.id,
    club_id: post.clubId,
    title: post.title,
    caption: post.caption,
    type_group_id: first?.type ?? null,
    type_group: first?.type ?? null,
    priority: post.priority,
    is_active: post.isActive,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    group_details: first ? { name: first.name } : null,
    groups: post.groups.map(({ group }) => ({ id: group.id, name: group.name })),
  };
}
