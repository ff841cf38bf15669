// Notices (avvisi, issue 39): the staff write a message and choose whom it concerns (groups, roles, a season's
// members, an event's called-up athletes, hand-picked people); the audience is resolved to people, and each person to
// who receives for them (families/recipients.ts's rule: an adult themselves, a minor's guardians who receive
// communications, the minor only when no guardian does). The author previews that list before sending. Each recipient
// gets a mail with a link of their own (a random token kept as its hash): opening it is recorded, and an urgent notice
// asks to confirm the reading, which the author sees per recipient.
import { clubDate } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { clubMinuteOfDay, minuteLabel, noticeDeliveryTime, type QuietHours } from '../../../schema/notice-schedule';
import { MAX_NOTICE_RECIPIENTS, MAX_SCHEDULE_DAYS, noticeAudienceInput, noticeSettingsInput, sendNoticeInput, type NoticeAudience } from '../../../schema/validation/notices';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { CLUB, clubSql } from '../../access/club-sql';
import { noticeDoor, noticeMailCounts, noticeMailStates } from '../../access/cross-club';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import type { RequestContext, Scope } from '../../context';
import { Prisma, type Notice, type NoticeRecipient } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { onDate } from '../../lib/italian-dates';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import type { UploadedFile } from '../files/files.service';
import { attachmentsByNotice, checkNoticeAttachments, noticeAttachmentFile, storeNoticeAttachments, type NoticeAttachmentView } from './notice-attachments.service';
import { deliverSoon } from './notice-delivery.job';

export interface NoticeRecipientPreview {
  personId: string;
  name: string;
  email: string | null;
  /** The people of the audience this recipient receives for (themselves, or the minors they are guardian of). */
  forPersonIds: string[];
  forNames: string;
  /** Their account has a browser subscribed to notifications: their receipt gets a push too (notice-push.ts). */
  push: boolean;
}

/** A coach addresses only the groups they coach: no roles, seasons, call-ups or hand-picked people. */
function refuseUnlessCoachAudience(ctx: RequestContext, audience: NoticeAudience) {
  const coach = athleteGroupsOf(ctx);
  if (!coach) return;
  const onlyTheirGroups = audience.groupIds.length > 0 && audience.groupIds.every((g) => coach.groupIds.includes(g));
  if (!onlyTheirGroups || audience.roleKinds.length || audience.seasonId || audience.callUp || audience.personIds.length) {
    throw new ForbiddenError(NOTICE_MSG.coachGroupsOnly);
  }
}

/**
 * Refuses an audience naming an id that is not the club's (another club's or an unknown one), with the field's
 * message: a mistyped or foreign id is an error, never silently nobody.
 */
async function refuseForeignIds(db: Db, clubId: string, audience: NoticeAudience) {
  const unique = (ids: string[]) => [...new Set(ids)];
  const groupIds = unique(audience.groupIds);
  const personIds = unique(audience.personIds);
  const [groups, people, season, event] = await Promise.all([
    groupIds.length ? db.group.count({ where: { clubId, id: { in: groupIds } } }) : 0,
    personIds.length ? db.person.count({ where: { clubId, id: { in: personIds } } }) : 0,
    audience.seasonId ? db.clubSeason.count({ where: { clubId, id: audience.seasonId } }) : 1,
    audience.callUp ? db.calendarEvent.count({ where: { clubId, id: audience.callUp.eventId } }) : 1,
  ]);
  const wrong = {
    ...(groups !== groupIds.length ? { 'audience.groupIds': MSG.idInvalid } : {}),
    ...(people !== personIds.length ? { 'audience.personIds': MSG.idInvalid } : {}),
    ...(!season ? { 'audience.seasonId': MSG.idInvalid } : {}),
    ...(!event ? { 'audience.callUp.eventId': MSG.idInvalid } : {}),
  };
  if (Object.keys(wrong).length) throw new ValidationError(wrong, MSG.idInvalid);
}

/**
 * The audience's people and, for each, who receives for them (`recipient_id`, `for_id`), as the CTEs `subjects`,
 * `minors` and `pairs` of a statement that goes on from there. Ids of another club (or unknown ones) simply match
 * nobody: the statement reads only the club's rows.
 */
function audiencePairs(clubId: string, audience: NoticeAudience, today: string, coachGroups: readonly string[] | null) {
  const none = '{}';
  return clubSql(clubId)`
    WITH subjects AS (
      SELECT p.id, p.birthday FROM people p
      WHERE p.club_id = ${CLUB} AND (
        EXISTS (SELECT 1 FROM person_roles pr JOIN group_members gm ON gm.role_id = pr.id
                WHERE pr.person_id = p.id AND pr.archived_at IS NULL AND gm.group_id = ANY(${audience.groupIds.length ? audience.groupIds : none}::uuid[])
                  -- a coach's own groups only (refuseUnlessCoachAudience has said so already; the statement says it too)
                  AND (${coachGroups ? [...coachGroups] : null}::uuid[] IS NULL OR gm.group_id = ANY(${coachGroups ? [...coachGroups] : none}::uuid[])))
        OR EXISTS (SELECT 1 FROM person_roles pr
                   WHERE pr.person_id = p.id AND pr.archived_at IS NULL AND pr.kind::text = ANY(${audience.roleKinds.length ? audience.roleKinds : none}::text[]))
        OR EXISTS (SELECT 1 FROM register_members rm JOIN register_member_seasons rs ON rs.member_id = rm.id
                   WHERE rm.person_id = p.id AND rs.season_id = ${audience.seasonId ?? null}::uuid)
        OR EXISTS (SELECT 1 FROM call_ups c
                   WHERE c.person_id = p.id AND c.withdrawn_at IS NULL AND c.event_id = ${audience.callUp?.eventId ?? null}::uuid
                     AND c.occurs_on = ${audience.callUp?.occursOn ?? null}::date)
        -- IN over unnest, not = ANY: hashed once, where ANY would compare every person with each id (5,000 x 5,000).
        OR p.id IN (SELECT unnest(${audience.personIds.length ? audience.personIds : none}::uuid[]))
      )
    ),
    minors AS (SELECT id FROM subjects WHERE birthday IS NOT NULL AND birthday > (${today}::date - interval '18 years')::date),
    pairs AS (
      SELECT gs.guardian_id AS recipient_id, gs.minor_id AS for_id
      FROM guardianships gs JOIN minors m ON m.id = gs.minor_id
      WHERE gs.receives_communications
      UNION
      SELECT s.id, s.id FROM subjects s
      WHERE s.id NOT IN (SELECT id FROM minors)
         OR NOT EXISTS (SELECT 1 FROM guardianships gs WHERE gs.minor_id = s.id AND gs.receives_communications)
    )`;
}

/**
 * Who receives a notice for `audience` on `today`, one row per recipient, ordered by name. More than
 * MAX_NOTICE_RECIPIENTS is refused once counted, before any is named: a club's every athlete while a large import
 * runs must not cost the names and the sorting of tens of thousands.
 */
export async function resolveNoticeRecipients(db: Db, clubId: string, audience: NoticeAudience, today: string, coachGroups: readonly string[] | null = null): Promise<NoticeRecipientPreview[]> {
  const pairs = audiencePairs(clubId, audience, today, coachGroups);
  const [{ n }] = await db.$queryRaw<Array<{ n: number }>>(clubSql(clubId)`${pairs}
    SELECT count(*)::int AS n FROM (
      SELECT DISTINCT x.recipient_id FROM pairs x JOIN people r ON r.id = x.recipient_id AND r.club_id = ${CLUB} LIMIT ${MAX_NOTICE_RECIPIENTS + 1}) counted`);
  if (n > MAX_NOTICE_RECIPIENTS) throw new ValidationError({ audience: NOTICE_MSG.tooManyRecipients(MAX_NOTICE_RECIPIENTS) }, NOTICE_MSG.tooManyRecipients(MAX_NOTICE_RECIPIENTS));
  const rows = await db.$queryRaw<Array<{ person_id: string; name: string; email: string | null; for_ids: string[]; for_names: string; push: boolean }>>(clubSql(clubId)`${pairs}
    SELECT r.id AS person_id, r.firstname || ' ' || r.lastname AS name, r.email_primary AS email,
           array_agg(DISTINCT f.id::text) AS for_ids,
           string_agg(DISTINCT f.firstname || ' ' || f.lastname, ', ') AS for_names,
           EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.account_id = r.account_id) AS push
    FROM pairs x JOIN people r ON r.id = x.recipient_id AND r.club_id = ${CLUB} JOIN people f ON f.id = x.for_id
    GROUP BY r.id, r.firstname, r.lastname, r.email_primary, r.account_id
    ORDER BY r.lastname, r.firstname, r.id`);
  return rows.map((r) => ({ personId: r.person_id, name: r.name, email: r.email, forPersonIds: r.for_ids, forNames: r.for_names, push: r.push }));
}

/** The recipients of an audience the caller may address (a coach: their groups; only the club's ids), at most the limit. */
async function audienceRecipients(ctx: RequestContext, db: Db, clubId: string, audience: NoticeAudience): Promise<NoticeRecipientPreview[]> {
  refuseUnlessCoachAudience(ctx, audience);
  await refuseForeignIds(db, clubId, audience);
  return resolveNoticeRecipients(db, clubId, audience, clubDate(ctx.deps.now()), athleteGroupsOf(ctx)?.groupIds ?? null);
}

export interface NoticePreview {
  recipients: NoticeRecipientPreview[];
  withoutEmail: number;
}

/** The recipients a notice to `rawAudience` would reach, for the author to check before sending. */
export async function previewNoticeRecipients(ctx: RequestContext, rawAudience: unknown): Promise<NoticePreview> {
  const { clubId } = clubMember(ctx);
  const recipients = await audienceRecipients(ctx, clubDb(ctx), clubId, parseInput(noticeAudienceInput, rawAudience));
  return { recipients, withoutEmail: recipients.filter((r) => !r.email).length };
}

export interface SentNotice {
  notice: Notice;
  recipients: number;
  /** Recipients with an address: their mails go at deliverAt, paced (notice-delivery.job.ts). */
  emailed: number;
  message: string;
}

/** The club's quiet hours, or null when it keeps none. */
async function quietHoursOf(db: Db, clubId: string): Promise<QuietHours | null> {
  const club = await db.club.findUniqueOrThrow({ where: { id: clubId }, select: { noticeQuietStart: true, noticeQuietEnd: true } });
  return club.noticeQuietStart === null || club.noticeQuietEnd === null ? null : { start: club.noticeQuietStart, end: club.noticeQuietEnd };
}

/** When the author's chosen time (or now) lets the mails go: refused in the past or too far ahead. */
function dueTime(now: Date, sendAt: string | undefined): Date {
  if (!sendAt) return now;
  const due = new Date(sendAt);
  // A minute of grace: a time picked "now" on a slow phone is not in the past.
  if (due.getTime() < now.getTime() - 60_000) throw new ValidationError({ sendAt: NOTICE_MSG.sendAtPast }, NOTICE_MSG.sendAtPast);
  if (due.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
    throw new ValidationError({ sendAt: NOTICE_MSG.sendAtTooFar(MAX_SCHEDULE_DAYS) }, NOTICE_MSG.sendAtTooFar(MAX_SCHEDULE_DAYS));
  }
  return due < now ? now : due;
}

/**
 * How many more recipients the club's notices may reach now: NOTICE_RECIPIENTS_PER_DAY less the recipients of its
 * notices of the last 24 hours (their recorded counts: an index range, not a count of thousands of rows).
 */
async function recipientsLeftToday(ctx: RequestContext, db: Db, clubId: string): Promise<number> {
  const since = new Date(ctx.deps.now().getTime() - 86_400_000);
  const sent = await db.notice.aggregate({ where: { clubId, createdAt: { gte: since }, cancelledAt: null }, _sum: { recipientCount: true } });
  return ctx.deps.config.noticeRecipientsPerDay - (sent._sum.recipientCount ?? 0);
}

/** Refuses a notice for `count` recipients (0: any) beyond what the club may still reach today. */
function refuseOverDailyLimit(ctx: RequestContext, left: number, count: number) {
  if (left > 0 && count <= left) return;
  const limit = ctx.deps.config.noticeRecipientsPerDay;
  const message = NOTICE_MSG.dailyLimit(limit, Math.max(0, left));
  throw new ValidationError({ audience: message }, message);
}

/** "il 1 dicembre 2026 alle 07:00", in the club's zone. */
const whenLabel = (instant: Date) => `${onDate(new Date(`${clubDate(instant)}T00:00:00Z`))} alle ${minuteLabel(clubMinuteOfDay(instant))}`;

/**
 * Sends a notice: the notice and its recipients recorded in one transaction, due at once or at the chosen time
 * (past the club's quiet hours unless urgent); the mails go from the delivery job, paced, each with its own link.
 */
export async function sendNotice(ctx: RequestContext, raw: unknown, readAttachments: () => Promise<UploadedFile[]> = async () => []): Promise<SentNotice> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(sendNoticeInput, raw);
  const db = clubDb(ctx);
  const now = ctx.deps.now();
  const due = dueTime(now, input.sendAt);
  // A club at its limit is refused before its audience is resolved (the costly part).
  const left = await recipientsLeftToday(ctx, db, clubId);
  refuseOverDailyLimit(ctx, left, 0);
  const recipients = await audienceRecipients(ctx, db, clubId, input.audience);
  if (input.postId && !(await db.post.findFirst({ where: { id: input.postId, clubId }, select: { id: true } }))) throw new NotFoundError();
  if (!recipients.length) throw new ValidationError({ audience: NOTICE_MSG.noRecipients }, NOTICE_MSG.noRecipients);
  refuseOverDailyLimit(ctx, left, recipients.length);
  const attachments = await readAttachments();
  await checkNoticeAttachments(attachments);
  const deliverAt = noticeDeliveryTime(due, input.urgent, await quietHoursOf(db, clubId));

  const notice = await db.$transaction(async (tx) => {
    const created = await tx.notice.create({
      data: {
        clubId,
        postId: input.postId ?? null,
        title: input.title,
        body: input.body,
        urgent: input.urgent,
        required: input.required || input.urgent,
        recipientCount: recipients.length,
        audience: input.audience,
        createdAt: now,
        scheduledFor: input.sendAt ? due : null,
        deliverAt,
        // Due now: started at once (the delivery job starts the others when due).
        sentAt: deliverAt <= now ? now : null,
        createdBy: accountId,
      },
    });
    await tx.noticeRecipient.createMany({
      data: recipients.map((r) => ({ clubId, noticeId: created.id, personId: r.personId, forPersonIds: r.forPersonIds, email: r.email, pushDue: r.push })),
    });
    await storeNoticeAttachments(tx, clubId, created.id, attachments);
    const when = deliverAt > now ? ` (programmato ${whenLabel(deliverAt)})` : '';
    describeChange(tx, {
      action: 'create',
      entityType: 'club',
      entityId: clubId,
      detail: `Avviso «${input.title}»${input.urgent ? ' (urgente)' : ''}${when}${attachments.length ? `, ${attachments.length === 1 ? '1 allegato' : `${attachments.length} allegati`}` : ''} a ${recipients.length} destinatari: ${recipients.map((r) => r.name).join(', ').slice(0, 1500)}`,
    });
    return created;
  });

  if (deliverAt <= now) deliverSoon(ctx.deps);
  const emailed = recipients.filter((r) => r.email).length;
  const message = deliverAt > now ? NOTICE_MSG.scheduled(recipients.length, whenLabel(deliverAt)) : NOTICE_MSG.sent(recipients.length);
  return { notice, recipients: recipients.length, emailed, message };
}

/** Cancels a notice whose mails have not started (scheduled, or waiting for the quiet hours to end). */
export async function cancelNotice(ctx: RequestContext, noticeId: unknown): Promise<{ message: string; notice: Notice }> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const notice = isUuid(noticeId) ? await db.notice.findFirst({ where: { id: noticeId, clubId } }) : null;
  if (!notice) throw new NotFoundError();
  if (notice.cancelledAt) return { message: NOTICE_MSG.cancelled, notice };
  const now = ctx.deps.now();
  // Compare-and-set against the delivery job starting it meanwhile.
  const cancelled = await db.$transaction(async (tx) => {
    const done = await tx.notice.updateMany({ where: { id: notice.id, clubId, sentAt: null, cancelledAt: null }, data: { cancelledAt: now } });
    if (done.count) describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Avviso «${notice.title}»: invio annullato` });
    return done.count > 0;
  });
  if (!cancelled) throw new ConflictError(NOTICE_MSG.alreadySent);
  return { message: NOTICE_MSG.cancelled, notice: { ...notice, cancelledAt: now } };
}

/** The club's notice settings: its quiet hours. */
export async function noticeSettings(ctx: RequestContext): Promise<{ quietStart: number | null; quietEnd: number | null }> {
  const { clubId } = clubMember(ctx);
  const quiet = await quietHoursOf(clubDb(ctx), clubId);
  return { quietStart: quiet?.start ?? null, quietEnd: quiet?.end ?? null };
}

export async function saveNoticeSettings(ctx: RequestContext, raw: unknown): Promise<{ message: string; quietStart: number | null; quietEnd: number | null }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(noticeSettingsInput, raw);
  const db = clubDb(ctx);
  await db.$transaction(async (tx) => {
    await tx.club.update({ where: { id: clubId }, data: { noticeQuietStart: input.quietStart, noticeQuietEnd: input.quietEnd } });
    const label = input.quietStart === null || input.quietEnd === null ? 'nessuna' : `${minuteLabel(input.quietStart)}-${minuteLabel(input.quietEnd)}`;
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Ore di silenzio degli avvisi: ${label}` });
  });
  return { message: NOTICE_MSG.settingsSaved, ...input };
}

/**
 * Where a recipient's mail is: waiting for the notice to start, queued, sent, failed or bounced, or not mailed (no
 * address, notices by e-mail turned off, the address blocked).
 */
export type NoticeDelivery = 'in_attesa' | 'in_coda' | 'inviata' | 'non_recapitata' | 'senza_email' | 'disiscritto' | 'bloccato';

export interface NoticeRecipientRow {
  recipient: Pick<NoticeRecipient, 'personId' | 'email' | 'emailedAt' | 'openedAt' | 'confirmedAt' | 'remindedAt' | 'bouncedAt'>;
  name: string;
  forNames: string;
  delivery: NoticeDelivery;
  deliveryError: string | null;
}

/** A notice's recipients with what each did (mailed, opened, confirmed); another club's notice is NotFound. */
export interface NoticeHistoryCounts {
  total: number;
  /** With an address (mailed or to be). */
  withEmail: number;
  emailed: number;
  opened: number;
  confirmed: number;
  reminded: number;
  /** The mails: accepted by the mail server, given up (or came back), still to go, waiting for the notice to start; no address. */
  delivered: number;
  failed: number;
  /** Came back (a bounce), counted in failed too. */
  bounced: number;
  /** Not mailed: notices by e-mail turned off, or the address blocked. */
  skipped: number;
  queued: number;
  waiting: number;
  withoutEmail: number;
}

export interface NoticeHistoryPage {
  notice: NoticeWithCounts;
  counts: NoticeHistoryCounts;
  /** Recipients matching the filter, for paging. */
  matching: number;
  recipients: NoticeRecipientRow[];
}

export interface NoticeHistoryOptions {
  first?: number | null;
  offset?: number | null;
  /** Only who has not confirmed an urgent notice. */
  unconfirmed?: boolean | null;
}

type MailStates = Awaited<ReturnType<typeof noticeMailStates>>;

/** Where one recipient's mail is, from its row and its outbox mail's state. */
function deliveryOfRecipient(
  r: { email: string | null; skipped: string | null; bounced_at: Date | null; bounce_reason: string | null; mail_id: string | null },
  started: boolean,
  mails: MailStates,
): { delivery: NoticeDelivery; deliveryError: string | null } {
  if (!r.email) return { delivery: 'senza_email', deliveryError: null };
  if (r.skipped) return { delivery: r.skipped === 'blocked' ? 'bloccato' : 'disiscritto', deliveryError: null };
  if (r.bounced_at) return { delivery: 'non_recapitata', deliveryError: r.bounce_reason };
  if (!r.mail_id) return { delivery: started ? 'in_coda' : 'in_attesa', deliveryError: null };
  const mail = mails.get(r.mail_id);
  // Settled mails leave the outbox after 30 days: by then it was sent (a failure would still be failing).
  if (!mail || mail.status === 'sent' || mail.status === 'withheld') return { delivery: 'inviata', deliveryError: null };
  if (mail.status === 'failed') return { delivery: 'non_recapitata', deliveryError: mail.lastError };
  return { delivery: 'in_coda', deliveryError: mail.lastError };
}

/** Most recipients one page of a history holds; none asked: all of them (at most MAX_NOTICE_RECIPIENTS). */
const HISTORY_PAGE_MAX = MAX_NOTICE_RECIPIENTS;

/**
 * For a coach, only the receipts about the athletes of their groups (a guardian's for their child, an athlete's own);
 * for anyone else, every receipt. A condition on `notice_recipients r`.
 */
function coachReceipts(ctx: RequestContext, clubId: string) {
  const groups = athleteGroupsOf(ctx)?.groupIds;
  return groups
    ? clubSql(clubId)`AND EXISTS (SELECT 1 FROM person_roles pr JOIN group_members gm ON gm.role_id = pr.id
        WHERE pr.club_id = ${CLUB} AND pr.person_id = ANY(r.for_person_ids) AND pr.archived_at IS NULL AND gm.group_id = ANY(${[...groups]}::uuid[]))`
    : Prisma.empty;
}

/**
 * A notice's recipients with what each did (mailed, delivered, opened, confirmed), by name, a page at a time, with the
 * counts of all of them; another club's notice is NotFound.
 */
export async function noticeRecipients(ctx: RequestContext, noticeId: unknown, options: NoticeHistoryOptions = {}): Promise<NoticeHistoryPage> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const notice = isUuid(noticeId) ? await db.notice.findFirst({ where: { id: noticeId, clubId } }) : null;
  if (!notice) throw new NotFoundError();
  const first = Math.min(Math.max(options.first ?? HISTORY_PAGE_MAX, 0), HISTORY_PAGE_MAX);
  const offset = Math.min(Math.max(options.offset ?? 0, 0), MAX_NOTICE_RECIPIENTS);
  const unconfirmed = options.unconfirmed ? Prisma.sql`AND r.confirmed_at IS NULL` : Prisma.empty;
  const [[counts], rows] = await Promise.all([
    db.$queryRaw<Array<Record<'total' | 'withEmail' | 'emailed' | 'opened' | 'confirmed' | 'reminded' | 'unconfirmed' | 'bounced' | 'skipped', number>>>(clubSql(clubId)`
      SELECT count(*)::int AS total, count(r.email)::int AS "withEmail", count(r.emailed_at)::int AS emailed, count(r.opened_at)::int AS opened,
             count(r.confirmed_at)::int AS confirmed, count(r.reminded_at)::int AS reminded, (count(*) - count(r.confirmed_at))::int AS unconfirmed,
             count(r.bounced_at)::int AS bounced, count(r.skipped)::int AS skipped
      FROM notice_recipients r WHERE r.club_id = ${CLUB} AND r.notice_id = ${notice.id}::uuid ${coachReceipts(ctx, clubId)}`),
    // One statement for the page: names, and whom each receives for (themselves: no lookup).
    db.$queryRaw<Array<{ person_id: string; name: string; for_names: string | null; email: string | null; mail_id: string | null; emailed_at: Date | null; opened_at: Date | null; confirmed_at: Date | null; reminded_at: Date | null; skipped: string | null; bounced_at: Date | null; bounce_reason: string | null }>>(clubSql(clubId)`
      SELECT r.person_id::text, p.firstname || ' ' || p.lastname AS name,
             CASE WHEN r.for_person_ids = ARRAY[r.person_id] THEN p.firstname || ' ' || p.lastname ELSE
               (SELECT string_agg(f.firstname || ' ' || f.lastname, ', ' ORDER BY f.lastname, f.firstname) FROM people f
                WHERE f.club_id = ${CLUB} AND f.id = ANY(r.for_person_ids)) END AS for_names,
             r.email, r.mail_id::text, r.emailed_at, r.opened_at, r.confirmed_at, r.reminded_at, r.skipped, r.bounced_at, r.bounce_reason
      FROM notice_recipients r JOIN people p ON p.id = r.person_id AND p.club_id = ${CLUB}
      WHERE r.club_id = ${CLUB} AND r.notice_id = ${notice.id}::uuid ${unconfirmed} ${coachReceipts(ctx, clubId)}
      ORDER BY p.lastname, p.firstname, r.id
      LIMIT ${first} OFFSET ${offset}`),
  ]);
  const [mails, unsent] = await Promise.all([
    noticeMailStates(ctx, clubId, notice.id, rows.flatMap((r) => (r.mail_id ? [r.mail_id] : []))),
    noticeMailCounts(ctx, clubId, notice.id),
  ]);
  const deliveryOf = (r: (typeof rows)[number]) => deliveryOfRecipient(r, notice.sentAt !== null, mails);
  const { unconfirmed: notConfirmed, ...all } = counts;
  const started = notice.sentAt !== null;
  const delivery = {
    delivered: all.emailed - unsent.failed - unsent.pending - all.bounced,
    failed: unsent.failed + all.bounced,
    queued: started ? all.withEmail - all.emailed - all.skipped + unsent.pending : 0,
    waiting: started ? 0 : all.withEmail,
    withoutEmail: all.total - all.withEmail,
  };
  return {
    notice: { ...notice, recipients: all.total, confirmed: all.confirmed },
    counts: { ...all, ...delivery },
    matching: options.unconfirmed ? notConfirmed : all.total,
    recipients: rows.map((r) => ({
      recipient: { personId: r.person_id, email: r.email, emailedAt: r.emailed_at, openedAt: r.opened_at, confirmedAt: r.confirmed_at, remindedAt: r.reminded_at, bouncedAt: r.bounced_at },
      name: r.name,
      forNames: r.for_names ?? '',
      ...deliveryOf(r),
    })),
  };
}

export type NoticeWithCounts = Notice & { recipients: number; confirmed: number };

/** The club's notices, newest first. */
export async function listNotices(ctx: RequestContext): Promise<NoticeWithCounts[]> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const notices = await db.notice.findMany({ where: { clubId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 200 });
  const counts = await db.noticeRecipient.groupBy({ by: ['noticeId'], where: { clubId, noticeId: { in: notices.map((n) => n.id) } }, _count: { _all: true, confirmedAt: true } });
  const byNotice = new Map(counts.map((c) => [c.noticeId, c._count]));
  return notices.map((n) => ({ ...n, recipients: byNotice.get(n.id)?._all ?? 0, confirmed: byNotice.get(n.id)?.confirmedAt ?? 0 }));
}

export interface NoticeByLink {
  clubName: string;
  title: string;
  body: string;
  urgent: boolean;
  sentAt: Date;
  recipientName: string;
  forNames: string;
  confirmedAt: Date | null;
  required: boolean;
  noticesByEmail: boolean;
  /** Opened by the same link: /avviso/<token>/allegati/<file>. */
  attachments: Array<NoticeAttachmentView & { url: string }>;
}

/** The recipient a mail's link names (no session: the token is the proof) and its club's client, or null. */
async function recipientByToken(scope: Pick<Scope, 'deps'>, token: unknown) {
  if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token)) return null;
  const door = await noticeDoor(scope, hashToken(token));
  if (!door) return null;
  const row = await door.db.noticeRecipient.findFirstOrThrow({
    where: { id: door.recipient.id, clubId: door.recipient.clubId },
    include: { notice: { include: { club: { select: { fullName: true } } } }, person: { select: { firstname: true, lastname: true } } },
  });
  return { row, db: door.db, token };
}

type Opened = NonNullable<Awaited<ReturnType<typeof recipientByToken>>>;

async function viewOf({ row: r, db, token }: Opened): Promise<NoticeByLink> {
  const [others, mailStatus, attachments] = await Promise.all([
    db.person.findMany({ where: { clubId: r.clubId, id: { in: r.forPersonIds } }, select: { firstname: true, lastname: true } }),
    db.personMailStatus.findFirst({ where: { clubId: r.clubId, personId: r.personId }, select: { noticesEmailOffAt: true } }),
    attachmentsByNotice(db, r.clubId, [r.noticeId]),
  ]);
  return {
    clubName: r.notice.club.fullName,
    title: r.notice.title,
    body: r.notice.body,
    urgent: r.notice.urgent,
    sentAt: r.notice.sentAt ?? r.notice.deliverAt,
    recipientName: `${r.person.firstname} ${r.person.lastname}`,
    forNames: others.map((p) => `${p.firstname} ${p.lastname}`).join(', '),
    confirmedAt: r.confirmedAt,
    required: r.notice.required,
    noticesByEmail: !mailStatus?.noticesEmailOffAt,
    attachments: (attachments.get(r.noticeId) ?? []).map((a) => ({ ...a, url: `/avviso/${token}/allegati/${a.fileId}` })),
  };
}

/** An attachment of the notice a mail's link names (no session: the token is the proof); NotFound otherwise. */
export async function attachmentByToken(scope: Pick<Scope, 'deps'>, token: unknown, fileId: unknown) {
  const opened = await recipientByToken(scope, token);
  if (!opened) throw new NotFoundError();
  return noticeAttachmentFile(opened.db, opened.row.clubId, opened.row.noticeId, fileId);
}

/** Opens a notice from its mail's link: the first opening is recorded. Null when the link is unknown. */
export async function openNoticeByToken(scope: Pick<Scope, 'deps'>, token: unknown): Promise<NoticeByLink | null> {
  const opened = await recipientByToken(scope, token);
  if (!opened) return null;
  const { row, db } = opened;
  if (!row.openedAt) await db.noticeRecipient.updateMany({ where: { id: row.id, clubId: row.clubId, openedAt: null }, data: { openedAt: scope.deps.now() } });
  return viewOf(opened);
}

/** Confirms the reading of an urgent notice from its mail's link (once; a second time says so). */
export async function confirmNoticeByToken(scope: Pick<Scope, 'deps'>, token: unknown): Promise<{ message: string; notice: NoticeByLink }> {
  const opened = await recipientByToken(scope, token);
  if (!opened) throw new NotFoundError();
  const { row, db } = opened;
  if (!row.notice.urgent) throw new ValidationError({ token: NOTICE_MSG.notUrgent }, NOTICE_MSG.notUrgent);
  if (row.confirmedAt) return { message: NOTICE_MSG.alreadyConfirmed, notice: await viewOf(opened) };
  const now = scope.deps.now();
  await db.noticeRecipient.updateMany({ where: { id: row.id, clubId: row.clubId, confirmedAt: null }, data: { confirmedAt: now, openedAt: row.openedAt ?? now } });
  return { message: NOTICE_MSG.confirmed, notice: await viewOf({ ...opened, row: { ...row, confirmedAt: now } }) };
}


/** A notice a person received, or a guardian received for them (a person page's "Avvisi ricevuti"). */
export interface PersonNoticeRow {
  noticeId: string;
  title: string;
  urgent: boolean;
  /** When it started (or is due to). */
  sentAt: Date;
  /** Who received it: the person themselves or a guardian. */
  recipientName: string;
  forSelf: boolean;
  email: string | null;
  delivery: NoticeDelivery;
  deliveryError: string | null;
  openedAt: Date | null;
  confirmedAt: Date | null;
}

/** The newest notices a person's page lists. */
const PERSON_NOTICES_MAX = 100;

/**
 * What the club's notices brought a person (issue 39 point 3): each notice they received, or a guardian received for
 * them, newest first, with where its mail is and what was done with it; a person the caller cannot see is NotFound.
 */
export async function personNotices(ctx: RequestContext, personId: unknown): Promise<PersonNoticeRow[]> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const person = isUuid(personId) ? await db.person.findFirst({ where: { id: personId, clubId }, select: { id: true } }) : null;
  if (!person) throw new NotFoundError();
  const rows = await db.$queryRaw<Array<{ notice_id: string; title: string; urgent: boolean; sent_at: Date | null; deliver_at: Date; recipient_id: string; recipient_name: string; email: string | null; mail_id: string | null; opened_at: Date | null; confirmed_at: Date | null; skipped: string | null; bounced_at: Date | null; bounce_reason: string | null }>>(clubSql(clubId)`
    SELECT n.id::text AS notice_id, n.title, n.urgent, n.sent_at, n.deliver_at, r.person_id::text AS recipient_id, p.firstname || ' ' || p.lastname AS recipient_name,
           r.email, r.mail_id::text, r.opened_at, r.confirmed_at, r.skipped, r.bounced_at, r.bounce_reason
    FROM notice_recipients r JOIN notices n ON n.id = r.notice_id AND n.club_id = ${CLUB} JOIN people p ON p.id = r.person_id AND p.club_id = ${CLUB}
    WHERE r.club_id = ${CLUB} AND (r.person_id = ${person.id}::uuid OR ${person.id}::uuid = ANY(r.for_person_ids)) AND n.cancelled_at IS NULL ${coachReceipts(ctx, clubId)}
    ORDER BY COALESCE(n.sent_at, n.deliver_at) DESC, n.id, r.person_id
    LIMIT ${PERSON_NOTICES_MAX}`);
  const mailIdsByNotice = new Map<string, string[]>();
  for (const r of rows) if (r.mail_id) mailIdsByNotice.set(r.notice_id, [...(mailIdsByNotice.get(r.notice_id) ?? []), r.mail_id]);
  const states = await Promise.all([...mailIdsByNotice].map(([noticeId, mailIds]) => noticeMailStates(ctx, clubId, noticeId, mailIds)));
  const mails: MailStates = new Map(states.flatMap((m) => [...m]));
  return rows.map((r) => ({
    noticeId: r.notice_id,
    title: r.title,
    urgent: r.urgent,
    sentAt: r.sent_at ?? r.deliver_at,
    recipientName: r.recipient_name,
    forSelf: r.recipient_id === person.id,
    email: r.email,
    ...deliveryOfRecipient(r, r.sent_at !== null, mails),
    openedAt: r.opened_at,
    confirmedAt: r.confirmed_at,
  }));
}
