// Dates the server sends as club calendar days (YYYY-MM-DD), shown in Italian. Formatted at noon UTC so no time
// zone can move them to the day before.
import { CLUB_TIME_ZONE } from '../../../../schema/club-time';

const DAY_MONTH = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });

/** '2026-11-16' -> '16 novembre'. */
export const formatDayMonth = (day: string) => DAY_MONTH.format(new Date(`${day}T12:00:00Z`));

/** Today in the club, e.g. 'sabato 21 novembre 2026'. */
export const formatToday = (now: Date = new Date()) => LONG_DAY.format(now);
