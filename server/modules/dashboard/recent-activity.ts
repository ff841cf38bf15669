// "Recent" filters shared by the dashboard and the lists its statistics link to (people added today / this week,
// athletes by medical certificate, posts of this week): one definition of each boundary, in the club's time zone
// (schema/club-time.ts), so a number on the dashboard and the list behind it cannot disagree.
import { z } from 'zod';
import { CERTIFICATE_STATUSES, certificateDays, periodStart, RECENT_PERIODS, type CertificateStatus, type RecentPeriod } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import type { Prisma } from '../../generated/prisma/client.js';

export const recentPeriod = z.enum(RECENT_PERIODS, { error: MSG.periodInvalid }).nullish();
export const certificateStatus = z.enum(CERTIFICATE_STATUSES, { error: MSG.certificateStatusInvalid }).nullish();

/** Rows created since the start of the period containing `now`. */
export function createdWithinWhere(period: RecentPeriod, now: Date): { createdAt: { gte: Date } } {
  return { createdAt: { gte: periodStart(period, now) } };
}

/** A calendar day as the value of a `@db.Date` column (midnight UTC: Prisma sends the date part only). */
const dateValue = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Athlete roles whose certificate is in this state on `now`'s club day; no expiry date matches neither. */
export function certificateWhere(status: CertificateStatus, now: Date): Prisma.PersonRoleWhereInput {
  const { today, expiringUntil } = certificateDays(now);
  const expiry = status === 'expired' ? { lt: dateValue(today) } : { gte: dateValue(today), lte: dateValue(expiringUntil) };
  return { athlete: { is: { medicalExaminationExpirationDate: expiry } } };
}
