// When a notice's mails go (issue 39 point 2), shared by the server (sendNotice) and the compose screen (which says
// it before sending): at the time chosen, or at once; a normal notice falling in the club's quiet hours waits for
// their end, in the club's zone (Europe/Rome), across midnight and daylight-saving changes; an urgent one never waits.
import { addDays, CLUB_TIME_ZONE, clubDate, clubInstant } from './club-time';

/** Quiet hours as minutes after midnight in the club's zone (22:00-07:00 is 1320-420); null: none. */
export interface QuietHours {
  start: number;
  end: number;
}

const minuteFormat = new Intl.DateTimeFormat('en-GB', { timeZone: CLUB_TIME_ZONE, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/** Minutes after midnight of an instant on the club's wall clock. */
export function clubMinuteOfDay(instant: Date): number {
  const part = Object.fromEntries(minuteFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return Number(part.hour) * 60 + Number(part.minute);
}

/** Whether an instant falls in the quiet hours (the start included, the end excluded). */
export function inQuietHours(instant: Date, quiet: QuietHours | null): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const m = clubMinuteOfDay(instant);
  return quiet.start > quiet.end ? m >= quiet.start || m < quiet.end : m >= quiet.start && m < quiet.end;
}

/** When the mails of a notice due at `due` go: `due`, or the end of the quiet hours it falls in (not if urgent). */
export function noticeDeliveryTime(due: Date, urgent: boolean, quiet: QuietHours | null): Date {
  if (urgent || !quiet || !inQuietHours(due, quiet)) return due;
  const today = clubDate(due);
  const endsTomorrow = quiet.start > quiet.end && clubMinuteOfDay(due) >= quiet.start;
  return clubInstant(endsTomorrow ? addDays(today, 1) : today, quiet.end);
}

/** 420 as "07:00". */
export const minuteLabel = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
