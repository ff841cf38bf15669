// When a notice being written will go, in words, before it is sent (issue 39 point 2): at once or at the chosen time,
// or, for a normal notice falling in the club's quiet hours, at their end (schema/notice-schedule.ts, as the server
// computes it). Pure: unit-tested in tests/client/notices-labels.test.ts.
import { addDays, CLUB_TIME_ZONE, clubDate, clubInstant } from '../../../../schema/club-time';
import { clubMinuteOfDay, inQuietHours, minuteLabel, noticeDeliveryTime, type QuietHours } from '../../../../schema/notice-schedule';
import { MAX_SCHEDULE_DAYS } from '../../../../schema/validation/notices';
import { NOTICE_MSG } from '../../../../schema/messages-notices';

const DAY = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** The quiet hours of the settings' answer, or null when the club has none. */
export const quietOf = (settings: { quietStart?: number | null; quietEnd?: number | null } | null | undefined): QuietHours | null =>
  settings && settings.quietStart != null && settings.quietEnd != null ? { start: settings.quietStart, end: settings.quietEnd } : null;

/** "22:00-07:00". */
export const quietLabel = (quiet: QuietHours) => `${minuteLabel(quiet.start)}-${minuteLabel(quiet.end)}`;

/** "alle 07:00 di domani", "alle 18:30 di oggi", "alle 07:00 di giovedì 12 novembre 2026" (club time). */
export function atLabel(instant: Date, now: Date): string {
  const day = clubDate(instant);
  const today = clubDate(now);
  const which = day === today ? 'di oggi' : day === addDays(today, 1) ? 'di domani' : `di ${DAY.format(instant)}`;
  return `alle ${minuteLabel(clubMinuteOfDay(instant))} ${which}`;
}

/** The instant of a date (YYYY-MM-DD) and a time (HH:MM) on the club's wall clock; null if either is not valid. */
export function scheduledInstant(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2})[:.](\d{2})$/.exec(time.trim());
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number.isNaN(Date.parse(`${date.trim()}T00:00:00Z`))) return null;
  return clubInstant(date.trim(), Number(t[1]) * 60 + Number(t[2]));
}

/** The schedule's own message, if the chosen instant cannot be (the server says the same). */
export function scheduleProblem(instant: Date, now: Date): string | null {
  if (instant.getTime() <= now.getTime()) return NOTICE_MSG.sendAtPast;
  if (instant.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) return NOTICE_MSG.sendAtTooFar(MAX_SCHEDULE_DAYS);
  return null;
}

/**
 * When it goes, in a sentence: "Partirà subito.", "Partirà alle 18:00 di domani.", "È notte per la società (ore di
 * silenzio 22:00-07:00): partirà alle 07:00 di domani.", or for an urgent one in the quiet hours "... parte subito
 * anche nelle ore di silenzio."
 */
export function deliveryNote({ due, scheduled, urgent, quiet, now }: { due: Date; scheduled: boolean; urgent: boolean; quiet: QuietHours | null; now: Date }): string {
  const when = scheduled ? atLabel(due, now) : 'subito';
  if (!quiet || !inQuietHours(due, quiet)) return `Partirà ${when}.`;
  const moment = `${quiet.start > quiet.end ? 'È notte per la società' : 'È nelle ore di silenzio della società'} (ore di silenzio ${quietLabel(quiet)})`;
  if (urgent) return `${moment}: l’avviso è urgente e parte ${scheduled ? when : 'subito'} anche nelle ore di silenzio.`;
  return `${moment}: partirà ${atLabel(noticeDeliveryTime(due, false, quiet), now)}.`;
}
