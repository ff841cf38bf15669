import { z } from 'zod';
import { PAGE_SIZE, PERSON_KINDS, type GroupOrder } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { searchWords } from '../../../schema/text';
import { pageNumber, searchText } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import type { Group, Prisma } from '../../generated/prisma/client.js';
import { BadInputError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { GROUP_WITH_COUNT, type GroupWithCount } from './groups.present';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { pageOfOrderedIds } from '../../lib/ordered-page';
import { ACTIVE_MEMBER } from './groups.policy';
import { clubDb } from '../../access/request-db';
import { authorizeMember, clubMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';

const groupFilters = z.object({
  types: z.array(z.enum(PERSON_KINDS, { error: MSG.kindInvalid }), { error: MSG.kindInvalid }).nullish(),
  search: searchText,
  archived: z.boolean().nullish(),
});
/** Untrusted (GraphQL args or a legacy body): parsed by the schema above. */
export interface GroupFilters {
  types?: readonly unknown[] | null;
  search?: unknown;
  archived?: boolean | null;
}

/** Sorted by name; the id keeps the order (and cursor pages) stable between groups of the same name. */
export const GROUP_ORDER = [{ name: 'asc' }, { id: 'asc' }] satisfies Prisma.GroupOrderByWithRelationInput[];

/**
 * Categories by age, youngest first ("Under 8" before "Under 18"): by their age band's upper end, then its lower one;
 * groups without a band after them by name. Asked for by name (AGE): the categories page and the season's category
 * settings use it; every list by NAME keeps the name order the older REST calls have always answered in.
 */
export const CATEGORY_ORDER = [
  { ageMax: { sort: 'asc', nulls: 'last' } },
  { ageMin: { sort: 'asc', nulls: 'last' } },
  { name: 'asc' },
  { id: 'asc' },
] satisfies Prisma.GroupOrderByWithRelationInput[];
const CATEGORY_ORDER_DESC = [
  { ageMax: { sort: 'desc', nulls: 'first' } },
  { ageMin: { sort: 'desc', nulls: 'first' } },
  { name: 'desc' },
  { id: 'desc' },
] satisfies Prisma.GroupOrderByWithRelationInput[];

type MembersOrder = Extract<GroupOrder, 'MEMBERS' | 'MEMBERS_DESC'>;

/**
 * The GraphQL list's other sorts (issue 15), each ending on the id so a page never skips or repeats a row. TYPE follows
 * the kinds' own order (athlete, coach, manager, staff, member, voluntary); within a type, and between groups of as
 * many members, the names stay A-Z both ways. No index but the club's: a club has a few hundred groups at most.
 */
const GROUP_SORTS: Record<Exclude<GroupOrder, MembersOrder>, Prisma.GroupOrderByWithRelationInput[]> = {
  NAME: GROUP_ORDER,
  NAME_DESC: [{ name: 'desc' }, { id: 'desc' }],
  TYPE: [{ type: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  TYPE_DESC: [{ type: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  CREATED: [{ createdAt: 'asc' }, { id: 'asc' }],
  CREATED_DESC: [{ createdAt: 'desc' }, { id: 'desc' }],
  AGE: CATEGORY_ORDER,
  AGE_DESC: CATEGORY_ORDER_DESC,
};

const isMembersOrder = (order: GroupOrder): order is MembersOrder => order === 'MEMBERS' || order === 'MEMBERS_DESC';

/** Pothos's planned page of the connection: its selection (include or select) with cursor, skip and take. */
type GroupPage = Pick<Prisma.GroupFindManyArgs, 'include' | 'select' | 'cursor' | 'skip' | 'take'>;

/**
 * One page of the GraphQL group list in `orderBy` (NAME when absent). By member count Prisma cannot sort (it counts
 * archived roles too): one statement reads every matching group's id with its count of active members (the same
 * count as memberCount), in name order; they are ordered here (a stable sort keeps the names A-Z within a count) and
 * the page's rows are read by id, so the cost stays two statements at any size and cursors and offsets page as usual.
 */
export async function findGroupsPage(ctx: RequestContext, args: GroupFilters & { orderBy?: GroupOrder | null }, page: GroupPage): Promise<Group[]> {
  const where = await groupListWhere(ctx, args);
  // A crafted cursor (its id not a uuid) is bad input for every order, as the database would refuse it (400).
  if (page.cursor && !isUuid(page.cursor.id)) throw new BadInputError();
  const order = args.orderBy ?? 'NAME';
  const db = clubDb(ctx);
  if (!isMembersOrder(order)) {
    return db.group.findMany({ ...page, where, orderBy: GROUP_SORTS[order] });
  }
  const counted = await db.group.findMany({ where, orderBy: GROUP_ORDER, select: { id: true, _count: { select: { members: { where: ACTIVE_MEMBER } } } } });
  const direction = order === 'MEMBERS' ? 1 : -1;
  const ordered = counted.sort((a, b) => direction * (a._count.members - b._count.members)).map((g) => g.id);
  const { cursor, skip, take, ...selection } = page;
  const ids = pageOfOrderedIds(ordered, { cursor, skip, take });
  if (!ids.length) return [];
  const rows = await db.group.findMany({ ...selection, where: { id: { in: ids } } });
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/**
 * The `where` of a group list in the viewer's club: the GraphQL connection and the legacy `load` both use it,
 * so they cannot disagree. Archived groups appear only with `archived: true`.
 */
export async function groupListWhere(ctx: RequestContext, raw: GroupFilters): Promise<Prisma.GroupWhereInput> {
  const { clubId } = authorizeMember(ctx, 'groups.read');
  const filters = parseInput(groupFilters, raw);
  const words = searchWords(filters.search);
  return {
    clubId,
    archivedAt: filters.archived ? { not: null } : null,
    ...(filters.types?.length ? { type: { in: filters.types } } : {}),
    ...(words.length ? { id: { in: await groupIdsMatching(clubDb(ctx), clubId, words) } } : {}),
  };
}

/**
 * Ids of the club's groups whose name contains every word, accents and case ignored. Prisma's `contains` with
 * `mode: insensitive` still tells "Under 12 Nicolò" from "nicolo", and groups keep no folded search column, so
 * PostgreSQL's unaccent does the folding here (both databases ship it). strpos, unlike LIKE, gives `%` and `_`
 * no special meaning. One statement whatever the number of words; a club has at most a few hundred groups.
 */
async function groupIdsMatching(db: Db, clubId: string, words: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>(clubSql(clubId)`
    SELECT g.id::text AS id FROM groups g
    WHERE g.club_id = ${CLUB}
      AND NOT EXISTS (SELECT 1 FROM unnest(${words}::text[]) AS w(word) WHERE strpos(lower(unaccent(g.name)), w.word) = 0)`);
  return rows.map((r) => r.id);
}

/** One page of PAGE_SIZE groups (legacy `load`), with member counts, and the total. */
export async function listGroupsPage(ctx: RequestContext, filters: GroupFilters, rawPage: unknown) {
  const page = parseInput(z.object({ page: pageNumber }), { page: rawPage }).page;
  const where = await groupListWhere(ctx, filters);
  const db = clubDb(ctx);
  const [rows, total] = await Promise.all([
    db.group.findMany({ where, orderBy: GROUP_ORDER, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE, include: GROUP_WITH_COUNT }),
    db.group.count({ where }),
  ]);
  return { rows, total, page };
}

/** The club's groups that can be picked (not archived, active), optionally of one type: /app and /group/by-type. */
export async function listSelectableGroups(ctx: RequestContext, types?: GroupFilters['types']): Promise<GroupWithCount[]> {
  const where = await groupListWhere(ctx, { types });
  return clubDb(ctx).group.findMany({ where: { ...where, isActive: true }, orderBy: GROUP_ORDER, include: GROUP_WITH_COUNT });
}

/** The `where` of `group(id)`: a group of the viewer's club, archived included; another club's id matches nothing. */
export function groupLookupWhere(ctx: RequestContext, id: unknown): Prisma.GroupWhereInput {
  return clubRowWhere(clubMember(ctx).clubId, id);
}
