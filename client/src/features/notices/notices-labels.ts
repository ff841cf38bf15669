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

/** A recipient's mail (NoticeRecipient.delivery) in words, with the colour of its badge. */
export const DELIVERY_LABELS: Record<string, { label: string; palette: string }> = {
  in_attesa: { label: 'In attesa', palette: 'gray' },
  in_coda: { label: 'In invio', palette: 'blue' },
  inviata: { label: 'Email inviata', palette: 'green' },
  non_recapitata: { label: 'Non recapitata', palette: 'red' },
  senza_email: { label: 'Senza email: solo nell’area personale', palette: 'orange' },
};

export const deliveryLabel = (delivery: string) => DELIVERY_LABELS[delivery] ?? { label: delivery, palette: 'gray' };

/** A notice's state in the list: "Programmato per 12 set 2026, 07:00", "Inviato il ...", "Annullato". */
export function statusLabel(notice: { status: string; deliverAt: string; sentAt?: string | null }): string {
  if (notice.status === 'annullato') return 'Annullato';
  if (notice.status === 'programmato') return `Programmato per ${moment(notice.deliverAt)}`;
  return notice.sentAt ? `Inviato il ${moment(notice.sentAt)}` : 'In invio';
}

/** "22:00" or "7.30" as minutes after midnight; null when blank; NaN when not a time of the day. */
export function parseClockTime(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? hour * 60 + minute : Number.NaN;
}
