// Attendance (issue 38 point 3): the coach takes it on a phone for a day of an event (everyone present unless tapped
// absent, with a reason), possibly offline: the phone keeps the sheet and sends it when back, with an id it made
// when the attendance was taken (`submissionId`) and the time it was taken. A sheet is stored once whatever the times
// it is sent, replaces the day's earlier one whole, and never loses to an older one arriving late: nothing is counted
// twice. Statistics per athlete, group and period (rate, sessions, month by month) and their export.
import { addDays, clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { attendanceInput, attendanceRangeInput } from '../../../schema/validation/calendar';
import { logExport } from '../../access/access-log';
import { authorize, authorizeMember, clubMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { isUniqueViolation } from '../../db/sql-state';
import { Prisma } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { dateColumn } from '../../lib/date-columns';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { EXPORT_FORMATS, exportWriter, type ExportFormat } from '../exports/export-file';
import { EXPORT_MSG } from '../exports/export-list.service';
import { EVENT_INCLUDE, type EventRow } from './events.service';
import { refuseUnlessCoachOf } from './calendar.policy';
import { occurrencesOf } from './occurrences';

export interface RosterRow {
  personId: string;
  name: string;
  present: boolean | null;
  reason: string | null;
}

/** The event (not cancelled) whose day `occursOn` is in the calendar (not cancelled either). */
async function eventOn(db: Db, clubId: string, eventId: unknown, occursOn: string): Promise<EventRow> {
  const event = isUuid(eventId) ? await db.calendarEvent.findFirst({ where: { clubId, id: eventId, cancelledAt: null }, include: EVENT_INCLUDE }) : null;
  if (!event) throw new NotFoundError();
  const [exceptions, closures] = await Promise.all([db.calendarEventException.findMany({ where: { clubId, eventId: event.id } }), db.clubClosure.findMany({ where: { clubId } })]);
  if (!occurrencesOf(event, exceptions, closures, addDays(occursOn, -31), addDays(occursOn, 31)).some((o) => o.occursOn === occursOn && !o.cancelled)) {
    throw new ValidationError({ occursOn: CAL_MSG.occurrenceNotFound }, CAL_MSG.occurrenceNotFound);
  }
  return event;
}

/** The active athletes of the event's groups, by name. */
async function roster(db: Db, clubId: string, event: EventRow) {
  const roles = await db.personRole.findMany({
    where: { clubId, kind: 'athlete', archivedAt: null, groups: { some: { groupId: { in: event.groups.map((g) => g.groupId) } } } },
    select: { personId: true, person: { select: { firstname: true, lastname: true } } },
    orderBy: [{ person: { lastname: 'asc' } }, { person: { firstname: 'asc' } }],
  });
  return [...new Map(roles.map((r) => [r.personId, { personId: r.personId, name: `${r.person.firstname} ${r.person.lastname}` }])).values()];
}

/** A day's roster with the marks taken, if any (the phone keeps it for the gym). */
export async function attendanceSheet(ctx: RequestContext, eventId: unknown, occursOn: unknown): Promise<{ takenAt: Date | null; rows: RosterRow[] }> {
  const { clubId } = clubMember(ctx);
  const { occursOn: day } = parseInput(attendanceInput.pick({ occursOn: true }), { occursOn });
  const db = clubDb(ctx);
  const event = await eventOn(db, clubId, eventId, day);
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  const [people, sheet] = await Promise.all([roster(db, clubId, event), db.attendanceSheet.findUnique({ where: { eventId_occursOn: { eventId: event.id, occursOn: dateColumn(day) } }, include: { marks: true } })]);
  const marks = new Map((sheet?.marks ?? []).map((m) => [m.personId, m]));
  return { takenAt: sheet?.takenAt ?? null, rows: people.map((p) => ({ ...p, present: marks.get(p.personId)?.present ?? null, reason: marks.get(p.personId)?.reason ?? null })) };
}

export interface RecordedAttendance {
  message: string;
  /** The sheet was stored by this call (false: the same submission again, or an older one). */
  stored: boolean;
  present: number;
  total: number;
}

/** Stores a day's sheet sent by the phone: once, replacing the day's earlier one whole, never an older one. */
export async function recordAttendance(ctx: RequestContext, raw: unknown): Promise<RecordedAttendance> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(attendanceInput, raw);
  if (input.occursOn > clubDate(ctx.deps.now())) throw new ValidationError({ occursOn: CAL_MSG.attendanceNotYet }, CAL_MSG.attendanceNotYet);
  const db = clubDb(ctx);
  const event = await eventOn(db, clubId, input.eventId, input.occursOn);
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  const allowed = new Set((await roster(db, clubId, event)).map((p) => p.personId));
  const marks = [...new Map(input.marks.map((m) => [m.personId, m])).values()];
  if (marks.some((m) => !allowed.has(m.personId))) throw new ValidationError({ marks: CAL_MSG.attendanceNotAthlete }, CAL_MSG.attendanceNotAthlete);
  const takenAt = new Date(input.takenAt);
  const present = marks.filter((m) => m.present).length;
  const store = () =>
    db.$transaction(async (tx) => {
      const existing = await tx.attendanceSheet.findUnique({ where: { eventId_occursOn: { eventId: event.id, occursOn: dateColumn(input.occursOn) } } });
      if (existing?.submissionId === input.submissionId) return { message: CAL_MSG.attendanceAlreadySaved, stored: false, present, total: marks.length };
      if (existing && existing.takenAt > takenAt) return { message: CAL_MSG.attendanceOlder, stored: false, present, total: marks.length };
      const sheet = existing
        ? await tx.attendanceSheet.update({ where: { id: existing.id }, data: { submissionId: input.submissionId, takenAt, recordedBy: accountId } })
        : await tx.attendanceSheet.create({ data: { clubId, eventId: event.id, occursOn: dateColumn(input.occursOn), submissionId: input.submissionId, takenAt, recordedBy: accountId } });
      await tx.attendanceMark.deleteMany({ where: { sheetId: sheet.id } });
      await tx.attendanceMark.createMany({ data: marks.map((m) => ({ sheetId: sheet.id, clubId, personId: m.personId, present: m.present, reason: m.present ? null : (m.reason ?? null) })) });
      return { message: CAL_MSG.attendanceSaved(present, marks.length), stored: true, present, total: marks.length };
    });
  try {
    return await store();
  } catch (e) {
    // The same day's first sheet sent twice at once: the loser finds the winner's and answers as a repeat.
    if (isUniqueViolation(e)) return store();
    throw e;
  }
}

export interface AttendanceStats {
  from: string;
  to: string;
  people: Array<{ personId: string; name: string; sessions: number; present: number; rate: number | null }>;
  months: Array<{ month: string; sessions: number; present: number; rate: number | null }>;
  sessions: number;
  present: number;
  rate: number | null;
}

const rate = (present: number, sessions: number) => (sessions ? Math.round((present / sessions) * 1000) / 10 : null);

/**
 * Attendance between two days (at most 400), of a group or one athlete or the whole club: per athlete and per month,
 * sessions (marks), present, and the rate in percent. A coach: their groups' athletes only.
 */
export async function attendanceStats(ctx: RequestContext, args: { from: unknown; to: unknown; groupId?: unknown; personId?: unknown }): Promise<AttendanceStats> {
  const { clubId } = clubMember(ctx);
  const { from, to } = parseInput(attendanceRangeInput, { from: args.from, to: args.to });
  const db = clubDb(ctx);
  const coach = athleteGroupsOf(ctx);
  const groupId = args.groupId ?? null;
  if (groupId !== null && (!isUuid(groupId) || !(await db.group.findFirst({ where: { clubId, id: groupId }, select: { id: true } })))) throw new NotFoundError();
  if (groupId && coach && !coach.groupIds.includes(groupId)) throw new ForbiddenError(CAL_MSG.coachGroupsOnly);
  const personId = args.personId ?? null;
  if (personId !== null && (!isUuid(personId) || !(await db.person.findFirst({ where: { clubId, id: personId }, select: { id: true } })))) throw new NotFoundError();
  // A coach reads the sheets of their groups' events only.
  const groups = groupId ? [groupId] : coach ? [...coach.groupIds] : null;
  const rows = await db.$queryRaw<Array<{ person_id: string; month: string; sessions: number; present: number }>>(clubSql(clubId)`
    SELECT m.person_id::text, to_char(s.occurs_on, 'YYYY-MM') AS month, count(*)::int AS sessions, (count(*) FILTER (WHERE m.present))::int AS present
    FROM attendance_marks m JOIN attendance_sheets s ON s.id = m.sheet_id
    WHERE m.club_id = ${CLUB} AND s.occurs_on BETWEEN ${from}::date AND ${to}::date
      ${groups ? Prisma.sql`AND s.event_id IN (SELECT eg.event_id FROM calendar_event_groups eg WHERE eg.group_id = ANY(${groups}::uuid[]))` : Prisma.empty}
      ${personId ? Prisma.sql`AND m.person_id = ${personId}::uuid` : Prisma.empty}
    GROUP BY 1, 2`);
  // Names through the scope: a coach sees their groups' athletes only, and the rows of others are left out.
  const people = new Map((await db.person.findMany({ where: { clubId, id: { in: [...new Set(rows.map((r) => r.person_id))] } }, select: { id: true, firstname: true, lastname: true } })).map((p) => [p.id, `${p.lastname} ${p.firstname}`]));
  const visible = rows.filter((r) => people.has(r.person_id));
  const byPerson = new Map<string, { sessions: number; present: number }>();
  const byMonth = new Map<string, { sessions: number; present: number }>();
  for (const r of visible) {
    const p = byPerson.get(r.person_id) ?? { sessions: 0, present: 0 };
    p.sessions += r.sessions;
    p.present += r.present;
    byPerson.set(r.person_id, p);
    const m = byMonth.get(r.month) ?? { sessions: 0, present: 0 };
    m.sessions += r.sessions;
    m.present += r.present;
    byMonth.set(r.month, m);
  }
  const sessions = visible.reduce((s, r) => s + r.sessions, 0);
  const present = visible.reduce((s, r) => s + r.present, 0);
  return {
    from,
    to,
    people: [...byPerson.entries()].map(([id, p]) => ({ personId: id, name: people.get(id)!, ...p, rate: rate(p.present, p.sessions) })).sort((a, b) => a.name.localeCompare(b.name, 'it')),
    months: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m, rate: rate(m.present, m.sessions) })),
    sessions,
    present,
    rate: rate(present, sessions),
  };
}

export const ATTENDANCE_HEADERS = ['Atleta', 'Presenze', 'Appuntamenti', 'Percentuale'] as const;

/** The statistics as a file for the spreadsheet (calendar.read and export.run), logged as an export. */
export async function attendanceExport(ctx: RequestContext, rawFormat: unknown, args: { from: unknown; to: unknown; groupId?: unknown }): Promise<{ filename: string; format: ExportFormat; body: Buffer }> {
  const actor = authorizeMember(ctx, 'calendar.read');
  authorize(actor, 'export.run');
  const format = EXPORT_FORMATS.find((f) => f === rawFormat);
  if (!format) throw new ValidationError({ format: EXPORT_MSG.formatInvalid }, EXPORT_MSG.formatInvalid);
  const stats = await attendanceStats(ctx, { ...args, groupId: args.groupId || null });
  const writer = exportWriter(format, ATTENDANCE_HEADERS, 'Presenze');
  try {
    writer.add(stats.people.map((p) => [p.name, p.present, p.sessions, p.rate]));
    const body = await writer.finish();
    logExport(ctx, { entityType: 'club', entityId: actor.clubId, detail: `Presenze dal ${stats.from} al ${stats.to} (${stats.people.length} atleti, ${format.toUpperCase()})` });
    return { filename: `presenze-${stats.from}-${stats.to}.${format}`, format, body };
  } finally {
    writer.close();
  }
}
