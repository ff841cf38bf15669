// The calendar's words and small helpers: weekdays, repeat and match lines, days in Italian.
import type { Weekday } from '../../../../schema/validation/calendar';

export const WEEKDAY_LABELS: Record<Weekday, { short: string; long: string }> = {
  MO: { short: 'Lun', long: 'lunedì' },
  TU: { short: 'Mar', long: 'martedì' },
  WE: { short: 'Mer', long: 'mercoledì' },
  TH: { short: 'Gio', long: 'giovedì' },
  FR: { short: 'Ven', long: 'venerdì' },
  SA: { short: 'Sab', long: 'sabato' },
  SU: { short: 'Dom', long: 'domenica' },
};

const DAY_FORMAT = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "lunedì 16 novembre 2026" for a YYYY-MM-DD day. */
export const longDay = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/** "16/11/2026" for a YYYY-MM-DD day. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export interface RepeatLike {
  weekdays: readonly string[];
  intervalWeeks: number;
  until: string;
}

/** "Ogni settimana il lunedì e il giovedì, fino al 30/06/2027". */
export function repeatLine(repeat: RepeatLike): string {
  const days = repeat.weekdays.map((d) => WEEKDAY_LABELS[d as Weekday]?.long ?? d);
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} e ${days[days.length - 1]}` : days[0];
  const every = repeat.intervalWeeks === 1 ? 'Ogni settimana' : `Ogni ${repeat.intervalWeeks} settimane`;
  return `${every}: ${list}, fino al ${shortDay(repeat.until)}`;
}

export interface MatchLike {
  opponent?: string | null | undefined;
  home?: boolean | null | undefined;
}

/** "vs Avversario" at home, "@ Avversario" away; null when not a match with an opponent. */
export function matchLine(event: MatchLike & { kind: string }): string | null {
  if (event.kind !== 'partita' || !event.opponent) return null;
  return `${event.home === false ? '@' : 'vs'} ${event.opponent}`;
}

/** YYYY-MM-DD of a local Date. */
export function isoOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A local Date for a day and an hh:mm time (the club's wall clock, the browser's in Italy). */
export function localDate(day: string, time: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)));
}
