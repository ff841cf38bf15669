// Fee reminders (issue 37 point 4): at each of the club's days from a charge's due date (default 7 before, 7 and 30
// after), while the charge is still open, one mail to whoever pays for the person (an adult themselves, a minor's
// paying guardians: families/recipients.ts). A payer's charges due for a reminder go in one mail, and an address
// the club already wrote to today waits for the next day (throttled, on top of the mailer's per-recipient limits),
// in the club's own words when it wrote them. A charge paid, cancelled or reduced to nothing is never reminded of again.
// Claimed once per charge and day offset, then sent by the engine of jobs/claimed-mail.ts; `now` is a parameter
// throughout: tests drive the calendar.
import { clubDate } from '../../../schema/club-time';
import { FEE_REMINDER_TEMPLATE } from '../../../schema/messages-fees';
import { euro } from '../../../schema/validation/fees';
import type { AppDeps } from '../../context';
import { Prisma } from '../../generated/prisma/client.js';
import { reclaimStale, sendClaimed } from '../../jobs/claimed-mail';
import { startPeriodicTask, type PeriodicTask } from '../../jobs/periodic';
import type { JobQueue } from '../../jobs/queue';
import { onDate } from '../../lib/italian-dates';
import { recipientColumns } from '../families/recipients';

/** How late the last day's reminder may still go out when no scan ran on its day. */
const LATE_DAYS = 7;

interface Claimed {
  id: string;
  club_id: string;
  charge_id: string;
  recipient: string | null;
}

interface Line {
  charge_id: string;
  club_name: string;
  template: string | null;
  firstname: string;
  lastname: string;
  description: string;
  due_on: Date;
  open_cents: number;
  recipient_names: string | null;
}

const openCents = Prisma.sql`ch.amount_cents - ch.discount_cents - COALESCE((SELECT sum(a.amount_cents) FROM payment_allocations a WHERE a.charge_id = ch.id), 0)`;

/**
 * Claims the reminders due on `today`: for each open charge of a club with reminders on, the day offset whose window
 * holds the days since its due date (offset d is due while d <= days since < the next larger offset, the largest
 * until d + LATE_DAYS), so a day without a scan still sends it and a charge entered late gets the latest offset only.
 */
async function claimDue(deps: AppDeps, today: string, now: Date): Promise<Claimed[]> {
  return deps.systemDb.$queryRaw<Claimed[]>`
    WITH open AS (
      SELECT ch.id, ch.club_id, ch.person_id, (${today}::date - ch.due_on) AS since, c.fee_reminder_days AS days
      FROM charges ch JOIN clubs c ON c.id = ch.club_id AND c.fee_reminders_enabled AND c.archived_at IS NULL
      WHERE ch.cancelled_at IS NULL AND ch.due_on BETWEEN ${today}::date - ${120 + LATE_DAYS}::int AND ${today}::date + 60
        AND ${openCents} > 0
    ), due AS (
      SELECT o.*, t.d FROM open o
      CROSS JOIN LATERAL (
        SELECT d FROM unnest(o.days) AS d
        WHERE d <= o.since AND o.since < COALESCE((SELECT min(s) FROM unnest(o.days) AS s WHERE s > d), d + ${LATE_DAYS}::int)
      ) t
    )
    INSERT INTO fee_reminders (club_id, charge_id, person_id, offset_days, recipient, day, claimed_at)
    SELECT x.club_id, x.id, x.person_id, x.d, r.recipient_email, ${today}::date, ${now}
    FROM due x JOIN people p ON p.id = x.person_id
    CROSS JOIN LATERAL (SELECT ${recipientColumns(today, { for: 'payment' })}) r
    -- An address already written to today by this club waits for tomorrow (the window lasts until the next day).
    WHERE r.recipient_email IS NULL OR NOT EXISTS (
      SELECT 1 FROM fee_reminders f WHERE f.club_id = x.club_id AND f.day = ${today}::date AND f.recipient = r.recipient_email)
    ON CONFLICT (charge_id, offset_days) DO NOTHING
    RETURNING id::text, club_id::text, charge_id::text, recipient`;
}

/** What each claimed reminder's mail says, read when sending: a charge paid meanwhile comes back with nothing open. */
function linesOf(deps: AppDeps, chargeIds: string[], today: string): Promise<Line[]> {
  return deps.systemDb.$queryRaw<Line[]>`
    SELECT ch.id::text AS charge_id, c.full_name AS club_name, c.fee_reminder_template AS template, p.firstname, p.lastname,
           ch.description, ch.due_on, (${openCents})::int AS open_cents, r.recipient_names
    FROM charges ch JOIN clubs c ON c.id = ch.club_id JOIN people p ON p.id = ch.person_id
    CROSS JOIN LATERAL (SELECT ${recipientColumns(today, { for: 'payment' })}) r
    WHERE ch.id = ANY(${chargeIds}::uuid[]) AND ch.cancelled_at IS NULL
    ORDER BY ch.due_on, p.lastname, p.firstname, ch.id`;
}

/** The mail for one recipient's lines, in the club's words (FEE_REMINDER_TEMPLATE when it wrote none). */
export function reminderMail(lines: Line[], today: string): { subject: string; text: string } {
  const first = lines[0];
  const list = lines
    .map((l) => `- ${l.firstname} ${l.lastname}: ${l.description}, ${euro(l.open_cents)} (${l.due_on.toISOString().slice(0, 10) < today ? 'scaduta' : 'scade'} ${onDate(l.due_on)})`)
    .join('\n');
  const total = euro(lines.reduce((s, l) => s + l.open_cents, 0));
  const who = first.recipient_names ?? `${first.firstname} ${first.lastname}`;
  const fill: Record<string, string> = { '{destinatario}': who, '{elenco}': list, '{totale}': total, '{societa}': first.club_name };
  const text = (first.template ?? FEE_REMINDER_TEMPLATE).replace(/\{(destinatario|elenco|totale|societa)\}/g, (m) => fill[m]);
  return {
    subject: `${first.club_name}: promemoria quote da versare (${total})`,
    text: `${text}\n\nRicevi questo messaggio perché la società ti ha registrato su CampoBase come chi paga le quote.`,
  };
}

export interface FeeReminderRun {
  claimed: number;
  sent: number;
  failed: number;
}

/** One pass: claim what is due on `now`'s club day, retry stale claims, one mail per club and recipient. Idempotent. */
export async function runFeeReminders(deps: AppDeps, now = deps.now()): Promise<FeeReminderRun> {
  const today = clubDate(now);
  const claimed = await claimDue(deps, today, now);
  const retried = await reclaimStale<Claimed>(deps, 'fee_reminders', Prisma.sql`r.id::text, r.club_id::text, r.charge_id::text, r.recipient`, now);
  const all = [...claimed, ...retried].filter((c) => c.recipient);
  const lines = new Map((await linesOf(deps, all.map((c) => c.charge_id), today)).map((l) => [l.charge_id, l]));
  // Paid or cancelled between the claim and now: the claim goes, nothing is said.
  const stale = all.filter((c) => (lines.get(c.charge_id)?.open_cents ?? 0) <= 0);
  if (stale.length) await deps.systemDb.$executeRaw`DELETE FROM fee_reminders WHERE id = ANY(${stale.map((c) => c.id)}::uuid[]) AND sent_at IS NULL`;
  const batches = new Map<string, Claimed[]>();
  for (const c of all.filter((c) => !stale.includes(c))) {
    const key = `${c.club_id} ${c.recipient}`;
    batches.set(key, [...(batches.get(key) ?? []), c]);
  }
  let sent = 0;
  let failed = 0;
  for (const batch of batches.values()) {
    const mail = reminderMail(batch.map((c) => lines.get(c.charge_id)!), today);
    if (await sendClaimed(deps, 'fee_reminders', batch.map((c) => c.id), { to: batch[0].recipient!, ...mail })) sent++;
    else failed++;
  }
  if (claimed.length || retried.length) deps.log.info({ claimed: claimed.length, retried: retried.length, sent, failed }, 'fee reminders');
  return { claimed: claimed.length, sent, failed };
}

export const FEE_REMINDER_QUEUE = 'fee-reminders';

/** The reminders on the job queue: one scan every `reminderScanMinutes` across instances, like the certificates'. */
export async function startFeeReminders(deps: AppDeps, jobs: JobQueue): Promise<{ scan: PeriodicTask; stop: () => void }> {
  const scan = await startPeriodicTask(jobs, {
    queue: FEE_REMINDER_QUEUE,
    everySeconds: deps.config.reminderScanMinutes * 60,
    run: () => runFeeReminders(deps),
    log: deps.log,
    retries: { retryLimit: 3, retryDelay: 60 },
  });
  return { scan, stop: scan.stop };
}

