// Attendance's words (issue 38 point 3): counts, rates, days, months and the reasons offered for an absence. Pure.
import { CLUB_TIME_ZONE } from '../../../../schema/club-time';

/** The reasons one tap away; "Altro" opens a free text. */
export const ABSENCE_REASONS = ['Malattia', 'Scuola', 'Infortunio', 'Altro'] as const;

/** "Presenti 12 su 14". */
export const presentLine = (present: number, total: number) => `Presenti ${present} su ${total}`;

/** "1 invio in attesa", "2 invii in attesa", and the refused ones apart. */
export function pendingLabel(waiting: number, refused: number): string {
  const parts: string[] = [];
  if (waiting > 0) parts.push(waiting === 1 ? '1 invio in attesa' : `${waiting} invii in attesa`);
  if (refused > 0) parts.push(refused === 1 ? '1 invio rifiutato' : `${refused} invii rifiutati`);
  return parts.join(', ');
}

/** "87,5%" (the server's rate, one decimal); "—" with no sessions. */
export const rateLabel = (rate: number | null | undefined) => (rate == null ? '—' : `${rate.toLocaleString('it-IT', { maximumFractionDigits: 1 })}%`);

const DAY = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "lunedì 16 novembre 2026" for a YYYY-MM-DD day. */
export const longDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

const TIME = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const MOMENT = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** "18:42" of an instant, on the club's clock. */
export const timeOf = (instant: string) => TIME.format(new Date(instant));
/** "16/11/2026, 18:42". */
export const momentOf = (instant: string) => MOMENT.format(new Date(instant));

const MONTH_SHORT = new Intl.DateTimeFormat('it-IT', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const MONTH_LONG = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "nov 26" for "2026-11". */
export const shortMonth = (month: string) => MONTH_SHORT.format(new Date(`${month}-01T00:00:00Z`));
/** "novembre 2026" for "2026-11". */
export const longMonth = (month: string) => MONTH_LONG.format(new Date(`${month}-01T00:00:00Z`));

/** "16/11/2026" for a YYYY-MM-DD day. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The default period of the statistics: the last three months up to today (YYYY-MM-DD days). */
export function lastMonths(today: string, months = 3): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1 - months, d));
  // 31 May minus three months is 28 February, not 3 March
  if (start.getUTCDate() !== d) start.setUTCDate(0);
  return { from: start.toISOString().slice(0, 10), to: today };
}
