// How the notices' screens write their dates, counts and whom a recipient receives for (pure: unit-tested in
// tests/client/notices-labels.test.ts).
import { CLUB_TIME_ZONE } from '../../../../schema/club-time';

const MOMENT = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const CALENDAR_DAY = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "12 set 2026, 10:05" (club time), or "—" for none. */
export const moment = (iso: string | null | undefined) => (iso ? MOMENT.format(new Date(iso)) : '—');

/** "giovedì 10 settembre 2026 alle 10:05" (club time). */
export const sentLabel = (iso: string) => `${DAY.format(new Date(iso))} alle ${TIME.format(new Date(iso))}`;

/** A calendar day (YYYY-MM-DD) in words: "domenica 20 settembre 2026". */
export const dayLabel = (day: string) => CALENDAR_DAY.format(new Date(`${day}T00:00:00Z`));

/** "1 destinatario", "12 destinatari". */
export const recipientsLabel = (count: number) => (count === 1 ? '1 destinatario' : `${count} destinatari`);

/**
 * Whom a recipient receives for, when it is not only themselves ("per Luca Rossi, Sara Rossi"): a guardian for the
 * minors of the audience. null for an adult who receives for themselves only.
 */
export function forLabel(name: string, forNames: string): string | null {
  const names = forNames.trim();
  if (!names || names === name.trim()) return null;
  return `per ${names}`;
}

/** A YYYY-MM-DD day (the `giorno` of a call-up's link) or null. */
export const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);
