// Group channels (issue 39 point 4): one conversation per group, between its staff and its families, read and written
// through a seat (channel-seats.ts) that gives the same access as the group. The staff moderate: a hidden message
// stays for them (with who hid it and why) and shows to the families as removed, with its text and files withheld;
// a channel can be closed to the families (only the staff write, as for announcements). Each account keeps its own
// read mark and may mute a channel's notifications (web push, channel-push.ts), which respect the club's quiet hours.
import type { Prisma } from '../../generated/prisma/client.js';
import { CHANNEL_MSG } from '../../../schema/messages-channels';
import { noticeDeliveryTime } from '../../../schema/notice-schedule';
import { CHANNEL_PAGE_SIZE, MAX_CHANNEL_ATTACHMENT_BYTES, MAX_CHANNEL_ATTACHMENTS, hideChannelMessageInput, postChannelMessageInput } from '../../../schema/validation/channels';
import { can, clubMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { isUuid, type Db } from '../../lib/club-rows';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { checkAttachments } from '../files/attachments';
import { fileUrl, storeFile, type UploadedFile } from '../files/files.service';
import { deliverSoon } from '../notices/notice-delivery.job';
import { familySeat, familySeats, staffChannelGroups, staffSeat, type ChannelSeat } from './channel-seats';

export const CHANNEL_ATTACHMENT_PURPOSE = 'channel-attachment';

export interface ChannelAttachmentView {
  fileId: string;
  filename: string;
  mimeType: string;
  size: number;
  url: string;
}

export interface ChannelMessageView {
  id: string;
  authorName: string;
  authorLabel: string;
  fromStaff: boolean;
  /** Written by the account reading. */
  mine: boolean;
  /** Empty for the families when hidden. */
  body: string;
  createdAt: Date;
  hidden: boolean;
  /** For the staff only: who hid it, when and why. */
  hiddenAt: Date | null;
  hiddenBy: string | null;
  hiddenReason: string | null;
  attachments: ChannelAttachmentView[];
}

export interface ChannelSummary {
  groupId: string;
  groupName: string;
  clubName: string;
  archived: boolean;
  /** The family's people the channel is for (personal area). */
  forNames: string[];
  unread: number;
  muted: boolean;
  lastMessage: { authorName: string; body: string; createdAt: Date; hidden: boolean } | null;
}

export interface ChannelPage {
  groupId: string;
  groupName: string;
  clubName: string;
  staff: boolean;
  mayPost: boolean;
  mayModerate: boolean;
  familiesMayPost: boolean;
  archived: boolean;
  muted: boolean;
  forNames: string[];
  /** Why the seat may not write, when it may not. */
  postingNote: string | null;
  /** The page, oldest first; `hasOlder`: older messages remain (ask with `before`: the first one's id). */
  messages: ChannelMessageView[];
  hasOlder: boolean;
  /** What the account had read before opening (messages after it are new). */
  lastReadAt: Date | null;
}

const attachmentUrl = (seat: ChannelSeat, fileId: string) => (seat.staff ? fileUrl(fileId) : `/api/area/canali/${seat.groupId}/allegati/${fileId}`);

const postingNote = (seat: ChannelSeat): string | null =>
  seat.mayPost ? null : seat.groupArchived ? CHANNEL_MSG.groupArchived : !seat.staff && !seat.familiesMayPost ? CHANNEL_MSG.familiesMayNotPost : null;

async function summaries(db: Db, clubId: string, accountId: string, staff: boolean, groups: Array<{ id: string; name: string; clubName: string; archived: boolean; forNames: string[] }>): Promise<ChannelSummary[]> {
  if (!groups.length) return [];
  const rows = await db.$queryRaw<Array<{ group_id: string; unread: number; muted: boolean; author_name: string | null; body: string | null; created_at: Date | null; hidden: boolean | null }>>(clubSql(clubId)`
    SELECT g.id::text AS group_id, s.muted_at IS NOT NULL AS muted,
      (SELECT count(*)::int FROM group_messages m
        WHERE m.club_id = ${CLUB} AND m.group_id = g.id AND (s.last_read_at IS NULL OR m.created_at > s.last_read_at)
          AND m.author_account_id IS DISTINCT FROM ${accountId}::uuid AND (${staff} OR m.hidden_at IS NULL)) AS unread,
      lm.author_name, lm.body, lm.created_at, lm.hidden_at IS NOT NULL AS hidden
    FROM unnest(${groups.map((g) => g.id)}::uuid[]) AS g(id)
    LEFT JOIN group_channel_states s ON s.club_id = ${CLUB} AND s.group_id = g.id AND s.account_id = ${accountId}::uuid
    LEFT JOIN LATERAL (
      SELECT m.author_name, m.body, m.created_at, m.hidden_at FROM group_messages m
      WHERE m.club_id = ${CLUB} AND m.group_id = g.id AND (${staff} OR m.hidden_at IS NULL)
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true`);
  const byGroup = new Map(rows.map((r) => [r.group_id, r]));
  return groups.map((g) => {
    const r = byGroup.get(g.id);
    return {
      groupId: g.id,
      groupName: g.name,
      clubName: g.clubName,
      archived: g.archived,
      forNames: g.forNames,
      unread: r?.unread ?? 0,
      muted: r?.muted ?? false,
      lastMessage: r?.created_at ? { authorName: r.author_name ?? '', body: r.body ?? '', createdAt: r.created_at, hidden: r.hidden ?? false } : null,
    };
  });
}

/** The staff's channels: every group they read, with the unread count and the last message. */
export async function staffChannels(ctx: RequestContext): Promise<ChannelSummary[]> {
  const { clubId, accountId } = clubMember(ctx);
  const groups = await staffChannelGroups(ctx);
  const club = await clubDb(ctx).club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
  return summaries(clubDb(ctx), clubId, accountId, true, groups.map((g) => ({ ...g, clubName: club.fullName, forNames: [] })));
}

/** The account's channels in the personal area (every club of its family). */
export async function myChannels(ctx: RequestContext): Promise<{ channels: ChannelSummary[]; note: string | null }> {
  const { seats, minorWaiting } = await familySeats(ctx);
  const channels: ChannelSummary[] = [];
  for (const clubId of [...new Set(seats.map((s) => s.clubId))]) {
    const ofClub = seats.filter((s) => s.clubId === clubId);
    channels.push(...(await summaries(ofClub[0].db, clubId, ofClub[0].accountId, false, ofClub.map((s) => ({ id: s.groupId, name: s.groupName, clubName: s.clubName, archived: false, forNames: s.forNames })))));
  }
  return { channels, note: minorWaiting && !seats.length ? CHANNEL_MSG.minorWithoutGuardian : null };
}

/** What a message's row includes for its view. */
const MESSAGE_INCLUDE = {
  hiddenBy: { select: { email: true, profile: { select: { firstname: true, lastname: true } } } },
  attachments: { orderBy: { position: 'asc' }, select: { file: { select: { id: true, filename: true, mimeType: true, size: true } } } },
} satisfies Prisma.GroupMessageInclude;

/** A message as `seat` sees it: the families get neither the text nor the files of a hidden one, nor who hid it. */
function toMessageView(seat: ChannelSeat, m: Prisma.GroupMessageGetPayload<{ include: typeof MESSAGE_INCLUDE }>): ChannelMessageView {
  const withheld = m.hiddenAt !== null && !seat.staff;
  const hider = m.hiddenBy ? (m.hiddenBy.profile ? `${m.hiddenBy.profile.firstname} ${m.hiddenBy.profile.lastname}`.trim() : '') || m.hiddenBy.email : null;
  return {
    id: m.id,
    authorName: m.authorName,
    authorLabel: m.authorLabel,
    fromStaff: m.fromStaff,
    mine: m.authorAccountId === seat.accountId,
    body: withheld ? '' : m.body,
    createdAt: m.createdAt,
    hidden: m.hiddenAt !== null,
    hiddenAt: seat.staff ? m.hiddenAt : null,
    hiddenBy: seat.staff ? hider : null,
    hiddenReason: seat.staff ? m.hiddenReason : null,
    attachments: withheld ? [] : m.attachments.map(({ file }) => ({ fileId: file.id, filename: file.filename, mimeType: file.mimeType, size: file.size, url: attachmentUrl(seat, file.id) })),
  };
}

/** A page of the conversation for a seat: the newest CHANNEL_PAGE_SIZE, or those before the message `before`. */
async function channelPage(seat: ChannelSeat, before: unknown): Promise<ChannelPage> {
  const { db, clubId, groupId } = seat;
  const cursor = isUuid(before) ? await db.groupMessage.findFirst({ where: { clubId, groupId, id: before }, select: { id: true, createdAt: true } }) : null;
  if (before != null && before !== '' && !cursor) throw new NotFoundError();
  const [rows, state] = await Promise.all([
    db.groupMessage.findMany({
      where: {
        clubId,
        groupId,
        ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: CHANNEL_PAGE_SIZE + 1,
      include: MESSAGE_INCLUDE,
    }),
    db.groupChannelState.findUnique({ where: { groupId_accountId: { groupId, accountId: seat.accountId } }, select: { lastReadAt: true, mutedAt: true } }),
  ]);
  const page = rows.slice(0, CHANNEL_PAGE_SIZE).reverse();
  return {
    groupId,
    groupName: seat.groupName,
    clubName: seat.clubName,
    staff: seat.staff,
    mayPost: seat.mayPost,
    mayModerate: seat.mayModerate,
    familiesMayPost: seat.familiesMayPost,
    archived: seat.groupArchived,
    muted: state?.mutedAt != null,
    forNames: seat.forNames,
    postingNote: postingNote(seat),
    hasOlder: rows.length > CHANNEL_PAGE_SIZE,
    lastReadAt: state?.lastReadAt ?? null,
    messages: page.map((m) => toMessageView(seat, m)),
  };
}

export const staffChannel = async (ctx: RequestContext, groupId: unknown, before: unknown) => channelPage(await staffSeat(ctx, groupId), before);
export const myChannel = async (ctx: RequestContext, groupId: unknown, before: unknown) => channelPage(await familySeat(ctx, groupId), before);

/** Writes a message (with its checked attachments, in one transaction); its notifications wait for the quiet hours' end. */
async function postMessage(ctx: RequestContext, seatOf: (groupId: string) => Promise<ChannelSeat>, raw: unknown, readAttachments: () => Promise<UploadedFile[]>): Promise<{ message: ChannelMessageView }> {
  const input = parseInput(postChannelMessageInput, raw);
  const seat = await seatOf(input.groupId);
  if (!seat.mayPost) throw new ForbiddenError(postingNote(seat) ?? CHANNEL_MSG.familiesMayNotPost);
  await ctx.deps.limits.consume('channelPost', { account: seat.accountId, club: seat.clubId });
  const files = await readAttachments();
  await checkAttachments(files, { max: MAX_CHANNEL_ATTACHMENTS, maxBytes: MAX_CHANNEL_ATTACHMENT_BYTES, tooMany: CHANNEL_MSG.tooManyAttachments, tooLarge: CHANNEL_MSG.attachmentsTooLarge });
  const { db, clubId, groupId } = seat;
  const now = ctx.deps.now();
  const club = await db.club.findUniqueOrThrow({ where: { id: clubId }, select: { noticeQuietStart: true, noticeQuietEnd: true } });
  const quiet = club.noticeQuietStart === null || club.noticeQuietEnd === null ? null : { start: club.noticeQuietStart, end: club.noticeQuietEnd };
  const id = await db.$transaction(async (tx) => {
    const message = await tx.groupMessage.create({
      data: {
        clubId,
        groupId,
        authorAccountId: seat.accountId,
        authorPersonId: seat.author.personId,
        authorName: seat.author.name,
        authorLabel: seat.author.label,
        fromStaff: seat.staff,
        body: input.body,
        createdAt: now,
        pushAfter: noticeDeliveryTime(now, false, quiet),
      },
      select: { id: true },
    });
    for (const [position, file] of files.entries()) {
      const stored = await storeFile(tx, { clubId, purpose: CHANNEL_ATTACHMENT_PURPOSE }, file, `attachments.${position}`);
      await tx.groupMessageAttachment.create({ data: { clubId, messageId: message.id, fileId: stored.id, position } });
    }
    // What one writes, one has read.
    await tx.groupChannelState.upsert({
      where: { groupId_accountId: { groupId, accountId: seat.accountId } },
      create: { clubId, groupId, accountId: seat.accountId, lastReadAt: now },
      update: { lastReadAt: now },
    });
    return message.id;
  });
  deliverSoon(ctx.deps);
  return { message: await messageView(seat, id) };
}

export const postStaffMessage = (ctx: RequestContext, raw: unknown, files: () => Promise<UploadedFile[]>) => postMessage(ctx, (groupId) => staffSeat(ctx, groupId), raw, files);
export const postMyMessage = (ctx: RequestContext, raw: unknown, files: () => Promise<UploadedFile[]>) => postMessage(ctx, (groupId) => familySeat(ctx, groupId), raw, files);

/** The staff seat of a message's channel, allowed to moderate it. */
async function moderatorOf(ctx: RequestContext, messageId: unknown) {
  const { clubId } = clubMember(ctx);
  const message = isUuid(messageId) ? await clubDb(ctx).groupMessage.findFirst({ where: { clubId, id: messageId }, select: { id: true, groupId: true } }) : null;
  if (!message) throw new NotFoundError();
  const seat = await staffSeat(ctx, message.groupId);
  if (!seat.mayModerate) throw new ForbiddenError(seat.groupArchived ? CHANNEL_MSG.groupArchived : CHANNEL_MSG.coachGroupsOnly);
  return { seat, message };
}

export async function hideChannelMessage(ctx: RequestContext, raw: unknown): Promise<{ message: string; hidden: ChannelMessageView }> {
  const input = parseInput(hideChannelMessageInput, raw);
  const { seat, message } = await moderatorOf(ctx, input.messageId);
  await seat.db.groupMessage.update({ where: { id: message.id }, data: { hiddenAt: ctx.deps.now(), hiddenById: seat.accountId, hiddenReason: input.reason ?? null, pushAfter: null } });
  return { message: CHANNEL_MSG.hidden, hidden: await messageView(seat, message.id) };
}

export async function restoreChannelMessage(ctx: RequestContext, messageId: unknown): Promise<{ message: string; restored: ChannelMessageView }> {
  const { seat, message } = await moderatorOf(ctx, messageId);
  await seat.db.groupMessage.update({ where: { id: message.id }, data: { hiddenAt: null, hiddenById: null, hiddenReason: null } });
  return { message: CHANNEL_MSG.restored, restored: await messageView(seat, message.id) };
}

async function messageView(seat: ChannelSeat, id: string): Promise<ChannelMessageView> {
  const m = await seat.db.groupMessage.findFirst({ where: { clubId: seat.clubId, groupId: seat.groupId, id }, include: MESSAGE_INCLUDE });
  if (!m) throw new NotFoundError();
  return toMessageView(seat, m);
}

/** Opens or closes the channel to the families' messages (the staff always write). */
export async function setChannelPosting(ctx: RequestContext, groupId: unknown, familiesMayPost: boolean): Promise<{ message: string; familiesMayPost: boolean }> {
  const seat = await staffSeat(ctx, groupId);
  if (!seat.mayModerate) throw new ForbiddenError(seat.groupArchived ? CHANNEL_MSG.groupArchived : CHANNEL_MSG.coachGroupsOnly);
  await seat.db.group.update({ where: { id: seat.groupId }, data: { channelFamiliesPost: familiesMayPost } });
  return { message: familiesMayPost ? CHANNEL_MSG.postingOpened : CHANNEL_MSG.postingClosed, familiesMayPost };
}

async function saveState(seat: ChannelSeat, change: { mutedAt?: Date | null; lastReadAt?: Date }) {
  await seat.db.groupChannelState.upsert({
    where: { groupId_accountId: { groupId: seat.groupId, accountId: seat.accountId } },
    create: { clubId: seat.clubId, groupId: seat.groupId, accountId: seat.accountId, ...change },
    update: change,
  });
}

const muteSeat = async (ctx: RequestContext, seat: ChannelSeat, muted: boolean) => {
  await saveState(seat, { mutedAt: muted ? ctx.deps.now() : null });
  return { message: muted ? CHANNEL_MSG.muted : CHANNEL_MSG.unmuted, muted };
};
export const muteStaffChannel = async (ctx: RequestContext, groupId: unknown, muted: boolean) => muteSeat(ctx, await staffSeat(ctx, groupId), muted);
export const muteMyChannel = async (ctx: RequestContext, groupId: unknown, muted: boolean) => muteSeat(ctx, await familySeat(ctx, groupId), muted);

/** Marks the channel read up to now (the screen calls it when the newest messages are shown). */
const readSeat = async (ctx: RequestContext, seat: ChannelSeat) => {
  await saveState(seat, { lastReadAt: ctx.deps.now() });
  return true;
};
export const markStaffChannelRead = async (ctx: RequestContext, groupId: unknown) => readSeat(ctx, await staffSeat(ctx, groupId));
export const markMyChannelRead = async (ctx: RequestContext, groupId: unknown) => readSeat(ctx, await familySeat(ctx, groupId));

/** A file of a visible message of one of the family's channels (personal area); anything else NotFound. */
export async function myChannelAttachment(ctx: RequestContext, groupId: unknown, fileId: unknown) {
  const seat = await familySeat(ctx, groupId);
  const row = isUuid(fileId)
    ? await seat.db.groupMessageAttachment.findFirst({
        where: { clubId: seat.clubId, fileId, message: { groupId: seat.groupId, hiddenAt: null } },
        select: { file: { select: { filename: true, mimeType: true, content: true } } },
      })
    : null;
  if (!row) throw new NotFoundError();
  return { filename: row.file.filename, contentType: row.file.mimeType, body: Buffer.from(row.file.content) };
}

/** For /files/<id>: a channel's file opens for the staff who read that channel (a coach: their groups only). */
export async function refuseUnlessChannelReader(ctx: RequestContext, fileId: string): Promise<void> {
  const member = clubMember(ctx);
  const holder = await clubDb(ctx).groupMessageAttachment.findFirst({ where: { clubId: member.clubId, fileId }, select: { message: { select: { groupId: true } } } });
  if (!holder || !can(member, 'channels.read')) throw new NotFoundError();
  await staffSeat(ctx, holder.message.groupId).catch(() => {
    throw new NotFoundError();
  });
}
