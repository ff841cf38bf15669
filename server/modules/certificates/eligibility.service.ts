// A team's eligibility (issue 14 point 3): who among a group's or category's athletes may train and play today,
// by their certificate's state (schema/medical-certificates.ts). Health data: health.read, logged as a read.
import { clubDate } from '../../../schema/club-time';
import { mayPlay, type CertificateState } from '../../../schema/medical-certificates';
import { MSG } from '../../../schema/messages';
import { authorizeMember } from '../../access/authorize';
import { canReadHealth, revealHealth } from '../../access/health-data';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Group, Prisma } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { PEOPLE_ORDER } from '../people/list-people.service';
import { dayOf } from '../../lib/date-columns';
import { athleteCertificateState } from './certificates.service';


/** The most athletes a group's eligibility answers (a team or a category; larger groups are refused in Italian). */
export const ELIGIBILITY_MAX = 500;

const ROLE_INCLUDE = { person: true, athlete: true } satisfies Prisma.PersonRoleInclude;
export type EligibleRole = Prisma.PersonRoleGetPayload<{ include: typeof ROLE_INCLUDE }>;

export interface EligibilityRow {
  role: EligibleRole;
  state: CertificateState;
  mayPlay: boolean;
  expiresOn: string | null;
}

export interface GroupEligibility {
  group: Group;
  /** The club's day it is measured on. */
  today: string;
  rows: EligibilityRow[];
}

/** The group's active athletes with their state on `now`'s club day, by name; null for an unknown or another club's group. */
export async function groupEligibility(ctx: RequestContext, groupId: unknown, now = ctx.deps.now()): Promise<GroupEligibility | null> {
  authorizeMember(ctx, 'groups.read');
  const { clubId } = authorizeMember(ctx, 'people.athlete.read');
  if (!canReadHealth(ctx)) throw new ForbiddenError(MSG.permissionDenied);
  const db = clubDb(ctx);
  const group = isUuid(groupId) ? await db.group.findFirst({ where: { id: groupId, clubId } }) : null;
  if (!group) return null;
  const where = { clubId, kind: 'athlete' as const, archivedAt: null, groups: { some: { groupId: group.id } } };
  // A team's page, not a club-wide report: a group of thousands would make one answer of megabytes (the lists'
  // certificate filter pages through those).
  if ((await db.personRole.count({ where })) > ELIGIBILITY_MAX) throw new ValidationError({ groupId: MSG.eligibilityTooLarge(ELIGIBILITY_MAX) }, MSG.eligibilityTooLarge(ELIGIBILITY_MAX));
  const roles = await db.personRole.findMany({
    where,
    include: ROLE_INCLUDE,
    orderBy: PEOPLE_ORDER,
  });
  const today = clubDate(now);
  const rows = roles.map((role) => {
    const state = athleteCertificateState(role.athlete?.medicalExaminationExpirationDate, role.person.birthday, now);
    const expiresOn = dayOf(role.athlete?.medicalExaminationExpirationDate);
    return { role, state, mayPlay: mayPlay(state), expiresOn };
  });
  revealHealth(ctx, { roleIds: rows.map((r) => r.role.id) }, `Idoneità di ${group.name}`);
  return { group, today, rows };
}
