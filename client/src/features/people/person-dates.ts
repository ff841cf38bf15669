// Dates on the person page: calendar days (YYYY-MM-DD, no time zone) as 01/03/2026, instants as the club's day
// ("26 novembre 2026"), and an age in whole years. Pure.
import { CLUB_TIME_ZONE } from '../../../../schema/club-time';

/** 2026-03-01 -> 01/03/2026 (a calendar day: no time zone can move it). */
export const formatDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const LONG_DAY = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });

/** An instant (ISO date-time) as the club's day: "26 novembre 2026". */
export const formatInstantDay = (instant: string): string => LONG_DAY.format(new Date(instant));

/**
 * The club's day today, YYYY-MM-DD. Not schema/club-time's clubDate: that one would join the small club-time chunk the
 * dashboard loads, and the admin shell's JavaScript budget has no room for it; the Swedish format is ISO's.
 */
export const clubToday = (): string => new Date().toLocaleDateString('sv-SE', { timeZone: CLUB_TIME_ZONE });

/** Whole years from `birthday` to `today` (both YYYY-MM-DD). */
export function ageOn(birthday: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) < birthday.slice(5) ? years - 1 : years;
}
