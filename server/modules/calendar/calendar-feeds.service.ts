// Private calendar feeds (issue 38 point 4): a group's, a person's or a family's events as an ICS file that Google Calendar,
// Apple Calendar and Outlook subscribe to. The URL carries a random token (stored as its SHA-256; shown once, when
// made); revoked, the URL answers 404. The file is written by ical-generator: one VEVENT per event with its weekly
// RRULE (not a copy per day), the days it skips (holidays, closures, cancelled days) as EXDATE, a day changed alone
// as a VEVENT with its RECURRENCE-ID; times in Europe/Rome with its VTIMEZONE (timezones-ical-library), so a Tuesday
// 18:00 training stays at 18:00 across the clock change; UIDs are the events' ids, the same at every fetch.
// Staff make group and person feeds; a family makes its own in the personal area (kind family, its target the
// account): it covers the account's family in that club as the area reaches it on the day it is fetched.
import ical from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { addDays, CLUB_TIME_ZONE, clubDate, clubInstant } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { EVENT_KIND_LABELS, minutesToTime } from '../../../schema/validation/calendar';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { calendarFeedDoor, familyClubs, familyFeedMembers } from '../../access/cross-club';
import { clubDb } from '../../access/request-db';
import type { RequestContext, Scope } from '../../context';
import type { CalendarFeed, PrismaClient } from '../../generated/prisma/client.js';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dayOf } from '../../lib/date-columns';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { loadCalendar, type EventRow } from './events.service';
import { occurrencesOf, ruleDays, skippedBecause, type Closure, type EventException } from './occurrences';

/** The feeds staff make; `family` feeds are made by the family itself. */
export const FEED_KINDS = ['group', 'person'] as const;
type FeedKind = (typeof FEED_KINDS)[number];
/** A feed reaches back this far (past events stay on the phone's calendar for a season's look back). */
const FEED_PAST_DAYS = 120;

const feedUrl = (ctx: Pick<Scope, 'deps'>, token: string) => `${ctx.deps.config.publicUrl.replace(/\/$/, '')}/calendario/${token}.ics`;

/** Makes a feed of a group or a person of the club (a coach: of their groups and athletes only, the scope decides). */
export async function createCalendarFeed(ctx: RequestContext, kind: unknown, targetId: unknown): Promise<{ feed: CalendarFeed; url: string; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  if (!FEED_KINDS.includes(kind as FeedKind)) throw new ValidationError({ kind: CAL_MSG.calendarRangeInvalid });
  const db = clubDb(ctx);
  const target = !isUuid(targetId)
    ? null
    : kind === 'group'
      ? await db.group.findFirst({ where: clubRowWhere(clubId, targetId), select: { id: true, name: true } })
      : await db.person.findFirst({ where: clubRowWhere(clubId, targetId), select: { id: true, firstname: true, lastname: true } });
  if (!target) throw new NotFoundError();
  const token = randomToken();
  return db.$transaction(async (tx) => {
    const feed = await tx.calendarFeed.create({ data: { clubId, kind: kind as FeedKind, targetId: target.id, tokenHash: hashToken(token), createdBy: accountId } });
    describeChange(tx, { action: 'create', entityType: 'club', entityId: clubId, detail: `Calendario privato (${kind === 'group' ? 'gruppo' : 'persona'}) creato` });
    return { feed, url: feedUrl(ctx, token), message: CAL_MSG.feedCreated };
  });
}

export async function calendarFeeds(ctx: RequestContext, kind: unknown, targetId: unknown): Promise<CalendarFeed[]> {
  const { clubId } = clubMember(ctx);
  if (!FEED_KINDS.includes(kind as FeedKind) || !isUuid(targetId)) return [];
  return clubDb(ctx).calendarFeed.findMany({ where: { clubId, kind: kind as string, targetId }, orderBy: { createdAt: 'desc' } });
}

export async function revokeCalendarFeed(ctx: RequestContext, id: unknown): Promise<{ message: string; id: string }> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const feed = isUuid(id) ? await tx.calendarFeed.findFirst({ where: clubRowWhere(clubId, id) }) : null;
    if (!feed) throw new NotFoundError();
    if (!feed.revokedAt) await tx.calendarFeed.update({ where: { id: feed.id }, data: { revokedAt: ctx.deps.now() } });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: 'Calendario privato revocato' });
    return { message: CAL_MSG.feedRevoked, id: feed.id };
  });
}

export interface FamilyFeed {
  feed: CalendarFeed;
  clubId: string;
  clubName: string;
}

/** The family's feeds in each of its clubs, newest first (revoked ones too: the area shows them as revoked). */
export async function myCalendarFeeds(ctx: RequestContext): Promise<FamilyFeed[]> {
  const accountId = ctx.viewer!.accountId;
  const found: FamilyFeed[] = [];
  for (const { clubId, db } of await familyClubs(ctx)) {
    const [club, feeds] = await Promise.all([
      db.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } }),
      db.calendarFeed.findMany({ where: { clubId, kind: 'family', targetId: accountId }, orderBy: { createdAt: 'desc' } }),
    ]);
    found.push(...feeds.map((feed) => ({ feed, clubId, clubName: club.fullName })));
  }
  return found;
}

/** A family's feed in one of its clubs (another club answers like an unknown id). */
export async function createMyCalendarFeed(ctx: RequestContext, clubId: unknown): Promise<{ feed: CalendarFeed; url: string; message: string }> {
  const accountId = ctx.viewer!.accountId;
  const club = (await familyClubs(ctx)).find((c) => c.clubId === clubId);
  if (!club) throw new NotFoundError();
  const token = randomToken();
  const feed = await club.db.calendarFeed.create({ data: { clubId: club.clubId, kind: 'family', targetId: accountId, tokenHash: hashToken(token), createdBy: accountId } });
  return { feed, url: feedUrl(ctx, token), message: CAL_MSG.feedCreated };
}

export async function revokeMyCalendarFeed(ctx: RequestContext, id: unknown): Promise<{ message: string; id: string }> {
  const accountId = ctx.viewer!.accountId;
  if (isUuid(id)) {
    for (const { clubId, db } of await familyClubs(ctx)) {
      const feed = await db.calendarFeed.findFirst({ where: { id, clubId, kind: 'family', targetId: accountId } });
      if (!feed) continue;
      if (!feed.revokedAt) await db.calendarFeed.update({ where: { id: feed.id }, data: { revokedAt: ctx.deps.now() } });
      return { message: CAL_MSG.feedRevoked, id: feed.id };
    }
  }
  throw new NotFoundError();
}

/** The groups a feed covers: the group, or the groups its people are in (any role), with who of them is in each. */
async function feedGroups(db: Db | PrismaClient, clubId: string, kind: string, people: string[] | null, groupId: string): Promise<Map<string, string[]>> {
  if (kind === 'group') return new Map([[groupId, []]]);
  const rows = await db.groupMember.findMany({ where: { clubId, role: { personId: { in: people ?? [] }, archivedAt: null } }, select: { groupId: true, role: { select: { personId: true } } } });
  const groups = new Map<string, string[]>();
  for (const r of rows) groups.set(r.groupId, [...new Set([...(groups.get(r.groupId) ?? []), r.role.personId])]);
  return groups;
}

const local = (date: string, minute: number) => `${date}T${minutesToTime(minute)}:00`;
const icsLocal = (date: string, minute: number) => `${date.replace(/-/g, '')}T${minutesToTime(minute).replace(':', '')}00`;

function describe(event: EventRow, forWhom: string[]): { summary: string; description: string } {
  const match = event.kind === 'partita' && event.opponent ? ` ${event.home ? 'vs' : '@'} ${event.opponent}` : '';
  const lines = [
    EVENT_KIND_LABELS[event.kind],
    forWhom.length > 0 && `Per: ${forWhom.join(', ')}`,
    `Gruppi: ${event.groups.map((g) => g.group.name).join(', ')}`,
    event.competition && `Competizione: ${event.competition}`,
    event.meetingMinute !== null && `Ritrovo: ${minutesToTime(event.meetingMinute)}${event.meetingPlace ? `, ${event.meetingPlace}` : ''}`,
    event.notes,
  ].filter(Boolean);
  return { summary: `${event.title}${match}`, description: lines.join('\n') };
}

/** The ICS text of events: each series once with its rule, its skipped days and its days changed alone. */
export function calendarIcs(
  name: string,
  events: EventRow[],
  exceptions: EventException[],
  closures: Closure[],
  venues: Map<string, string>,
  from: string,
  /** In a family's feed, whom of the family each event is for (first names). */
  forWhom: (event: EventRow) => string[] = () => [],
): string {
  const cal = ical({ name, prodId: { company: 'CampoBase', product: 'Calendario' }, timezone: { name: CLUB_TIME_ZONE, generator: (tz) => [tzlib_get_ical_block(tz)].flat()[0] } });
  for (const event of events) {
    const first = dayOf(event.startsOn)!;
    const last = dayOf(event.repeatUntil ?? event.startsOn)!;
    const { summary, description } = describe(event, forWhom(event));
    const mine = exceptions.filter((x) => x.eventId === event.id);
    const base = { id: `${event.id}@campobase`, summary, description, timezone: CLUB_TIME_ZONE, location: event.venueId ? venues.get(event.venueId) : undefined, stamp: event.updatedAt };
    let repeating: string | undefined;
    if (event.recurrence) {
      // The days the rule has but the calendar does not: holidays and closures skipped, days cancelled alone.
      const skipped = ruleDays(event, first, last).filter((d) => (event.skipClosures && skippedBecause(d, closures)) || mine.some((x) => x.cancelled && dayOf(x.occursOn) === d));
      // UNTIL is UTC when DTSTART has a zone (RFC 5545), and inclusive: the last day's start, as an instant.
      const untilText = clubInstant(last, event.startMinute).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      repeating = [`RRULE:${event.recurrence};UNTIL=${untilText}`, skipped.length ? `EXDATE;TZID=${CLUB_TIME_ZONE}:${skipped.map((d) => icsLocal(d, event.startMinute)).join(',')}` : ''].filter(Boolean).join('\n');
    }
    cal.createEvent({ ...base, start: local(first, event.startMinute), end: local(first, event.startMinute + event.durationMinutes), repeating });
    // A day changed alone: its own VEVENT, named by the day it replaces.
    for (const o of occurrencesOf(event, mine, closures, from, addDays(last, 31)).filter((o) => o.changed && event.recurrence)) {
      cal.createEvent({
        ...base,
        start: local(o.date, o.startMinute),
        end: local(o.date, o.startMinute + o.durationMinutes),
        recurrenceId: local(o.occursOn, event.startMinute),
        location: o.venueId ? venues.get(o.venueId) : undefined,
        description: [description, o.note].filter(Boolean).join('\n'),
      });
    }
  }
  return cal.toString();
}

/** GET /calendario/{token}.ics: the feed's events from FEED_PAST_DAYS ago on; null for an unknown or revoked token. */
export async function calendarFeedFile(scope: Pick<Scope, 'deps'>, token: string): Promise<{ filename: string; body: string } | null> {
  const door = /^[\w-]{20,100}$/.test(token) ? await calendarFeedDoor(scope, hashToken(token)) : null;
  if (!door) return null;
  const { feed, db } = door;
  const people = feed.kind === 'person' ? [feed.targetId] : feed.kind === 'family' ? (await familyFeedMembers(scope, feed)).map((m) => m.personId) : null;
  const groups = await feedGroups(db, feed.clubId, feed.kind, people, feed.targetId);
  const from = addDays(clubDate(scope.deps.now()), -FEED_PAST_DAYS);
  const [club, target, names] = await Promise.all([
    db.club.findUniqueOrThrow({ where: { id: feed.clubId }, select: { fullName: true } }),
    feed.kind === 'group' ? db.group.findFirst({ where: { id: feed.targetId }, select: { name: true } }) : feed.kind === 'person' ? db.person.findFirst({ where: { id: feed.targetId }, select: { firstname: true, lastname: true } }) : { family: true as const },
    feed.kind === 'family' ? db.person.findMany({ where: { id: { in: people! } }, select: { id: true, firstname: true } }) : [],
  ]);
  if (!target) return null;
  // Every event of the groups still running after `from`: far ahead too (a series is one entry whatever its length).
  const { events, exceptions, closures } = await loadCalendar(db, feed.clubId, from, addDays(from, 600), { groups: { some: { groupId: { in: [...groups.keys()] } } } });
  const venueIds = [...new Set([...events.map((e) => e.venueId), ...exceptions.map((x) => x.venueId)].filter((id): id is string => !!id))];
  const venues = new Map((await db.venue.findMany({ where: { id: { in: venueIds } }, select: { id: true, name: true, address: true } })).map((v) => [v.id, v.address ? `${v.name}, ${v.address}` : v.name]));
  const name = 'name' in target ? `${club.fullName}: ${target.name}` : 'family' in target ? `${club.fullName}: famiglia` : `${club.fullName}: ${target.firstname} ${target.lastname}`;
  const firstNames = new Map(names.map((p) => [p.id, p.firstname]));
  const forWhom = (event: EventRow) => [...new Set(event.groups.flatMap((g) => groups.get(g.groupId) ?? []))].map((id) => firstNames.get(id)).filter((n): n is string => !!n);
  return { filename: 'calendario.ics', body: calendarIcs(name, events, exceptions, closures, venues, from, forWhom) };
}
