// Reading the access log (the Registro accessi page, its CSV export, a person's "Modifiche"). Owners and admins
// (accessLog.read) read their club's log through the club-scoped client, so another club's lines match nothing.
// Writing it is server/access/access-log.ts and change-log.ts.
import { CHANGE_ACTIONS } from '../../../schema/access-log';
import { addDays, clubMidnight } from '../../../schema/club-time';
import { accessLogFilterInput, type AccessLogFilterInput } from '../../../schema/validation/access-log';
import { authorizeMember, authorizePeopleKinds, clubMember } from '../../access/authorize';
import { canReadHealth } from '../../access/health-data';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import { likeLiteral } from '../../lib/search';
import { parseInput } from '../../lib/validate';
import { CLUB, clubSql } from '../../access/club-sql';

/** Newest first; the id keeps the lines of one instant (one transaction's) in their written order. */
export const ACCESS_LOG_ORDER = [{ at: 'desc' }, { id: 'desc' }] satisfies Prisma.AccessLogEntryOrderByWithRelationInput[];

const SEARCHED = ['actorName', 'actorEmail', 'entityLabel', 'detail'] as const;

/**
 * The `where` of the filtered log, for members allowed accessLog.read (owner, admin). The club is added by the
 * club-scoped client. `search`: every word must occur (case ignored) in the actor's name or email, the label of
 * what was touched, or the detail; `from`/`to`: calendar days in the club's zone, both included.
 */
export async function accessLogWhere(ctx: RequestContext, raw: AccessLogFilterInput = {}): Promise<Prisma.AccessLogEntryWhereInput> {
  const { clubId } = authorizeMember(ctx, 'accessLog.read');
  const filter = parseInput(accessLogFilterInput, raw);
  const words = (filter.search ?? '').split(/\s+/).filter(Boolean);
  const at: Prisma.DateTimeFilter = {};
  if (filter.from) at.gte = clubMidnight(filter.from);
  if (filter.to) at.lt = clubMidnight(addDays(filter.to, 1));
  return {
    ...(filter.actions?.length ? { action: { in: filter.actions } } : {}),
    ...(filter.actorAccountId ? { actorAccountId: filter.actorAccountId } : {}),
    ...(filter.personId ? { personId: { in: await personIdsWithMerged(ctx, clubId, filter.personId) } } : {}),
    ...(filter.from || filter.to ? { at } : {}),
    ...(words.length
      ? { AND: words.map((w) => ({ OR: SEARCHED.map((field) => ({ [field]: { contains: likeLiteral(w), mode: 'insensitive' as const } })) })) }
      : {}),
  };
}

/** The club's collaborators, for the log's "who" filter (owner, admin). */
export async function accessLogActors(ctx: RequestContext): Promise<Array<{ accountId: string; name: string; email: string }>> {
  const { clubId } = clubMember(ctx);
  const members = await clubDb(ctx).membership.findMany({
    where: { clubId },
    select: { accountId: true, account: { select: { email: true, profile: { select: { firstname: true, lastname: true } } } } },
  });
  return members
    .map((m) => ({
      accountId: m.accountId,
      email: m.account.email,
      name: m.account.profile ? `${m.account.profile.firstname} ${m.account.profile.lastname}` : m.account.email,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

/** How many changes of a person the person page shows. */
export const PERSON_CHANGES_SHOWN = 10;

/**
 * Who changed a person and when (the person page's "Modifiche"): the latest create, update, archive and restore
 * lines about them. For anyone who may see the person (any role with a people read permission for one of their
 * kinds, a coach for the athletes of their groups); a person they may not see is NotFoundError, like an unknown id.
 * The lines that are health data (a certificate added or removed) only for a viewer who reads that person's.
 */
export async function personChangesWhere(ctx: RequestContext, personId: unknown): Promise<Prisma.AccessLogEntryWhereInput> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'read');
  const visible = isUuid(personId)
    ? await clubDb(ctx).person.findFirst({ where: { id: personId, clubId, roles: { some: { kind: { in: kinds } } } }, select: { id: true } })
    : null;
  if (!visible) throw new NotFoundError();
  const where: Prisma.AccessLogEntryWhereInput = { personId: { in: await personIdsWithMerged(ctx, clubId, visible.id) }, action: { in: [...CHANGE_ACTIONS] } };
  return (await readsHealthOf(ctx, clubId, visible.id)) ? where : { ...where, OR: [{ detail: null }, { NOT: HEALTH_CHANGE }] };
}

/**
 * The change lines that are health data: a medical certificate added or removed names its type and expiry
 * (certificates.service.ts writes them with this detail).
 */
const HEALTH_CHANGE = { detail: { startsWith: 'Certificato medico' } } satisfies Prisma.AccessLogEntryWhereInput;

/**
 * Whether the viewer reads this person's health data: health.read, and for a coach only as an athlete of their
 * groups (the club-scoped client counts only those athlete roles). Someone who is also a coach or a manager is not
 * thereby their athlete.
 */
async function readsHealthOf(ctx: RequestContext, clubId: string, personId: string): Promise<boolean> {
  if (!canReadHealth(ctx)) return false;
  return !athleteGroupsOf(ctx) || (await clubDb(ctx).personRole.count({ where: { clubId, personId, kind: 'athlete' } })) > 0;
}

/**
 * The person and every profile merged into them, at any depth: the log is append-only, so a merge does not re-point
 * the merged profile's lines; it writes one line on the kept person with the merged one's id as entity_id
 * (merge-people.service.ts), which this follows. One statement on the (club_id, person_id, at) index.
 */
export async function personIdsWithMerged(ctx: RequestContext, clubId: string, personId: string): Promise<string[]> {
  if (!isUuid(personId)) return [personId];
  const rows = await clubDb(ctx).$queryRaw<Array<{ id: string }>>(clubSql(clubId)`
    WITH RECURSIVE merged(id) AS (
      SELECT ${personId}::uuid
      UNION
      SELECT l.entity_id::uuid FROM access_log l JOIN merged m ON l.person_id = m.id
      WHERE l.club_id = ${CLUB} AND l.action = 'merge' AND l.entity_type = 'person'
        AND l.entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    )
    SELECT id::text FROM merged`);
  return rows.map((r) => r.id);
}
