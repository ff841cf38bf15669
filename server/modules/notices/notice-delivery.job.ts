// The delivery of notices (issue 39 points 2 and 5): sendNotice records the notice and its recipients and answers at
// once; the mails go from here, on the job queue, at NOTICE_MAILS_PER_MINUTE for all clubs together, so that a
// notice to thousands neither holds its request nor the SMTP server. Each run starts the notices now due (their
// deliverAt: the author's time, past the club's quiet hours unless urgent) and mails the next recipients: a
// recipient is claimed, then its mail is written to the outbox (which delivers it with retries) and the recipient
// marked mailed with the link's token in one transaction, so a crash mails nobody twice and forgets nobody (a claim
// whose run died is taken again after CLAIM_TIMEOUT). Urgent notices go first. Each run then reminds who has not
// confirmed an urgent notice, and pushes the started notices to the devices that asked for it (notice-push.ts), and
// the channels' messages due (channels/channel-push.ts). `now`
// is a parameter: tests drive it.
import { inQuietHours } from '../../../schema/notice-schedule';
import type { AppDeps } from '../../context';
import { Prisma } from '../../generated/prisma/client.js';
import { startPeriodicTask, type PeriodicTask } from '../../jobs/periodic';
import type { JobQueue } from '../../jobs/queue';
import { RateLimitError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { noticeMail } from './notice-mail';
import { pushNotices } from './notice-push';
import { pushChannelMessages } from '../channels/channel-push';
import { randomUUID } from 'node:crypto';

export const NOTICE_DELIVERY_QUEUE = 'notice-delivery';
/** A run every TICK_SECONDS mails at most the minute's rate times TICK_SECONDS / 60. */
const TICK_SECONDS = 10;
/** Recipients a run pushes to (each to every device of their account). */
const PUSHES_PER_RUN = 200;
/** Channel messages a run pushes (each to every device in its channel). */
const CHANNEL_PUSHES_PER_RUN = 20;
/** A claim older than this, its run having died, is taken again. */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

interface Claimed {
  id: string;
  club_id: string;
  notice_id: string;
  email: string;
  recipient_name: string;
  for_names: string | null;
  title: string;
  body: string;
  urgent: boolean;
  club_name: string;
  club_color: string | null;
  required: boolean;
  /** The notice's attachments (file id and name), linked from the mail by the recipient's token. */
  attachments: Array<{ id: string; filename: string }> | null;
  /** Not to be mailed: blocked (the address failing), unsubscribed (notices by e-mail off, the notice not required). */
  skip: 'blocked' | 'unsubscribed' | null;
}

export interface DeliveryRun {
  started: number;
  mailed: number;
}

/** What a claimed recipient's mail needs, read from the claim (`taken`: the claimed rows). */
const claimedColumns = Prisma.sql`
    SELECT t.id::text, t.club_id::text, t.notice_id::text, t.email, p.firstname || ' ' || p.lastname AS recipient_name,
           CASE WHEN t.for_person_ids = ARRAY[t.person_id] THEN NULL ELSE
             (SELECT string_agg(f.firstname || ' ' || f.lastname, ', ' ORDER BY f.lastname, f.firstname) FROM people f WHERE f.id = ANY(t.for_person_ids)) END AS for_names,
           n.title, n.body, n.urgent, n.required, c.full_name AS club_name, c.primary_color AS club_color,
           (SELECT json_agg(json_build_object('id', a.file_id, 'filename', f.filename) ORDER BY a.position)
            FROM notice_attachments a JOIN stored_files f ON f.id = a.file_id WHERE a.notice_id = t.notice_id) AS attachments,
           CASE WHEN ms.blocked_at IS NOT NULL AND lower(ms.email) = lower(t.email) THEN 'blocked'
                WHEN NOT n.required AND ms.notices_email_off_at IS NOT NULL THEN 'unsubscribed' END AS skip
    FROM taken t JOIN people p ON p.id = t.person_id JOIN notices n ON n.id = t.notice_id JOIN clubs c ON c.id = t.club_id
      LEFT JOIN person_mail_status ms ON ms.person_id = t.person_id AND ms.club_id = t.club_id`;

const linkOf = (deps: AppDeps, token: string) => `${deps.config.publicUrl.replace(/\/$/, '')}/avviso/${token}`;

/** The one-click unsubscribe (RFC 8058) of a notice that is not required: the mail client POSTs to it. */
const unsubscribeUrlOf = (deps: AppDeps, token: string) => `${linkOf(deps, token)}/disiscrivi`;

/** The headers that let a mail client offer "unsubscribe" (none for a required notice). */
const unsubscribeHeaders = (deps: AppDeps, r: Claimed, token: string): Record<string, string> | undefined =>
  r.required ? undefined : { 'List-Unsubscribe': `<${unsubscribeUrlOf(deps, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

const mailInput = (deps: AppDeps, r: Claimed, token: string) => ({
  clubName: r.club_name,
  clubColor: r.club_color,
  title: r.title,
  body: r.body,
  urgent: r.urgent,
  recipientName: r.recipient_name,
  forNames: r.for_names,
  link: linkOf(deps, token),
  unsubscribeLink: r.required ? null : `${linkOf(deps, token)}?disiscrivi=1`,
  attachments: (r.attachments ?? []).map((a) => ({ filename: a.filename, url: `${linkOf(deps, token)}/allegati/${a.id}` })),
});

/** Starts the notices due at `now` and mails at most `limit` of their recipients. */
export async function deliverNotices(deps: AppDeps, now: Date, limit: number): Promise<DeliveryRun> {
  const db = deps.systemDb;
  const started = await db.$executeRaw`
    UPDATE notices SET sent_at = ${now} WHERE sent_at IS NULL AND cancelled_at IS NULL AND deliver_at <= ${now}`;
  const claimed = await db.$queryRaw<Claimed[]>`
    WITH next AS (
      SELECT r.id, r.claimed_at FROM notice_recipients r JOIN notices n ON n.id = r.notice_id
      WHERE n.sent_at IS NOT NULL AND n.cancelled_at IS NULL AND r.emailed_at IS NULL AND r.email IS NOT NULL AND r.skipped IS NULL
        AND (r.claimed_at IS NULL OR r.claimed_at < ${new Date(now.getTime() - CLAIM_TIMEOUT_MS)})
      ORDER BY n.urgent DESC, n.deliver_at, r.notice_id, r.id
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    ), taken AS (
      UPDATE notice_recipients r SET claimed_at = ${now}
      FROM next WHERE r.id = next.id AND r.claimed_at IS NOT DISTINCT FROM next.claimed_at
      RETURNING r.id, r.club_id, r.notice_id, r.person_id, r.email, r.for_person_ids
    )
    ${claimedColumns}
    ORDER BY n.urgent DESC, n.deliver_at, t.id`;

  for (const reason of ['blocked', 'unsubscribed'] as const) {
    const ids = claimed.filter((r) => r.skip === reason).map((r) => r.id);
    if (ids.length) await db.$executeRaw`UPDATE notice_recipients SET skipped = ${reason}, claimed_at = NULL WHERE id = ANY(${ids}::uuid[])`;
  }
  const toMail = claimed.filter((r) => !r.skip);
  // The mails and their marks in transactions of MAILS_PER_TRANSACTION (one commit and one hand-over to the outbox's
  // queue for each, not one per mail). A transaction that fails for another reason than an address's throttle is
  // written again one mail at a time, so that one recipient never holds back the others.
  let mailed = 0;
  for (let i = 0; i < toMail.length; i += MAILS_PER_TRANSACTION) {
    const chunk = toMail.slice(i, i + MAILS_PER_TRANSACTION);
    const written = chunk.length > 1 ? await writeNoticeMails(deps, now, chunk).catch(() => null) : null;
    if (written !== null) {
      mailed += written;
      continue;
    }
    for (const r of chunk) {
      try {
        mailed += await writeNoticeMails(deps, now, [r]);
      } catch (err) {
        // Left claimed: taken again after CLAIM_TIMEOUT.
        deps.log.warn({ err, clubId: r.club_id, noticeId: r.notice_id, recipientId: r.id }, 'notice mail not written: retried later');
      }
    }
  }
  return { started, mailed };
}

/** Recipients' mails written (and marked mailed) per transaction. */
const MAILS_PER_TRANSACTION = 50;

/**
 * Writes the recipients' mails to the outbox and marks them mailed with their links' tokens, in one transaction;
 * answers how many. A recipient whose address has had its hour's mails (the throttle refuses before writing
 * anything) is left claimed, taken again after CLAIM_TIMEOUT, and the others go on.
 */
async function writeNoticeMails(deps: AppDeps, now: Date, recipients: Claimed[]): Promise<number> {
  return deps.systemDb.$transaction(async (tx) => {
    let written = 0;
    for (const r of recipients) {
      const token = randomToken();
      const mailId = randomUUID();
      try {
        // System mail of the club's own making: the per-recipient throttle counts it, the notices' own limits the rest.
        await deps.mailer.send({ to: r.email, ...noticeMail(mailInput(deps, r, token)), headers: unsubscribeHeaders(deps, r, token) }, {}, { tx, mailId });
      } catch (err) {
        if (!(err instanceof RateLimitError)) throw err;
        deps.log.warn({ clubId: r.club_id, noticeId: r.notice_id, recipientId: r.id }, 'notice mail held back by the address\'s hourly limit: retried later');
        continue;
      }
      await tx.$executeRaw`
        UPDATE notice_recipients SET emailed_at = ${now}, mail_id = ${mailId}::uuid, token_hash = ${hashToken(token)}, claimed_at = NULL
        WHERE id = ${r.id}::uuid`;
      written++;
    }
    return written;
  });
}

/** An urgent notice not confirmed this long after its mail gets one reminder, within REMIND_WITHIN_DAYS. */
export const REMIND_AFTER_HOURS = 24;
const REMIND_WITHIN_DAYS = 7;

/**
 * Reminds, once, the recipients who have not confirmed an urgent notice REMIND_AFTER_HOURS after its mail, outside
 * their club's quiet hours, at most `limit` per run: a mail with a link of its own (the first mail's link still works).
 */
export async function remindUnconfirmed(deps: AppDeps, now: Date, limit: number): Promise<number> {
  const db = deps.systemDb;
  const dueBefore = new Date(now.getTime() - REMIND_AFTER_HOURS * 3600_000);
  const since = new Date(now.getTime() - REMIND_WITHIN_DAYS * 86_400_000);
  // The clubs with reminders due, and of those the ones outside their quiet hours now.
  const clubs = await db.$queryRaw<Array<{ id: string; quiet_start: number | null; quiet_end: number | null }>>`
    SELECT DISTINCT c.id::text, c.notice_quiet_start AS quiet_start, c.notice_quiet_end AS quiet_end
    FROM notices n JOIN clubs c ON c.id = n.club_id
    WHERE n.urgent AND n.cancelled_at IS NULL AND n.sent_at BETWEEN ${since} AND ${dueBefore}`;
  const awake = clubs.filter((c) => !inQuietHours(now, c.quiet_start === null || c.quiet_end === null ? null : { start: c.quiet_start, end: c.quiet_end })).map((c) => c.id);
  if (!awake.length) return 0;
  const claimed = await db.$queryRaw<Claimed[]>`
    WITH next AS (
      SELECT r.id, r.claimed_at FROM notice_recipients r JOIN notices n ON n.id = r.notice_id
      WHERE n.urgent AND n.cancelled_at IS NULL AND n.club_id = ANY(${awake}::uuid[]) AND n.sent_at >= ${since}
        AND r.emailed_at <= ${dueBefore} AND r.confirmed_at IS NULL AND r.reminded_at IS NULL AND r.bounced_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM person_mail_status ms
                        WHERE ms.person_id = r.person_id AND ms.blocked_at IS NOT NULL AND lower(ms.email) = lower(r.email))
        AND (r.claimed_at IS NULL OR r.claimed_at < ${new Date(now.getTime() - CLAIM_TIMEOUT_MS)})
      ORDER BY r.emailed_at, r.id
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    ), taken AS (
      UPDATE notice_recipients r SET claimed_at = ${now}
      FROM next WHERE r.id = next.id AND r.claimed_at IS NOT DISTINCT FROM next.claimed_at
      RETURNING r.id, r.club_id, r.notice_id, r.person_id, r.email, r.for_person_ids
    )
    ${claimedColumns}`;
  let reminded = 0;
  for (const r of claimed) {
    const token = randomToken();
    try {
      await db.$transaction(async (tx) => {
        await deps.mailer.send({ to: r.email, ...noticeMail({ ...mailInput(deps, r, token), reminder: true }) }, {}, { tx });
        await tx.$executeRaw`
          UPDATE notice_recipients SET reminded_at = ${now}, reminder_token_hash = ${hashToken(token)}, claimed_at = NULL WHERE id = ${r.id}::uuid`;
      });
      reminded++;
    } catch (err) {
      deps.log.warn({ err, clubId: r.club_id, noticeId: r.notice_id, recipientId: r.id }, 'notice reminder not written: retried later');
    }
  }
  return reminded;
}

/** What one run may mail: the minute's rate over a run's share of the minute. */
export const mailsPerRun = (deps: Pick<AppDeps, 'config'>) => Math.max(1, Math.ceil((deps.config.noticeMailsPerMinute * TICK_SECONDS) / 60));

/** Delivery runs every TICK_SECONDS on the queue, once across the instances. */
export async function startNoticeDelivery(deps: AppDeps, jobs: JobQueue): Promise<{ task: PeriodicTask; stop: () => void }> {
  const task = await startPeriodicTask(jobs, {
    queue: NOTICE_DELIVERY_QUEUE,
    everySeconds: TICK_SECONDS,
    run: async () => {
      const run = await deliverNotices(deps, deps.now(), mailsPerRun(deps));
      // Reminders take what the run left of its share.
      await remindUnconfirmed(deps, deps.now(), Math.max(1, mailsPerRun(deps) - run.mailed));
      await pushNotices(deps, deps.now(), PUSHES_PER_RUN);
      await pushChannelMessages(deps, deps.now(), CHANNEL_PUSHES_PER_RUN);
    },
    log: deps.log,
  });
  return { task, stop: task.stop };
}

/**
 * After a notice is recorded: its mails start with the next run. With the queue, this slot's run is asked for; the
 * timers take each slot's run at its start (jobs/periodic.ts), so this mostly finds the slot taken and the mails leave
 * with the next slot's run, within TICK_SECONDS: one run per slot is what keeps the pace. Without the queue (JOBS=0)
 * the process delivers what is due itself, in the background, without pacing.
 */
export function deliverSoon(deps: AppDeps): void {
  const task = deps.periodicTasks?.get(NOTICE_DELIVERY_QUEUE);
  if (task) {
    deps.background.run('notices: delivery tick', () => task.tick());
    return;
  }
  if (deps.jobs) return; // a web process whose jobs run in the worker: the worker's ticks deliver
  deps.background.run('notices: delivery', async () => {
    for (let round = 0; round < 1000; round++) {
      const run = await deliverNotices(deps, deps.now(), 500);
      const pushed = (await pushNotices(deps, deps.now(), PUSHES_PER_RUN)) + (await pushChannelMessages(deps, deps.now(), CHANNEL_PUSHES_PER_RUN));
      if (!run.mailed && !pushed) return;
    }
  });
}
