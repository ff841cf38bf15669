import { z } from 'zod';
import { PAGE_SIZE, POST_ORDERS, type PostOrder } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { searchWords } from '../../../schema/text';
import { pageNumber, searchText } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid } from '../../lib/club-rows';
import { likeLiteral } from '../../lib/search';
import { POST_WITH_GROUPS } from './posts.present';
import { createdWithinWhere, recentPeriod } from '../dashboard/recent-activity';
import { clubDb } from '../../access/request-db';
import { authorizeMember, clubMember } from '../../access/authorize';


/** Each order ends on the id, so rows created in the same millisecond keep their place between pages. */
const ORDER_BY: Record<PostOrder, Prisma.PostOrderByWithRelationInput[]> = {
  NEWEST: [{ createdAt: 'desc' }, { id: 'desc' }],
  OLDEST: [{ createdAt: 'asc' }, { id: 'asc' }],
  PRIORITY: [{ priority: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
};

const postFilters = z.object({
  search: searchText,
  priority: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG.priorityInvalid }).optional(),
  ),
  groupId: z.unknown().optional(),
  orderBy: z.enum(POST_ORDERS, { error: MSG.invalidFields }).nullish(),
  archived: z.boolean().nullish(),
  createdWithin: recentPeriod,
});
/** Untrusted (GraphQL args or a legacy body): parsed by the schema above. */
export interface PostFilters {
  search?: unknown;
  priority?: unknown;
  groupId?: unknown;
  orderBy?: unknown;
  archived?: boolean | null;
  /** Posts created since local midnight / Monday (the dashboard's "post della settimana"). */
  createdWithin?: unknown;
}

/** LIKE patterns (Prisma's `contains`) treat `%`, `_` and `\` as special: a search word means itself. */

/**
 * `where` and `orderBy` of the feed in the viewer's club, shared by the GraphQL connection and legacy `load`.
 * Search: every word must occur in the folded title and caption (Post.searchText, written on every save).
 */
export function postListQuery(ctx: RequestContext, raw: PostFilters, now: Date = new Date()) {
  const { clubId } = authorizeMember(ctx, 'feed.read');
  const filters = parseInput(postFilters, raw);
  const hasGroup = filters.groupId !== undefined && filters.groupId !== null && filters.groupId !== '';
  const where: Prisma.PostWhereInput = {
    clubId,
    archivedAt: filters.archived ? { not: null } : null,
    ...(filters.priority !== undefined ? { priority: filters.priority } : {}),
    // Another club's group (or a malformed id) is targeted by none of this club's posts: an empty list.
    ...(hasGroup ? { groups: { some: { groupId: isUuid(filters.groupId) ? filters.groupId : { in: [] } } } } : {}),
    AND: searchWords(filters.search).map((word) => ({ searchText: { contains: likeLiteral(word) } })),
    ...(filters.createdWithin ? createdWithinWhere(filters.createdWithin, now) : {}),
  };
  return { where, orderBy: ORDER_BY[filters.orderBy ?? 'NEWEST'] };
}

/** One page of PAGE_SIZE posts (legacy `load`) and the total. */
export async function listPostsPage(ctx: RequestContext, filters: PostFilters, rawPage: unknown) {
  const page = parseInput(z.object({ page: pageNumber }), { page: rawPage }).page;
  const { where, orderBy } = postListQuery(ctx, filters);
  const db = clubDb(ctx);
  const [rows, total] = await Promise.all([
    db.post.findMany({ where, orderBy, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE, include: POST_WITH_GROUPS }),
    db.post.count({ where }),
  ]);
  return { rows, total, page };
}

/** The `where` of `post(id)`: a post of the viewer's club, archived included; another club's id matches nothing. */
export function postLookupWhere(ctx: RequestContext, id: unknown): Prisma.PostWhereInput {
  return clubRowWhere(clubMember(ctx).clubId, id);
}
