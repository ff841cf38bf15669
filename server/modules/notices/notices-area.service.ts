// Notices in the personal area (issue 39 point 2): what the signed-in account received, in every club of its family
// (the account's own person in each club is the recipient: an adult for themselves, a guardian for their children),
// including what was never mailed (no address). Opening one here is recorded as from the mail's link; an urgent one
// is confirmed here as well. Reached through access/cross-club.ts familyClubs: another account's recipient rows, or
// another club's, are unknown.
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { familyClubs } from '../../access/cross-club';
import type { RequestContext } from '../../context';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { attachmentsByNotice, noticeAttachmentFile, type NoticeAttachmentView } from './notice-attachments.service';

/** The most recent notices shown in the area, across clubs. */
const AREA_NOTICES_MAX = 100;

export interface MyNotice {
  recipientId: string;
  clubName: string;
  title: string;
  body: string;
  urgent: boolean;
  sentAt: Date;
  /** The people of the family it is about (the recipient themselves, or their children). */
  forNames: string;
  openedAt: Date | null;
  confirmedAt: Date | null;
  /** Downloaded with the session: /api/area/avvisi/<recipient>/allegati/<file>. */
  attachments: Array<NoticeAttachmentView & { url: string }>;
}

const recipientInclude = {
  notice: { select: { title: true, body: true, urgent: true, sentAt: true, deliverAt: true, club: { select: { fullName: true } } } },
} as const;

type RecipientWithNotice = { id: string; clubId: string; noticeId: string; forPersonIds: string[]; openedAt: Date | null; confirmedAt: Date | null } & {
  notice: { title: string; body: string; urgent: boolean; sentAt: Date | null; deliverAt: Date; club: { fullName: string } };
};

async function viewsOf(db: PrismaClient, clubId: string, rows: RecipientWithNotice[]): Promise<MyNotice[]> {
  const ids = [...new Set(rows.flatMap((r) => r.forPersonIds))];
  const [people, attachments] = await Promise.all([
    db.person.findMany({ where: { clubId, id: { in: ids } }, select: { id: true, firstname: true, lastname: true } }),
    attachmentsByNotice(db, clubId, [...new Set(rows.map((r) => r.noticeId))]),
  ]);
  const names = new Map(people.map((p) => [p.id, `${p.firstname} ${p.lastname}`]));
  return rows.map((r) => ({
    recipientId: r.id,
    clubName: r.notice.club.fullName,
    title: r.notice.title,
    body: r.notice.body,
    urgent: r.notice.urgent,
    sentAt: r.notice.sentAt ?? r.notice.deliverAt,
    forNames: r.forPersonIds.map((id) => names.get(id) ?? '').filter(Boolean).sort((a, b) => a.localeCompare(b, 'it')).join(', '),
    openedAt: r.openedAt,
    confirmedAt: r.confirmedAt,
    attachments: (attachments.get(r.noticeId) ?? []).map((a) => ({ ...a, url: `/api/area/avvisi/${r.id}/allegati/${a.fileId}` })),
  }));
}

/** The notices the account received (its own person in each club), newest first, sent ones only. */
export async function myNotices(ctx: RequestContext): Promise<MyNotice[]> {
  const all: MyNotice[] = [];
  for (const { clubId, members, db } of await familyClubs(ctx)) {
    const own = [...new Set(members.map((m) => m.actingPersonId))];
    const rows = await db.noticeRecipient.findMany({
      where: { clubId, personId: { in: own }, notice: { sentAt: { not: null }, cancelledAt: null } },
      include: recipientInclude,
      orderBy: [{ notice: { sentAt: 'desc' } }, { id: 'desc' }],
      take: AREA_NOTICES_MAX,
    });
    all.push(...(await viewsOf(db, clubId, rows)));
  }
  return all.sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime()).slice(0, AREA_NOTICES_MAX);
}

/** One received notice of the account's, with its club's client; NotFound for anyone else's. */
async function ownRecipient(ctx: RequestContext, recipientId: unknown) {
  if (!isUuid(recipientId)) throw new NotFoundError();
  for (const { clubId, members, db } of await familyClubs(ctx)) {
    const own = [...new Set(members.map((m) => m.actingPersonId))];
    const row = await db.noticeRecipient.findFirst({
      where: { clubId, id: recipientId, personId: { in: own }, notice: { sentAt: { not: null }, cancelledAt: null } },
      include: recipientInclude,
    });
    if (row) return { row, db, clubId };
  }
  throw new NotFoundError();
}

/** An attachment of a notice the account received; NotFound for anyone else's. */
export async function myNoticeAttachment(ctx: RequestContext, recipientId: unknown, fileId: unknown) {
  const { row, db, clubId } = await ownRecipient(ctx, recipientId);
  return noticeAttachmentFile(db, clubId, row.noticeId, fileId);
}

/** Opens a received notice in the area: the first opening is recorded, as from the mail's link. */
export async function openMyNotice(ctx: RequestContext, recipientId: unknown): Promise<MyNotice> {
  const { row, db, clubId } = await ownRecipient(ctx, recipientId);
  const openedAt = row.openedAt ?? ctx.deps.now();
  if (!row.openedAt) await db.noticeRecipient.updateMany({ where: { id: row.id, clubId, openedAt: null }, data: { openedAt } });
  return (await viewsOf(db, clubId, [{ ...row, openedAt }]))[0];
}

/** Confirms the reading of an urgent notice from the area (once; again says so). */
export async function confirmMyNotice(ctx: RequestContext, recipientId: unknown): Promise<{ message: string; notice: MyNotice }> {
  const { row, db, clubId } = await ownRecipient(ctx, recipientId);
  if (!row.notice.urgent) throw new ValidationError({ recipientId: NOTICE_MSG.notUrgent }, NOTICE_MSG.notUrgent);
  if (row.confirmedAt) return { message: NOTICE_MSG.alreadyConfirmed, notice: (await viewsOf(db, clubId, [row]))[0] };
  const now = ctx.deps.now();
  await db.noticeRecipient.updateMany({ where: { id: row.id, clubId, confirmedAt: null }, data: { confirmedAt: now, openedAt: row.openedAt ?? now } });
  return { message: NOTICE_MSG.confirmed, notice: (await viewsOf(db, clubId, [{ ...row, confirmedAt: now, openedAt: row.openedAt ?? now }]))[0] };
}
