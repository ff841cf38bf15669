// The dashboard's numbers for the club named by X-Club: active people per kind and in total, people added today /
// this week, athletes' medical certificates by state, posts of this week. Three statements run side by side whatever
// the club's size: one grouped count over the club's roles, one count of the athletes' certificates (only for a role
// that reads health data), one count of posts.
import { PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { certificateDays, clubDate, periodStart } from '../../../schema/club-time';
import { certificateFreeBornAfter } from '../../../schema/medical-certificates';
import type { RequestContext } from '../../context';
import { postListQuery } from '../posts/list-posts.service';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { Prisma } from '../../generated/prisma/client.js';
import { canReadHealth } from '../../access/health-data';
import { can, clubMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';

export interface KindCount {
  kind: PersonKindKey;
  /** Active (non-archived) roles of this kind. */
  active: number;
  addedToday: number;
  addedThisWeek: number;
}

export interface DashboardNumbers {
  /** The kinds the member may read (a coach: athletes, coaches, managers, accompagnatori), in the usual order. */
  kinds: KindCount[];
  /**
   * Distinct people holding at least one active role of those kinds. A person who is both athlete and coach is one
   * person, so this can be less than the sum of the kinds (a sum would count them twice).
   */
  people: number;
  /** Active roles created since local midnight / Monday, of those kinds (the sum of the kinds' numbers). */
  addedToday: number;
  addedThisWeek: number;
  /**
   * Active athletes whose certificate expires from today to today + 30 days / expired before today; null for a role
   * that does not read health data.
   */
  certificatesExpiring: number | null;
  certificatesExpired: number | null;
  /** Athletes (6 years or older) whose certificate is valid beyond the expiring window / who have none recorded. */
  certificatesValid: number | null;
  certificatesMissing: number | null;
  postsThisWeek: number;
  /** The club's calendar day the numbers are measured on, the Monday of its week, the end of the expiring window. */
  today: string;
  weekStart: string;
  certificatesExpiringUntil: string;
}

interface RoleCountRow {
  kind: PersonKindKey | null;
  roles: number;
  people: number;
  added_today: number;
  added_week: number;
}

interface CertificateCountRow {
  certificates_valid: number;
  certificates_expiring: number;
  certificates_expired: number;
  certificates_missing: number;
}

/** `now` is the instant measured against (tests pass one; requests use the clock). */
export async function getDashboard(ctx: RequestContext, now: Date = ctx.deps.now()): Promise<DashboardNumbers> {
  const actor = clubMember(ctx);
  const { clubId } = actor;
  // Only the kinds the member may open: a coach sees no club-wide count of members or volunteers, and every number
  // links to a list that answers.
  const readable = PERSON_KINDS.filter((kind) => can(actor, `people.${kind}.read`));
  const db = clubDb(ctx);
  const todayStart = periodStart('today', now);
  const weekStart = periodStart('week', now);
  const { today, expiringUntil } = certificateDays(now);
  const freeAfter = certificateFreeBornAfter(today);

  // GROUPING SETS: a row per kind plus the whole club's row (kind NULL), where count(DISTINCT person_id) counts
  // each person once. The certificate counts are a second statement over the athletes alone (with their
  // details and birthday), run beside the first: one statement joining every role to both took twice as long at
  // 100k roles (174 ms against 83 and 61 ms, bench:certificates). The boundaries are the same the list filters use
  // (recent-activity.ts): counts match the lists. A coach counts the athletes of their groups only (the same
  // narrowing as their lists: access/club-scope.ts).
  const scope = athleteGroupsOf(ctx);
  const coachNarrowing = scope
    ? Prisma.sql`AND (r.kind <> 'athlete' OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.role_id = r.id AND gm.group_id = ANY(${[...scope.groupIds]}::uuid[])))`
    : Prisma.empty;
  const healthShown = canReadHealth(ctx);
  const [rows, certificates, postsThisWeek] = await Promise.all([
    db.$queryRaw<RoleCountRow[]>(clubSql(clubId)`
      SELECT r.kind::text AS kind,
             count(*)::int AS roles,
             count(DISTINCT r.person_id)::int AS people,
             count(*) FILTER (WHERE r.created_at >= ${todayStart})::int AS added_today,
             count(*) FILTER (WHERE r.created_at >= ${weekStart})::int AS added_week
      FROM person_roles r
      WHERE r.club_id = ${CLUB} AND r.archived_at IS NULL AND r.kind::text = ANY(${readable}::text[]) ${coachNarrowing}
      GROUP BY GROUPING SETS ((r.kind), ())`),
    // Athletes who need a certificate: everyone but the under-6s (schema/medical-certificates.ts). Not read at all
    // for a role that does not see health data.
    healthShown
      ? db.$queryRaw<CertificateCountRow[]>(clubSql(clubId)`
          SELECT count(*) FILTER (WHERE a.medical_examination_expiration_date > ${expiringUntil}::date)::int AS certificates_valid,
                 count(*) FILTER (WHERE a.medical_examination_expiration_date BETWEEN ${today}::date AND ${expiringUntil}::date)::int AS certificates_expiring,
                 count(*) FILTER (WHERE a.medical_examination_expiration_date < ${today}::date)::int AS certificates_expired,
                 count(*) FILTER (WHERE a.medical_examination_expiration_date IS NULL)::int AS certificates_missing
          FROM person_roles r
          JOIN people p ON p.id = r.person_id
          LEFT JOIN athlete_details a ON a.role_id = r.id
          WHERE r.club_id = ${CLUB} AND r.kind = 'athlete' AND r.archived_at IS NULL
            AND (p.birthday IS NULL OR p.birthday <= ${freeAfter}::date) ${coachNarrowing}`).then((found) => found[0])
      : Promise.resolve(null),
    db.post.count({ where: postListQuery(ctx, { createdWithin: 'week' }, now).where }),
  ]);

  const byKind = new Map(rows.filter((r) => r.kind !== null).map((r) => [r.kind, r]));
  const club = rows.find((r) => r.kind === null);
  const kinds = readable.map((kind) => {
    const row = byKind.get(kind);
    return { kind, active: row?.roles ?? 0, addedToday: row?.added_today ?? 0, addedThisWeek: row?.added_week ?? 0 };
  });
  return {
    kinds,
    people: club?.people ?? 0,
    addedToday: club?.added_today ?? 0,
    addedThisWeek: club?.added_week ?? 0,
    certificatesExpiring: certificates?.certificates_expiring ?? null,
    certificatesExpired: certificates?.certificates_expired ?? null,
    certificatesValid: certificates?.certificates_valid ?? null,
    certificatesMissing: certificates?.certificates_missing ?? null,
    postsThisWeek,
    today,
    weekStart: clubDate(weekStart),
    certificatesExpiringUntil: expiringUntil,
  };
}
