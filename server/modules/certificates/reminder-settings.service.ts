// The club's reminder settings (on/off, the days before expiry) and the log of reminders sent (issue 14 point 4).
import { MSG } from '../../../schema/messages';
import { reminderSettingsInput } from '../../../schema/validation/medical-certificate';
import { revealHealth } from '../../access/health-data';
import { clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { parseInput } from '../../lib/validate';

export async function updateCertificateReminders(ctx: RequestContext, raw: unknown): Promise<{ message: string; clubId: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(reminderSettingsInput, raw);
  await clubDb(ctx).club.update({
    where: { id: clubId },
    data: { certificateRemindersEnabled: input.enabled, certificateReminderDays: input.days },
  });
  return { message: MSG.reminderSettingsSaved, clubId };
}

/** The latest reminders of the club, newest first (who was written to is health data: health.read). */
export async function certificateReminderLog(ctx: RequestContext, first: number | null | undefined) {
  const { clubId } = clubMember(ctx);
  const take = Math.min(Math.max(first ?? 50, 1), 200);
  // A coach's scope keeps only the reminders about their athletes' certificates (club-scope.ts).
  const rows = await clubDb(ctx).certificateReminder.findMany({
    where: { clubId },
    orderBy: [{ claimedAt: 'desc' }, { id: 'desc' }],
    take,
    include: { certificate: { select: { expiresOn: true, person: { select: { id: true, firstname: true, lastname: true } } } } },
  });
  // Each line names a person and their certificate's expiry: a health-data read, logged like the others.
  revealHealth(ctx, { personIds: [...new Set(rows.map((r) => r.personId))] }, 'Promemoria certificati medici');
  return rows;
}
