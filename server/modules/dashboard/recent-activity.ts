// "Recent" filters shared by the dashboard and the lists its statistics link to (people added today / this week,
// athletes by medical certificate, posts of this week): one definition of each boundary, in the club's time zone
// (schema/club-time.ts), so a number on the dashboard and the list behind it cannot disagree.
import { z } from 'zod';
import { clubDate, periodStart, RECENT_PERIODS, type RecentPeriod } from '../../../schema/club-time';
import { CERTIFICATE_STATES, certificateFreeBornAfter, expiringUntil, type CertificateState } from '../../../schema/medical-certificates';
import { MSG } from '../../../schema/messages';
import type { Prisma } from '../../generated/prisma/client.js';
import { dateColumn } from '../../lib/date-columns';

export const recentPeriod = z.enum(RECENT_PERIODS, { error: MSG.periodInvalid }).nullish();
export const certificateStatus = z.enum(CERTIFICATE_STATES, { error: MSG.certificateStatusInvalid }).nullish();

/** Rows created since the start of the period containing `now`. */
export function createdWithinWhere(period: RecentPeriod, now: Date): { createdAt: { gte: Date } } {
  return { createdAt: { gte: periodStart(period, now) } };
}


/**
 * Athlete roles whose certificate is in this state on `now`'s club day (schema/medical-certificates.ts): nobody
 * under 6 needs one (notRequired whatever is recorded); the others by their latest certificate's expiry, mirrored
 * in the athlete's details.
 */
export function certificateWhere(status: CertificateState, now: Date): Prisma.PersonRoleWhereInput {
  const today = clubDate(now);
  const freeAfter = dateColumn(certificateFreeBornAfter(today));
  if (status === 'notRequired') return { person: { birthday: { gt: freeAfter } } };
  const needsOne: Prisma.PersonRoleWhereInput = { person: { OR: [{ birthday: null }, { birthday: { lte: freeAfter } }] } };
  const until = dateColumn(expiringUntil(today));
  const byExpiry: Record<Exclude<CertificateState, 'notRequired'>, Prisma.PersonRoleWhereInput> = {
    expired: { athlete: { is: { medicalExaminationExpirationDate: { lt: dateColumn(today) } } } },
    expiring: { athlete: { is: { medicalExaminationExpirationDate: { gte: dateColumn(today), lte: until } } } },
    valid: { athlete: { is: { medicalExaminationExpirationDate: { gt: until } } } },
    missing: { OR: [{ athlete: { is: null } }, { athlete: { is: { medicalExaminationExpirationDate: null } } }] },
  };
  return { AND: [needsOne, byExpiry[status]] };
}
