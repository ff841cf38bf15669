// Events (issue 38 point 1): trainings that repeat weekly, matches and other events, of one or more groups, at a
// venue. Saving checks the venue: a venue taken at the same time by another event is flagged (a dry run lists the
// clashes; saving with clashes needs the caller's confirmation). One occurrence can be changed or cancelled alone,
// or the series from a day on (the series is split there). A coach (role allenatore) manages the events of the
// groups they coach only; reading the calendar is club-wide.
import { addDays, clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { calendarRangeInput, minutesToTime, occurrenceChangeInput, saveEventInput, type SaveEventInput } from '../../../schema/validation/calendar';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { changeText, groupsParameter, mailEventNotices, noticeEventChange, type EventNotice } from './calendar-notices';
import { refuseUnlessCoachOf } from './calendar.policy';
import { occurrencesOf, overlaps, ruleDays, weeklyRule, type Occurrence } from './occurrences';

export const EVENT_INCLUDE = {
  groups: { include: { group: { select: { id: true, name: true } } } },
  venue: { select: { id: true, name: true } },
} as const;
export type EventRow = Prisma.CalendarEventGetPayload<{ include: typeof EVENT_INCLUDE }>;

export interface VenueClash {
  date: string;
  time: string;
  eventId: string;
  title: string;
}

const eventColumns = (input: SaveEventInput) => ({
  kind: input.kind,
  title: input.title,
  venueId: input.venueId ?? null,
  startsOn: dateColumn(input.startsOn),
  startMinute: input.startTime,
  durationMinutes: input.durationMinutes,
  recurrence: input.repeat ? weeklyRule(input.repeat.weekdays, input.repeat.intervalWeeks) : null,
  repeatUntil: input.repeat ? dateColumn(input.repeat.until) : null,
  skipClosures: input.skipClosures,
  opponent: input.kind === 'partita' ? (input.opponent ?? null) : null,
  home: input.kind === 'partita' ? (input.home ?? null) : null,
  competition: input.kind === 'partita' ? (input.competition ?? null) : null,
  cardBody: input.cardBody ?? null,
  meetingMinute: input.meetingTime ?? null,
  meetingPlace: input.meetingPlace ?? null,
  notes: input.notes ?? null,
});

const lastDay = (e: { startsOn: Date; repeatUntil: Date | null; recurrence: string | null }) => dayOf(e.recurrence && e.repeatUntil ? e.repeatUntil : e.startsOn)!;

/** Everything the expansion needs for the club's events between two days: the events, their exceptions, the closures. */
export async function loadCalendar(db: Db, clubId: string, from: string, to: string, where: Prisma.CalendarEventWhereInput = {}) {
  const margin = { from: addDays(from, -31), to: addDays(to, 31) };
  const range = { gte: dateColumn(from), lte: dateColumn(to) };
  const events = await db.calendarEvent.findMany({
    where: {
      clubId,
      cancelledAt: null,
      // A series running in the range, a one-off day in it, or any event with a day moved into it.
      AND: [
        {
          OR: [
            { recurrence: { not: null }, startsOn: { lte: dateColumn(to) }, repeatUntil: { gte: dateColumn(from) } },
            { recurrence: null, startsOn: range },
            { exceptions: { some: { startsOn: range } } },
          ],
        },
        where,
      ],
    },
    include: EVENT_INCLUDE,
    orderBy: [{ startsOn: 'asc' }, { id: 'asc' }],
  });
  const [exceptions, closures] = await Promise.all([
    events.length ? db.calendarEventException.findMany({ where: { clubId, eventId: { in: events.map((e) => e.id) } } }) : [],
    db.clubClosure.findMany({ where: { clubId, startsOn: { lte: dateColumn(margin.to) }, endsOn: { gte: dateColumn(margin.from) } } }),
  ]);
  return { events, exceptions, closures };
}

/** Another event's occurrences at the same venue and time as `candidate`'s, over its whole span. */
async function venueClashes(db: Db, clubId: string, candidate: { id: string | null; startsOn: Date; repeatUntil: Date | null; recurrence: string | null; venueId: string | null } & Omit<Parameters<typeof occurrencesOf>[0], 'id' | 'cancelledAt'>, exceptions: Parameters<typeof occurrencesOf>[1] = []): Promise<VenueClash[]> {
  if (!candidate.venueId) return [];
  const from = dayOf(candidate.startsOn)!;
  const to = lastDay(candidate);
  const others = await loadCalendar(db, clubId, from, to, {
    OR: [{ venueId: candidate.venueId }, { exceptions: { some: { venueId: candidate.venueId } } }],
    ...(candidate.id ? { id: { not: candidate.id } } : {}),
  });
  const mine = occurrencesOf({ ...candidate, id: candidate.id ?? 'new', cancelledAt: null }, exceptions, others.closures, from, to);
  const byDate = new Map<string, Array<{ occurrence: Occurrence; title: string }>>();
  for (const event of others.events) {
    for (const occurrence of occurrencesOf(event, others.exceptions, others.closures, from, to)) {
      byDate.set(occurrence.date, [...(byDate.get(occurrence.date) ?? []), { occurrence, title: event.title }]);
    }
  }
  const clashes: VenueClash[] = [];
  for (const o of mine) {
    for (const other of byDate.get(o.date) ?? []) {
      if (overlaps(o, other.occurrence)) clashes.push({ date: o.date, time: `${minutesToTime(other.occurrence.startMinute)}-${minutesToTime(other.occurrence.startMinute + other.occurrence.durationMinutes)}`, eventId: other.occurrence.eventId, title: other.title });
    }
  }
  return clashes.slice(0, 100);
}

async function checkReferences(tx: Db, clubId: string, input: { groupIds?: readonly string[]; venueId?: string | null }) {
  if (input.groupIds) {
    const found = await tx.group.count({ where: { clubId, id: { in: [...input.groupIds] } } });
    if (found !== new Set(input.groupIds).size) throw new ValidationError({ groupIds: CAL_MSG.eventGroupsRequired }, CAL_MSG.eventGroupsRequired);
  }
  if (input.venueId && !(await tx.venue.findFirst({ where: { ...clubRowWhere(clubId, input.venueId), archivedAt: null }, select: { id: true } }))) throw new NotFoundError();
}

export interface SavedEvent {
  event: EventRow | null;
  clashes: VenueClash[];
  message: string;
  dryRun: boolean;
}

/**
 * Creates or changes an event (a change of a series reaches all its days; its one-day changes stay). `dryRun`: the
 * venue's clashes, nothing written; otherwise clashes refuse the save unless `allowVenueClashes`.
 */
export async function saveEvent(ctx: RequestContext, raw: unknown, options: { dryRun?: boolean; allowVenueClashes?: boolean } = {}): Promise<SavedEvent> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(saveEventInput, raw);
  refuseUnlessCoachOf(ctx, input.groupIds);
  return clubDb(ctx).$transaction(async (tx) => {
    const existing = input.id ? await tx.calendarEvent.findFirst({ where: clubRowWhere(clubId, input.id), include: { groups: true, exceptions: true } }) : null;
    if (input.id && !existing) throw new NotFoundError();
    if (existing) refuseUnlessCoachOf(ctx, existing.groups.map((g) => g.groupId));
    await checkReferences(tx, clubId, input);
    const columns = eventColumns(input);
    const clashes = await venueClashes(tx, clubId, { id: existing?.id ?? null, ...columns }, existing?.exceptions ?? []);
    if (options.dryRun) return { event: null, clashes, message: clashes.length ? CAL_MSG.venueBusy(clashes.length) : CAL_MSG.eventSaved, dryRun: true };
    if (clashes.length && !options.allowVenueClashes) throw new ConflictError(CAL_MSG.venueBusy(clashes.length), { venueId: CAL_MSG.venueBusy(clashes.length) });
    const saved = existing
      ? await tx.calendarEvent.update({ where: { id: existing.id }, data: columns })
      : await tx.calendarEvent.create({ data: { clubId, createdBy: accountId, ...columns } });
    await tx.calendarEventGroup.deleteMany({ where: { eventId: saved.id } });
    await tx.calendarEventGroup.createMany({ data: input.groupIds.map((groupId) => ({ clubId, eventId: saved.id, groupId })) });
    describeChange(tx, { action: existing ? 'update' : 'create', entityType: 'club', entityId: clubId, detail: `Evento «${saved.title}» ${existing ? 'modificato' : 'creato'}` });
    const event = await tx.calendarEvent.findUniqueOrThrow({ where: { id: saved.id }, include: EVENT_INCLUDE });
    return { event, clashes, message: CAL_MSG.eventSaved, dryRun: false };
  });
}

async function findEvent(tx: Db, ctx: RequestContext, clubId: string, id: unknown) {
  const event = isUuid(id) ? await tx.calendarEvent.findFirst({ where: clubRowWhere(clubId, id), include: { ...EVENT_INCLUDE, exceptions: true } }) : null;
  if (!event) throw new NotFoundError();
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  return event;
}

/** Cancels a whole event (kept, marked). */
export async function cancelEvent(ctx: RequestContext, id: unknown): Promise<{ message: string; eventId: string }> {
  const { clubId } = clubMember(ctx);
  const { result, notices } = await clubDb(ctx).$transaction(async (tx) => {
    const event = await findEvent(tx, ctx, clubId, id);
    if (event.cancelledAt) throw new ConflictError(CAL_MSG.eventAlreadyCancelled);
    await tx.calendarEvent.update({ where: { id: event.id }, data: { cancelledAt: ctx.deps.now() } });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Evento «${event.title}» annullato` });
    // Told only while a day of it is still ahead.
    const today = clubDate(ctx.deps.now());
    const ahead = lastDay(event) >= today ? ruleDays(event, today, lastDay(event))[0] : undefined;
    const notices = ahead ? await noticeEventChange(tx, clubId, event.id, groupsParameter(ctx, event.groups.map((g) => g.groupId)), changeText(event, ahead, event.startMinute, { from: true, ended: true }), ctx.deps.now()) : [];
    return { result: { message: CAL_MSG.eventCancelled, eventId: event.id }, notices };
  });
  await mailEventNotices(ctx, notices);
  return result;
}

/** One day of a series (or a one-off event's day) changed or cancelled. */
export async function changeOccurrence(ctx: RequestContext, raw: unknown, options: { allowVenueClashes?: boolean } = {}): Promise<{ message: string; eventId: string; clashes: VenueClash[] }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(occurrenceChangeInput, raw);
  const result = await clubDb(ctx).$transaction(async (tx) => {
    const event = await findEvent(tx, ctx, clubId, input.eventId);
    if (event.cancelledAt) throw new ConflictError(CAL_MSG.eventAlreadyCancelled);
    if (!ruleDays(event, input.occursOn, input.occursOn).length) throw new ValidationError({ occursOn: CAL_MSG.occurrenceNotFound }, CAL_MSG.occurrenceNotFound);
    await checkReferences(tx, clubId, { venueId: input.venueId });
    const data = {
      cancelled: input.cancel,
      startsOn: input.startsOn ? dateColumn(input.startsOn) : null,
      startMinute: input.startTime ?? null,
      durationMinutes: input.durationMinutes ?? null,
      venueId: input.venueId ?? null,
      note: input.note ?? null,
    };
    let clashes: VenueClash[] = [];
    if (!input.cancel && (data.venueId ?? event.venueId)) {
      const day = input.startsOn ?? input.occursOn;
      clashes = await venueClashes(tx, clubId, {
        id: event.id,
        startsOn: dateColumn(day),
        repeatUntil: null,
        recurrence: null,
        skipClosures: false,
        venueId: data.venueId ?? event.venueId,
        startMinute: data.startMinute ?? event.startMinute,
        durationMinutes: data.durationMinutes ?? event.durationMinutes,
      });
      if (clashes.length && !options.allowVenueClashes) throw new ConflictError(CAL_MSG.venueBusy(clashes.length), { venueId: CAL_MSG.venueBusy(clashes.length) });
    }
    const before = event.exceptions.find((x) => dayOf(x.occursOn) === input.occursOn);
    await tx.calendarEventException.upsert({
      where: { eventId_occursOn: { eventId: event.id, occursOn: dateColumn(input.occursOn) } },
      create: { clubId, eventId: event.id, occursOn: dateColumn(input.occursOn), ...data },
      update: data,
    });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Evento «${event.title}» del ${input.occursOn} ${input.cancel ? 'annullato' : 'modificato'}` });
    // Who is concerned hears of it while the day (as it was, or as it is now) is still ahead.
    const wasOn = before?.startsOn ? dayOf(before.startsOn)! : input.occursOn;
    const nowOn = input.startsOn ?? input.occursOn;
    const today = clubDate(ctx.deps.now());
    let notices: EventNotice[] = [];
    if (wasOn >= today || nowOn >= today) {
      const venue = data.venueId ? (await tx.venue.findFirst({ where: { clubId, id: data.venueId }, select: { name: true } }))?.name : null;
      const text = changeText(event, wasOn, before?.startMinute ?? event.startMinute, input.cancel ? { cancelled: true } : { cancelled: false, date: nowOn, startMinute: data.startMinute ?? event.startMinute, venue }, input.note);
      notices = await noticeEventChange(tx, clubId, event.id, groupsParameter(ctx, event.groups.map((g) => g.groupId)), text, ctx.deps.now());
    }
    return { message: input.cancel ? CAL_MSG.occurrenceCancelled : CAL_MSG.occurrenceChanged, eventId: event.id, clashes, notices };
  });
  await mailEventNotices(ctx, result.notices);
  const { notices: _sent, ...answer } = result;
  return answer;
}

/**
 * A series from a day on: cancelled (the series ends the day before), or changed (the series ends the day before and
 * a new one, with the changes, starts on that day; the one-day changes from then on stay with the old days).
 */
export async function changeFollowing(ctx: RequestContext, eventId: unknown, fromDay: unknown, raw: unknown, options: { allowVenueClashes?: boolean } = {}): Promise<SavedEvent> {
  const { clubId, accountId } = clubMember(ctx);
  const { occursOn } = parseInput(occurrenceChangeInput.pick({ eventId: true, occursOn: true }), { eventId, occursOn: fromDay });
  const input = raw === null ? null : parseInput(saveEventInput, raw);
  if (input) refuseUnlessCoachOf(ctx, input.groupIds);
  const result = await clubDb(ctx).$transaction(async (tx) => {
    const event = await findEvent(tx, ctx, clubId, eventId);
    if (event.cancelledAt) throw new ConflictError(CAL_MSG.eventAlreadyCancelled);
    if (!event.recurrence) throw new ConflictError(CAL_MSG.eventNotRepeating);
    if (!ruleDays(event, occursOn, occursOn).length) throw new ValidationError({ occursOn: CAL_MSG.occurrenceNotFound }, CAL_MSG.occurrenceNotFound);
    const endsOn = addDays(occursOn, -1);
    const stillHasDays = ruleDays(event, dayOf(event.startsOn)!, endsOn).length > 0;
    let created: EventRow | null = null;
    let clashes: VenueClash[] = [];
    if (input) {
      await checkReferences(tx, clubId, input);
      const columns = eventColumns({ ...input, startsOn: input.startsOn < occursOn ? occursOn : input.startsOn });
      clashes = await venueClashes(tx, clubId, { id: event.id, ...columns });
      if (clashes.length && !options.allowVenueClashes) throw new ConflictError(CAL_MSG.venueBusy(clashes.length), { venueId: CAL_MSG.venueBusy(clashes.length) });
      const saved = await tx.calendarEvent.create({ data: { clubId, createdBy: accountId, ...columns } });
      await tx.calendarEventGroup.createMany({ data: input.groupIds.map((groupId) => ({ clubId, eventId: saved.id, groupId })) });
      created = await tx.calendarEvent.findUniqueOrThrow({ where: { id: saved.id }, include: EVENT_INCLUDE });
    }
    await tx.calendarEvent.update({ where: { id: event.id }, data: stillHasDays ? { repeatUntil: dateColumn(endsOn) } : { cancelledAt: ctx.deps.now() } });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Evento «${event.title}» ${input ? 'modificato' : 'annullato'} dal ${occursOn}` });
    const notices = lastDay(event) >= clubDate(ctx.deps.now()) ? await noticeEventChange(tx, clubId, event.id, groupsParameter(ctx, event.groups.map((g) => g.groupId)), changeText(event, occursOn, event.startMinute, { from: true, ended: !input }), ctx.deps.now()) : [];
    return { event: created, clashes, message: input ? CAL_MSG.followingChanged : CAL_MSG.followingCancelled, dryRun: false, notices };
  });
  await mailEventNotices(ctx, result.notices);
  const { notices: _sent, ...answer } = result;
  return answer;
}

export interface CalendarItem {
  event: EventRow;
  occurrence: Occurrence;
}

/** The club's calendar between two days (at most 93), optionally of some groups or one venue: each occurrence. */
export async function clubCalendar(ctx: RequestContext, args: { from: unknown; to: unknown; groupIds?: readonly string[] | null; venueId?: string | null }): Promise<CalendarItem[]> {
  const { clubId } = clubMember(ctx);
  const { from, to } = parseInput(calendarRangeInput, { from: args.from, to: args.to });
  const db = clubDb(ctx);
  // A filter naming a group or venue the club does not have answers like an unknown id, not with an empty calendar.
  const groupIds = [...new Set(args.groupIds ?? [])];
  if (groupIds.length && (!groupIds.every(isUuid) || (await db.group.count({ where: { clubId, id: { in: groupIds } } })) !== groupIds.length)) throw new NotFoundError();
  const venueId = args.venueId ?? null;
  if (venueId && (!isUuid(venueId) || !(await db.venue.findFirst({ where: clubRowWhere(clubId, venueId), select: { id: true } })))) throw new NotFoundError();
  const where: Prisma.CalendarEventWhereInput = groupIds.length ? { groups: { some: { groupId: { in: groupIds } } } } : {};
  const { events, exceptions, closures } = await loadCalendar(db, clubId, from, to, where);
  const items = events.flatMap((event) => occurrencesOf(event, exceptions, closures, from, to).map((occurrence) => ({ event, occurrence })));
  return items.filter((i) => !venueId || i.occurrence.venueId === venueId).sort((a, b) => a.occurrence.startsAt.getTime() - b.occurrence.startsAt.getTime());
}
