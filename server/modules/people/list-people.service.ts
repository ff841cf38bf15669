// People lists: one `where` and one order for the GraphQL connection and the legacy `load`, so they cannot disagree.
import { z } from 'zod';
import { PAGE_SIZE, PERSON_KINDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { searchWords } from '../../../schema/text';
import { pageNumber, searchText } from '../../../schema/validation/registry';
import { requireClub } from '../../auth/policy';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { parseInput } from '../../lib/validate';
import { isUuid } from '../../lib/club-rows';
import { likeLiteral } from '../../lib/search';

const NO_ID = '00000000-0000-0000-0000-000000000000';

const peopleFilters = z.object({
  kind: z.enum(PERSON_KINDS, { error: MSG.kindInvalid }),
  search: searchText,
  groupId: z.unknown().optional(),
  archived: z.boolean().nullish(),
});
export type PeopleFilters = z.input<typeof peopleFilters>;

/** By last name, then first name; the id keeps namesakes (and cursor pages) in a stable order. */
export const PEOPLE_ORDER = [
  { person: { lastname: 'asc' } },
  { person: { firstname: 'asc' } },
  { id: 'asc' },
] satisfies Prisma.PersonRoleOrderByWithRelationInput[];

/** `contains` becomes LIKE: a typed % or _ must match itself, not anything. */

/**
 * The roles of one kind in the viewer's club: archived ones only with `archived: true`; `search` folded like
 * Person.searchText, every word must occur in it (name, nickname or tax code; trigram index); `groupId` keeps the
 * members of that group (an unknown or another club's group matches nobody).
 */
export function peopleListWhere(ctx: RequestContext, raw: PeopleFilters): Prisma.PersonRoleWhereInput {
  const { clubId } = requireClub(ctx);
  const filters = parseInput(peopleFilters, raw);
  const words = searchWords(filters.search);
  const groupId = filters.groupId === undefined || filters.groupId === null || filters.groupId === '' ? undefined : filters.groupId;
  return {
    clubId,
    kind: filters.kind,
    archivedAt: filters.archived ? { not: null } : null,
    ...(groupId !== undefined ? { groups: { some: { groupId: isUuid(groupId) ? groupId : NO_ID, clubId } } } : {}),
    ...(words.length ? { person: { AND: words.map((w) => ({ searchText: { contains: likeLiteral(w) } })) } } : {}),
  };
}

/** One 1-based page of PAGE_SIZE roles (legacy `load`) and the total, loaded with `include`. */
export async function listPeoplePage<I extends Prisma.PersonRoleInclude>(
  ctx: RequestContext,
  filters: PeopleFilters,
  rawPage: unknown,
  include: I,
) {
  const where = peopleListWhere(ctx, filters);
  const page = parseInput(z.object({ page: pageNumber }), { page: rawPage }).page;
  const { db } = ctx.deps;
  const [rows, total] = await Promise.all([
    db.personRole.findMany({ where, orderBy: PEOPLE_ORDER, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE, include }),
    db.personRole.count({ where }),
  ]);
  return { rows, total, page };
}
