// The guided renewal's proposal (issue 35 point 3): from a season to the next, everyone who may renew, each with
// what the run would do: every socio of the register not left (their quota by default last season's), every active
// athlete with the category their birth date fits next season. Two statements whatever the club's size; the screen
// filters and chooses on them.
import type { RequestContext } from '../../context';
import type { ClubSeason, SeasonRenewalRun } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/club-rows';
import { dayOf } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';
import { ageOn, categoryForAge, referenceDateOf } from './categories-age';
import { categoryBandsFor, categoryRuleOf, type CategoryBandRow } from './categories.service';
import { nextSeasonOf, plannedNextSeason, renewalFromSeason } from './renewal-seasons';

export interface RenewalMemberRow {
  memberId: string;
  personId: string;
  firstname: string;
  lastname: string;
  number: number;
  /** Last season's quota, the default of this one's. */
  quotaCents: number | null;
  /** Already renewed for the next season (by hand or by a run): the run leaves them as they are. */
  renewed: boolean;
  groupIds: string[];
}

export interface RenewalAthleteRow {
  roleId: string;
  personId: string;
  firstname: string;
  lastname: string;
  birthday: string | null;
  groupIds: string[];
  /** The categories (groups of type athlete, not archived) they are in now. */
  categoryIds: string[];
  /** The category their birth date fits next season; null without a birth date or a fitting band. */
  nextCategoryId: string | null;
}

export interface RenewalProposal {
  from: ClubSeason;
  /** The next season, or null when the run will prepare it (planned holds its dates). */
  to: ClubSeason | null;
  planned: { label: string; startsOn: string; endsOn: string };
  categoriesNow: CategoryBandRow[];
  categoriesNext: CategoryBandRow[];
  members: RenewalMemberRow[];
  athletes: RenewalAthleteRow[];
  /** The club's groups not archived (the screen's group filter), categories youngest first then the others by name. */
  groups: Array<{ id: string; name: string; type: string }>;
  lastRun: SeasonRenewalRun | null;
}

/** The athlete's next category under the next season's bands (listed youngest first). */
export function nextCategoryOf(birthday: string | null, categories: readonly CategoryBandRow[], referenceDate: string): string | null {
  if (!birthday) return null;
  return categoryForAge(categories.filter((c) => c.isActive), ageOn(birthday, referenceDate))?.id ?? null;
}

/** The bands of the season after `from` (planned when not prepared) and their reference day. */
export async function nextSeasonBands(db: Db, from: ClubSeason, to: ClubSeason | null) {
  const rule = await categoryRuleOf(db);
  const next = to ? { startsOn: dayOf(to.startsOn)!, endsOn: dayOf(to.endsOn)! } : plannedNextSeason(from);
  const categories = await categoryBandsFor(db, rule, { startsOn: new Date(`${next.startsOn}T00:00:00Z`), endsOn: new Date(`${next.endsOn}T00:00:00Z`) });
  return { rule, categories, referenceDate: referenceDateOf(rule, next) };
}

export async function renewalProposal(ctx: RequestContext, args: { fromSeasonId?: string | null }): Promise<RenewalProposal> {
  const { clubId } = authorizeMember(ctx, 'members.read');
  const db = clubDb(ctx);
  const from = await renewalFromSeason(ctx, args.fromSeasonId);
  const to = await nextSeasonOf(db, from);
  const next = await nextSeasonBands(db, from, to);
  const categoriesNow = await categoryBandsFor(db, next.rule, from);
  const categoryIds = new Set(categoriesNow.map((c) => c.id));
  const [members, athletes, lastRun, groups] = await Promise.all([
    db.$queryRaw<Array<Omit<RenewalMemberRow, 'quotaCents'> & { quotaCents: number | null }>>(clubSql(clubId)`
      SELECT m.id::text AS "memberId", p.id::text AS "personId", p.firstname, p.lastname, m.number,
             prev.quota_cents AS "quotaCents", (cur.id IS NOT NULL) AS renewed,
             COALESCE((SELECT array_agg(DISTINCT gm.group_id::text) FROM person_roles r JOIN group_members gm ON gm.role_id = r.id
                       WHERE r.person_id = p.id AND r.archived_at IS NULL), '{}') AS "groupIds"
      FROM register_members m
      JOIN people p ON p.id = m.person_id
      LEFT JOIN register_member_seasons prev ON prev.member_id = m.id AND prev.season_id = ${from.id}::uuid
      LEFT JOIN register_member_seasons cur ON cur.member_id = m.id AND cur.season_id = ${to?.id ?? null}::uuid
      WHERE m.club_id = ${CLUB} AND m.exit_on IS NULL
      ORDER BY p.sort_name, m.number`),
    db.$queryRaw<Array<{ roleId: string; personId: string; firstname: string; lastname: string; birthday: Date | null; groupIds: string[] }>>(clubSql(clubId)`
      SELECT r.id::text AS "roleId", p.id::text AS "personId", p.firstname, p.lastname, p.birthday,
             COALESCE((SELECT array_agg(gm.group_id::text) FROM group_members gm WHERE gm.role_id = r.id), '{}') AS "groupIds"
      FROM person_roles r JOIN people p ON p.id = r.person_id
      WHERE r.club_id = ${CLUB} AND r.kind = 'athlete' AND r.archived_at IS NULL AND r.is_active
      ORDER BY r.sort_name, r.id`),
    db.seasonRenewalRun.findFirst({ where: { undoneAt: null }, orderBy: { createdAt: 'desc' } }),
    db.group.findMany({ where: { archivedAt: null, type: { not: 'athlete' } }, orderBy: { name: 'asc' }, select: { id: true, name: true, type: true } }),
  ]);
  return {
    from,
    to,
    planned: to ? { label: to.label, startsOn: dayOf(to.startsOn)!, endsOn: dayOf(to.endsOn)! } : plannedNextSeason(from),
    categoriesNow,
    categoriesNext: next.categories,
    members: members.map((m) => ({ ...m, number: Number(m.number) })),
    athletes: athletes.map((a) => {
      const birthday = dayOf(a.birthday);
      return { ...a, birthday, categoryIds: a.groupIds.filter((id) => categoryIds.has(id)), nextCategoryId: nextCategoryOf(birthday, next.categories, next.referenceDate) };
    }),
    groups: [...categoriesNow.map((c) => ({ id: c.id, name: c.name, type: 'athlete' })), ...groups],
    lastRun,
  };
}
