// The occurrences of events (issue 38 point 1): a repeating event's rule is expanded by the rrule library in
// "floating" time (each date at 00:00 UTC standing for that calendar day, so no zone enters the arithmetic), then each
// day gets the event's wall-clock time in Europe/Rome (club-time.ts): a Tuesday 18:00 training stays at 18:00 across
// the clock change. A repeating event skips Italy's national holidays (date-holidays) and the club's closures, unless
// told not to; one occurrence's change or cancellation (an exception) replaces it.
import Holidays from 'date-holidays';
import rrule from 'rrule';
import { addDays, clubInstant } from '../../../schema/club-time';
import { type Weekday } from '../../../schema/validation/calendar';
import { dayOf } from '../../lib/date-columns';

const { RRule } = rrule;

/** An event as the expansion needs it. */
export interface EventRule {
  id: string;
  startsOn: Date;
  startMinute: number;
  durationMinutes: number;
  recurrence: string | null;
  repeatUntil: Date | null;
  skipClosures: boolean;
  venueId: string | null;
  cancelledAt: Date | null;
}

export interface EventException {
  eventId: string;
  occursOn: Date;
  cancelled: boolean;
  startsOn: Date | null;
  startMinute: number | null;
  durationMinutes: number | null;
  venueId: string | null;
  note: string | null;
}

export interface Closure {
  startsOn: Date;
  endsOn: Date;
  reason: string;
}

export interface Occurrence {
  eventId: string;
  /** The day the series had it (the key of its exception and of its RECURRENCE-ID). */
  occursOn: string;
  /** The day it takes place (another when moved). */
  date: string;
  startMinute: number;
  durationMinutes: number;
  startsAt: Date;
  endsAt: Date;
  venueId: string | null;
  cancelled: boolean;
  /** Changed for this day only. */
  changed: boolean;
  note: string | null;
}

const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The RRULE text of a weekly rule (without DTSTART and UNTIL, which live in their own columns). */
export function weeklyRule(weekdays: readonly Weekday[], intervalWeeks: number): string {
  return RRule.optionsToString({ freq: RRule.WEEKLY, interval: intervalWeeks, byweekday: weekdays.map((d) => RRule[d]) }).replace(/^RRULE:/, '');
}

/** The weekdays and interval of a stored rule, for the forms. */
export function ruleParts(recurrence: string): { weekdays: Weekday[]; intervalWeeks: number } {
  const options = RRule.parseString(recurrence);
  const days = (Array.isArray(options.byweekday) ? options.byweekday : options.byweekday ? [options.byweekday] : []) as Array<{ weekday: number } | number>;
  const names = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
  return { weekdays: days.map((d) => names[typeof d === 'number' ? d : d.weekday]), intervalWeeks: options.interval ?? 1 };
}

/**
 * Memo of pure functions of their key, bounded: a series' days (a rule, its first and last day never change under
 * the same key) and the instants of wall-clock times. A month view reads the same series again and again; rrule walks
 * a series from its first day at every call.
 */
function memo<T>(limit: number): (key: string, make: () => T) => T {
  const cache = new Map<string, T>();
  return (key, make) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      value = make();
      cache.set(key, value);
    }
    return value;
  };
}
const seriesMemo = memo<string[]>(5000);
const instantMemo = memo<Date>(20_000);

/** Every day of a series, in order (rrule's expansion, UNTIL included). */
function seriesDays(first: string, recurrence: string, until: string | null): string[] {
  return seriesMemo(`${first}|${until}|${recurrence}`, () => {
    const rule = new RRule({ ...RRule.parseString(recurrence), dtstart: floating(first), until: until ? floating(until) : null, count: until ? null : 400 });
    return rule.all().map(day);
  });
}

/** The series' days from the rule alone, between two days (inclusive). */
export function ruleDays(event: Pick<EventRule, 'startsOn' | 'recurrence' | 'repeatUntil'>, from: string, to: string): string[] {
  const first = dayOf(event.startsOn)!;
  if (!event.recurrence) return first >= from && first <= to ? [first] : [];
  return seriesDays(first, event.recurrence, dayOf(event.repeatUntil)).filter((d) => d >= from && d <= to);
}

const holidayCache = new Map<number, Set<string>>();
const italy = new Holidays('IT');

/** Italy's national public holidays of a year, YYYY-MM-DD. */
export function holidaysOf(year: number): Set<string> {
  let days = holidayCache.get(year);
  if (!days) {
    days = new Set(italy.getHolidays(year).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
    holidayCache.set(year, days);
  }
  return days;
}

/** Why a repeating event skips a day (a national holiday, a closure), or null. */
export function skippedBecause(date: string, closures: readonly Closure[]): string | null {
  if (holidaysOf(Number(date.slice(0, 4))).has(date)) return 'Festività';
  const closure = closures.find((c) => dayOf(c.startsOn)! <= date && date <= dayOf(c.endsOn)!);
  return closure ? closure.reason : null;
}

/**
 * The occurrences of `event` that take place between `from` and `to` (inclusive): the rule's days (or its one day),
 * less the holidays and closures a repeating event skips, with its exceptions applied (moved ones found by their new
 * day). Cancelled ones are kept, marked: the calendar shows them struck through, the feeds as EXDATE.
 */
export function occurrencesOf(event: EventRule, exceptions: readonly EventException[], closures: readonly Closure[], from: string, to: string): Occurrence[] {
  if (event.cancelledAt) return [];
  const mine = exceptions.filter((x) => x.eventId === event.id);
  const byDay = new Map(mine.map((x) => [dayOf(x.occursOn)!, x]));
  // A day moved into the range from outside it is found through its exception.
  const days = new Set(ruleDays(event, addDays(from, -31), addDays(to, 31)));
  const out: Occurrence[] = [];
  for (const occursOn of days) {
    if (event.recurrence && event.skipClosures && skippedBecause(occursOn, closures)) continue;
    const x = byDay.get(occursOn);
    const date = x?.startsOn ? dayOf(x.startsOn)! : occursOn;
    if (date < from || date > to) continue;
    const startMinute = x?.startMinute ?? event.startMinute;
    const durationMinutes = x?.durationMinutes ?? event.durationMinutes;
    const startsAt = instantMemo(`${date}|${startMinute}`, () => clubInstant(date, startMinute));
    out.push({
      eventId: event.id,
      occursOn,
      date,
      startMinute,
      durationMinutes,
      startsAt,
      endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
      venueId: x?.venueId ?? event.venueId,
      cancelled: x?.cancelled ?? false,
      changed: !!x && !x.cancelled,
      note: x?.note ?? null,
    });
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Two occurrences at the same venue overlapping in time (cancelled ones free the venue). */
export const overlaps = (a: Occurrence, b: Occurrence): boolean =>
  !a.cancelled && !b.cancelled && a.venueId !== null && a.venueId === b.venueId && a.startsAt < b.endsAt && b.startsAt < a.endsAt;
