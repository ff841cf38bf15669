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
  disiscritto: { label: 'Non vuole avvisi per e-mail', palette: 'gray' },
  bloccato: { label: 'Indirizzo bloccato', palette: 'orange' },
};

/** A mail that came back (a bounce) is non_recapitata with `bouncedAt` set: said apart from one given up. */
const BOUNCED = { label: 'Tornata indietro', palette: 'red' };

export const deliveryLabel = (delivery: string, bouncedAt?: string | null) =>
  delivery === 'non_recapitata' && bouncedAt ? BOUNCED : (DELIVERY_LABELS[delivery] ?? { label: delivery, palette: 'gray' });

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/**
 * What is not (yet) a delivered mail, in a line: "2 in invio · 1 non recapitata · 1 tornata indietro · 1 senza email".
 * Bounces are counted in `failed` too (NoticeHistoryCounts): said once each. Each part only when > 0.
 */
export function deliveryHint(counts: { queued: number; failed: number; bounced: number; skipped: number; withoutEmail: number; waiting: number }): string | undefined {
  const { queued, failed, bounced, skipped, withoutEmail, waiting } = counts;
  const parts = [
    waiting ? `${waiting} in attesa` : '',
    queued ? `${queued} in invio` : '',
    failed - bounced > 0 ? plural(failed - bounced, 'non recapitata', 'non recapitate') : '',
    bounced ? plural(bounced, 'tornata indietro', 'tornate indietro') : '',
    skipped ? plural(skipped, 'non inviata (avvisi disattivati o indirizzo bloccato)', 'non inviate (avvisi disattivati o indirizzo bloccato)') : '',
    withoutEmail ? `${withoutEmail} senza email` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

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
