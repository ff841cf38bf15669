// Calendar boundaries in the clubs' time zone (Italian clubs: Europe/Rome), shared by the server (dashboard
// statistics, list filters) and the client (labels), so "today" and "this week" mean the same on both sides
// whatever the machine's own zone, across daylight-saving changes too.

export const CLUB_TIME_ZONE = 'Europe/Rome';

/** Recent periods the dashboard counts and the lists filter by: since local midnight, since Monday 00:00. */
export const RECENT_PERIODS = ['today', 'week'] as const;
export type RecentPeriod = (typeof RECENT_PERIODS)[number];

/** How far ahead a medical certificate counts as "expiring" (today included, today + 30 included). */
export const CERTIFICATE_EXPIRING_DAYS = 30;

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLUB_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The last second converted: a list resolves "today" once per row, and formatToParts is the costly part. */
let lastWallClock: { second: number; fields: WallClock } | undefined;

/** Wall-clock fields of an instant in the club's zone. */
function wallClock(instant: Date): WallClock {
  const second = Math.floor(instant.getTime() / 1000);
  if (lastWallClock?.second === second) return lastWallClock.fields;
  const part = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  const fields = { year: +part.year, month: +part.month, day: +part.day, hour: +part.hour, minute: +part.minute, second: +part.second };
  lastWallClock = { second, fields };
  return fields;
}

/** Offset of the club's zone from UTC at an instant, in ms (Rome: +1 h in winter, +2 h in summer). */
function zoneOffsetMs(instant: Date): number {
  const w = wallClock(instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of 00:00 on a calendar day (YYYY-MM-DD) in the club's zone. */
export function clubMidnight(date: string): Date {
  return clubInstant(date, 0);
}

/**
 * The instant of a wall-clock time on a calendar day in the club's zone, `minute` minutes after midnight (18:00 is
 * 1080): the same wall time on both sides of a DST change.
 */
export function clubInstant(date: string, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  // The offset at the guess, then once more at the corrected instant: right on either side of a DST change.
  let instant = wall - zoneOffsetMs(new Date(wall));
  instant = wall - zoneOffsetMs(new Date(instant));
  return new Date(instant);
}

/** The club's calendar day of an instant, YYYY-MM-DD. */
export function clubDate(instant: Date): string {
  const w = wallClock(instant);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** A calendar day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The same calendar day `years` later (29 February becomes 28 February). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Monday of the calendar week holding `date` (weeks start on Monday in Italy). */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first instant of a recent period containing `now`: local midnight today, or Monday 00:00 this week. */
export function periodStart(period: RecentPeriod, now: Date = new Date()): Date {
  const today = clubDate(now);
  return clubMidnight(period === 'today' ? today : mondayOf(today));
}

/**
 * The days a certificate status is measured against, on `now`'s day: expired = expiry before `today`; expiring =
 * expiry from `today` to `expiringUntil` (today + 30). An expiry date is the last valid day, so a certificate
 * expiring today is still valid today: expiring, not expired.
 */
export function certificateDays(now: Date = new Date()): { today: string; expiringUntil: string } {
  const today = clubDate(now);
  return { today, expiringUntil: addDays(today, CERTIFICATE_EXPIRING_DAYS) };
}
