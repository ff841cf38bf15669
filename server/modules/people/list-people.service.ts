// People lists: one `where` and one order for the GraphQL connection and the legacy `load`, so they cannot disagree.
import { z } from 'zod';
import { PAGE_SIZE, PEOPLE_ORDERS, PERSON_KINDS, type PeopleOrder, type PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { searchWords } from '../../../schema/text';
import { pageNumber, searchText } from '../../../schema/validation/registry';
import { requireClub } from '../../auth/policy';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { parseInput } from '../../lib/validate';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { canReadHealth, revealHealth } from '../../access/health-data';
import { isUuid } from '../../lib/club-rows';
import { likeLiteral } from '../../lib/search';
import { certificateStatus, certificateWhere, createdWithinWhere, recentPeriod } from '../dashboard/recent-activity';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { roleInSeasonWhere, type ResolvedSeason } from '../seasons/season-filter';

const NO_ID = '00000000-0000-0000-0000-000000000000';

const peopleFilters = z.object({
  kind: z.enum(PERSON_KINDS, { error: MSG.kindInvalid }),
  search: searchText,
  groupId: z.unknown().optional(),
  archived: z.boolean().nullish(),
  /** Roles created since local midnight / Monday (the dashboard's "aggiunti" statistics). */
  addedWithin: recentPeriod,
  /** Athletes by medical certificate; other kinds have none, so asking for it is refused rather than ignored. */
  certificate: certificateStatus,
  /** The season filter's id as asked (null, absent or '': the whole registry); read into `season` by withSeasonFilter. */
  seasonId: z.unknown().optional(),
});
export type PeopleFilters = z.input<typeof peopleFilters> & {
  /** The season `seasonId` names, read by withSeasonFilter (seasons/season-filter.ts); null when it names none. */
  season?: ResolvedSeason;
};

/**
 * By last name, then first name (PersonRole.sortName, folded: case and accents do not split the order); the id
 * keeps namesakes (and cursor pages) in a stable order. One index of person_roles serves it.
 */
export const PEOPLE_ORDER = [{ sortName: 'asc' }, { id: 'asc' }] satisfies Prisma.PersonRoleOrderByWithRelationInput[];

/**
 * The same order for a search with a word of 3+ letters. `nulls: first` (sortName is never null, so the rows come
 * in the same order) is an order the name index does not serve: PostgreSQL then takes the few trigram matches and
 * sorts them, instead of walking the whole club in name order hoping to meet 8 matches soon (measured at 100k
 * people: 190 ms for "ross mar", whose matches all sit under R, against 2 ms). Short words match most rows:
 * there the walk wins.
 */
const SEARCH_ORDER = [
  { sortName: { sort: 'asc', nulls: 'first' } },
  { id: 'asc' },
] satisfies Prisma.PersonRoleOrderByWithRelationInput[];

/**
 * The other sorts (issue 15), each ending on the id so a page never skips or repeats a row. A missing value (no birth
 * date, no certificate) comes last going up and first going down. Only the name is indexed: the
 * others sort the kind's matching rows on each request, at once for a club's few hundred (not yet measured at 100k).
 */
const PEOPLE_SORTS: Record<Exclude<PeopleOrder, 'NAME'>, Prisma.PersonRoleOrderByWithRelationInput[]> = {
  NAME_DESC: [{ sortName: 'desc' }, { id: 'desc' }],
  TAX_CODE: [{ person: { taxIdCode: 'asc' } }, { id: 'asc' }],
  TAX_CODE_DESC: [{ person: { taxIdCode: 'desc' } }, { id: 'desc' }],
  BIRTHDAY: [{ person: { birthday: { sort: 'asc', nulls: 'last' } } }, { id: 'asc' }],
  BIRTHDAY_DESC: [{ person: { birthday: { sort: 'desc', nulls: 'first' } } }, { id: 'desc' }],
  CREATED: [{ createdAt: 'asc' }, { id: 'asc' }],
  CREATED_DESC: [{ createdAt: 'desc' }, { id: 'desc' }],
  // PostgreSQL's own NULLS LAST going up and FIRST going down (Prisma takes no `nulls` through an optional relation)
  CERTIFICATE: [{ athlete: { medicalExaminationExpirationDate: 'asc' } }, { id: 'asc' }],
  CERTIFICATE_DESC: [{ athlete: { medicalExaminationExpirationDate: 'desc' } }, { id: 'desc' }],
};

const peopleOrder = z.enum(PEOPLE_ORDERS, { error: MSG.peopleOrderInvalid }).nullish();
// Built once: zod compiles an object schema on its first parse, which costs more than the parse (~60 µs a request).
const peopleOrderInput = z.object({ orderBy: peopleOrder });
const pageInput = z.object({ page: pageNumber });

/**
 * The order of a list: `orderBy` (NAME when absent), checked like a filter (a certificate's expiry is health data,
 * and only athletes have one).
 */
export function peopleListOrder(
  ctx: RequestContext,
  filters: { kind?: unknown; search?: unknown; orderBy?: unknown },
): Prisma.PersonRoleOrderByWithRelationInput[] {
  const order = parseInput(peopleOrderInput, { orderBy: filters.orderBy }).orderBy ?? 'NAME';
  if (order === 'NAME') return searchWords(filters.search as string | undefined).some((word) => word.length >= 3) ? SEARCH_ORDER : PEOPLE_ORDER;
  if (order.startsWith('CERTIFICATE')) {
    if (filters.kind !== 'athlete') throw new ValidationError({ orderBy: MSG.certificateOrderAthletesOnly }, MSG.certificateOrderAthletesOnly);
    if (!canReadHealth(ctx)) throw new ForbiddenError(MSG.permissionDenied);
  }
  return PEOPLE_SORTS[order];
}

/**
 * How a list page loads its rows' profiles, certificates and groups. Joined (one statement with LATERAL joins) where
 * PostgreSQL walks the name index and stops at the page: the whole kind in name order, as the list opens. Any
 * search, filter or other order makes it sort or filter the matches first, and joins in that statement ran for every
 * match before the page was cut (a search matching 1,736 of 100k athletes: 50 ms joined). Those pages are cut first
 * (`ids`: the page's ids alone), then loaded joined by those ids: two statements for any selection and page size.
 */
export function peopleRelationLoad(filters: PeopleFilters & { orderBy?: unknown }): 'join' | 'ids' {
  const narrowed =
    searchWords(filters.search as string | undefined).length > 0 || filters.groupId != null || filters.certificate != null || filters.addedWithin != null || filters.season != null;
  const byName = filters.orderBy == null || filters.orderBy === 'NAME' || filters.orderBy === 'NAME_DESC';
  return !narrowed && byName ? 'join' : 'ids';
}

type PageWindow = Pick<Prisma.PersonRoleFindManyArgs, 'take' | 'skip' | 'cursor'>;
type PageRelations = Pick<Prisma.PersonRoleFindManyArgs, 'include' | 'select'>;

/**
 * One page of a people list with the relations its `include` or `select` asks for (Pothos's planned selection, or
 * the legacy `load`'s include), in `orderBy`'s order, loaded as peopleRelationLoad says. The rows' order comes from
 * the first statement; a row deleted between the two statements is left out, one changed meanwhile shows its new
 * values (as a request arriving just after the change would).
 */
export async function findPeoplePage<R extends PageRelations>(
  ctx: RequestContext,
  filters: PeopleFilters & { orderBy?: unknown },
  args: PageWindow & R & { where: Prisma.PersonRoleWhereInput; orderBy: Prisma.PersonRoleOrderByWithRelationInput[] },
): Promise<Array<Prisma.PersonRoleGetPayload<R>>> {
  type Row = Prisma.PersonRoleGetPayload<R>;
  const db = clubDb(ctx);
  if (peopleRelationLoad(filters) === 'join') return (await db.personRole.findMany({ ...args, relationLoadStrategy: 'join' })) as Row[];
  const { include, select, where, ...window } = args;
  const ids = (await db.personRole.findMany({ ...window, where, select: { id: true } })).map((row) => row.id);
  if (ids.length === 0) return [];
  const byIds: Prisma.PersonRoleFindManyArgs = {
    ...(select ? { select: { ...select, id: true } } : { include }),
    // By the ids alone: with the search's LIKE beside them PostgreSQL may run the trigram search again.
    where: { id: { in: ids } },
    relationLoadStrategy: 'join',
  };
  const rows = (await db.personRole.findMany(byIds)) as unknown as Array<Row & { id: string }>;
  const byId = new Map(rows.map((row) => [row.id, row as Row]));
  const page = ids.filter((id) => byId.has(id));
  // A list by certificate expiry tells each row's certificate state, whatever else is selected: every row is a
  // health-data read, on both faces (such a list always loads by ids, see peopleRelationLoad).
  if (filters.certificate) revealHealth(ctx, { roleIds: page });
  return page.map((id) => byId.get(id)!);
}

/**
 * The total behind a list. A whole kind (no search or other filter) is read from PersonRoleCount, which triggers
 * keep: counting 100k index entries costs ~17 ms on every page; filtered lists are counted.
 */
export async function countPeople(ctx: RequestContext, raw: PeopleFilters, now: Date = ctx.deps.now()): Promise<number> {
  const where = peopleListWhere(ctx, raw, now);
  const filtered = Object.keys(where).some((key) => !['clubId', 'kind', 'archivedAt'].includes(key));
  // A coach's list is narrowed to their groups (club-scope.ts): the club-wide counter would not match it.
  if (filtered || athleteGroupsOf(ctx)) return clubDb(ctx).personRole.count({ where });
  const counter = await clubDb(ctx).personRoleCount.findUnique({
    where: { clubId_kind_archived: { clubId: where.clubId as string, kind: where.kind as PersonKindKey, archived: where.archivedAt !== null } },
    select: { total: true },
  });
  return counter?.total ?? 0;
}

/**
 * The roles of one kind in the viewer's club: archived ones only with `archived: true`; `search` folded like
 * Person.searchText (copied to the role), every word must occur in it (name, nickname or tax code; trigram index); `groupId` keeps the
 * members of that group (an unknown or another club's group matches nobody). `addedWithin` and `certificate` are
 * measured on `now`'s day in the club's time zone, exactly as the dashboard counts them. `seasonId` (read into `season`
 * by withSeasonFilter) keeps the people in that season (seasons/season-filter.ts); an unknown one matches nobody.
 */
export function peopleListWhere(ctx: RequestContext, raw: PeopleFilters, now: Date = ctx.deps.now()): Prisma.PersonRoleWhereInput {
  requireClub(ctx);
  const filters = parseInput(peopleFilters, raw);
  const { clubId } = authorizeMember(ctx, `people.${filters.kind}.read`);
  // A list of coaches "with an expiring certificate" would silently show every coach: refused, saying why.
  if (filters.certificate && filters.kind !== 'athlete') {
    throw new ValidationError({ certificate: MSG.certificateAthletesOnly }, MSG.certificateAthletesOnly);
  }
  // Who has an expired certificate is health data.
  if (filters.certificate && !canReadHealth(ctx)) throw new ForbiddenError(MSG.permissionDenied);
  const words = searchWords(filters.search);
  const conditions: Prisma.PersonRoleWhereInput[] = [
    ...words.map((w) => ({ searchText: { contains: likeLiteral(w) } })),
    ...(filters.certificate ? [certificateWhere(filters.certificate, now)] : []),
    ...seasonCondition(raw),
  ];
  const groupId = filters.groupId === undefined || filters.groupId === null || filters.groupId === '' ? undefined : filters.groupId;
  return {
    clubId,
    kind: filters.kind,
    archivedAt: filters.archived ? { not: null } : null,
    ...(groupId !== undefined ? { groups: { some: { groupId: isUuid(groupId) ? groupId : NO_ID, clubId } } } : {}),
    ...(filters.addedWithin ? createdWithinWhere(filters.addedWithin, now) : {}),
    ...(conditions.length ? { AND: conditions } : {}),
  };
}

/** The season filter's condition; a `seasonId` not read into `season` first is a programming error, not "no filter". */
function seasonCondition(filters: PeopleFilters): Prisma.PersonRoleWhereInput[] {
  const asked = filters.seasonId !== undefined && filters.seasonId !== null && filters.seasonId !== '';
  if (asked && filters.season === undefined) throw new Error('peopleListWhere: seasonId given without withSeasonFilter');
  return asked ? [roleInSeasonWhere(filters.season)] : [];
}

/** One 1-based page of PAGE_SIZE roles (legacy `load`) and the total, loaded with `include`. */
export async function listPeoplePage<I extends Prisma.PersonRoleInclude>(
  ctx: RequestContext,
  filters: PeopleFilters,
  rawPage: unknown,
  include: I,
) {
  const where = peopleListWhere(ctx, filters);
  const page = parseInput(pageInput, { page: rawPage }).page;
  const [rows, total] = await Promise.all([
    findPeoplePage(ctx, filters, { where, orderBy: peopleListOrder(ctx, filters), skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE, include }),
    countPeople(ctx, filters),
  ]);
  return { rows, total, page };
}
