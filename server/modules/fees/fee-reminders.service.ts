// The fee reminders' settings and log (issue 37 point 4), for the staff; the sending is fee-reminders.job.ts.
import { FEES_MSG } from '../../../schema/messages-fees';
import { feeReminderSettingsInput } from '../../../schema/validation/fees';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { isUuid } from '../../lib/club-rows';
import { parseInput } from '../../lib/validate';
import { familyOf } from './payments.service';

/** The club's fee reminder settings (fees.write): on/off, the days, the text (blank: the default). */
export async function updateFeeReminders(ctx: RequestContext, raw: unknown): Promise<{ message: string; clubId: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(feeReminderSettingsInput, raw);
  await clubDb(ctx).$transaction(async (tx) => {
    await tx.club.update({
      where: { id: clubId },
      data: {
        feeRemindersEnabled: input.enabled,
        feeReminderDays: input.days,
        feeReminderTemplate: input.template === undefined ? undefined : input.template || null,
      },
    });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: 'Promemoria delle quote modificati' });
  });
  return { message: FEES_MSG.feeReminderSettingsSaved, clubId };
}

/** The fee reminders sent, newest first: the club's latest, or those about one payer's family. */
export async function feeReminderLog(ctx: RequestContext, args: { first?: number | null; payerId?: unknown }) {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const take = Math.min(Math.max(args.first ?? 50, 1), 200);
  let personIds: string[] | undefined;
  if (args.payerId !== undefined && args.payerId !== null) personIds = isUuid(args.payerId) ? await familyOf(db, clubId, args.payerId) : [];
  return db.feeReminder.findMany({
    where: { clubId, ...(personIds ? { personId: { in: personIds } } : {}) },
    orderBy: [{ claimedAt: 'desc' }, { id: 'desc' }],
    take,
    include: { charge: { select: { description: true, dueOn: true, person: { select: { firstname: true, lastname: true } } } } },
  });
}
