// The treasurer's words and numbers: euro amounts typed as the treasurer writes them ("150", "150,50", "1.234,50 €")
// read into cents, cents shown the Italian way (schema/validation/fees.ts `euro`), a month of the season, a day, a
// charge's state, the choices of the forms, the plans' discounts, the reminders' days, IBANs in groups. Pure
// (tests/client/fees-labels.test.ts).
import { clubDate } from '../../../../schema/club-time';
import { euro, FEE_KIND_LABELS, FEE_KINDS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../schema/validation/fees';

export { euro };

/**
 * Euro typed in a field as cents: "150" 15000, "150,5" 15050, "1.234,50" 123450, "€ 12" 1200; blank null; anything
 * else (letters, three decimals, a negative sign) NaN, which the shared rules refuse with their own message.
 */
export function parseEuro(text: string): number | null {
  const cleaned = text.replace(/€/g, '').replace(/\s+/g, '');
  if (cleaned === '') return null;
  // dots are thousands separators when a comma gives the decimals, or when they group exactly three digits
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned) ?? /^(\d+)\.(\d{1,2})$/.exec(cleaned);
  if (!match) return Number.NaN;
  const units = Number(match[1].replace(/\./g, ''));
  const decimals = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return units * 100 + decimals;
}

/** Cents as the field shows them for editing: 15000 "150", 15050 "150,50". */
export function euroInput(cents: number): string {
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `${units},${String(rest).padStart(2, '0')}` : String(units);
}

/** A calendar day (YYYY-MM-DD) as 01/03/2026. */
export const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
const MONTH_NAMES = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** A month (YYYY-MM) on the chart's axis: "set 26". */
export const shortMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
/** A month (YYYY-MM) in a sentence or a table: "settembre 2026". */
export const longMonth = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

export type ChargeState = 'annullato' | 'pagato' | 'scaduto' | 'da_pagare';

export const CHARGE_STATE: Record<ChargeState, { label: string; color: string }> = {
  scaduto: { label: 'Scaduto', color: 'red' },
  da_pagare: { label: 'Da pagare', color: 'orange' },
  pagato: { label: 'Pagato', color: 'green' },
  annullato: { label: 'Annullato', color: 'gray' },
};

/** Where a charge stands today (`today` YYYY-MM-DD): cancelled, paid, overdue (open and due before today) or to pay. */
export function chargeState(charge: { cancelled: boolean; openCents: number; dueOn: string }, today: string): ChargeState {
  if (charge.cancelled) return 'annullato';
  if (charge.openCents <= 0) return 'pagato';
  return charge.dueOn < today ? 'scaduto' : 'da_pagare';
}

export const FEE_KIND_OPTIONS = FEE_KINDS.map((value) => ({ value, label: FEE_KIND_LABELS[value] }));
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
export { FEE_KIND_LABELS, PAYMENT_METHOD_LABELS };

/** The family discounts of a plan in a line: "2° figlio −10 %, dal 3° −20 %" (null without any). */
export function discountLine(plan: { secondChildPercent: number; thirdChildPercent: number }): string | null {
  const parts = [plan.secondChildPercent > 0 && `2° figlio −${plan.secondChildPercent}%`, plan.thirdChildPercent > 0 && `dal 3° figlio −${plan.thirdChildPercent}%`].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** A plan's early-payment discount in a line: "pagamento anticipato −5% entro il 30/09/2026" (null without one). */
export function earlyPaymentLine(plan: { earlyPaymentPercent: number; earlyPaymentBy?: string | null }): string | null {
  if (plan.earlyPaymentPercent <= 0 || !plan.earlyPaymentBy) return null;
  return `pagamento anticipato −${plan.earlyPaymentPercent}% entro il ${italianDay(plan.earlyPaymentBy)}`;
}

/**
 * What a person may still save on a plan paid whole by a day, for the treasurer: "Corso Under 12: se paga 342,00 € in
 * un'unica soluzione entro il 30/09/2026, risparmia 18,00 € (−5%)".
 */
export const earlyOfferText = (offer: { planName: string; percent: number; until: string; discountCents: number; payCents: number }) =>
  `${offer.planName}: se paga ${euro(offer.payCents)} in un'unica soluzione entro il ${italianDay(offer.until)}, risparmia ${euro(offer.discountCents)} (−${offer.percent}%)`;

// --- Fee reminders: days from the due date, negative before it (the server's feeReminderSettingsInput)

const daysWord = (n: number) => (n === 1 ? '1 giorno' : `${n} giorni`);

/** A reminder's day in words: −7 "7 giorni prima della scadenza", 0 "il giorno della scadenza", 30 "30 giorni dopo la scadenza". */
export function reminderDayLabel(offset: number): string {
  if (offset === 0) return 'il giorno della scadenza';
  return `${daysWord(Math.abs(offset))} ${offset < 0 ? 'prima della' : 'dopo la'} scadenza`;
}

/** The days in order, in a sentence: "7 giorni prima della scadenza, il giorno della scadenza e 30 giorni dopo". */
export function reminderDaysSentence(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  // "dopo la scadenza" once the due date was already named
  const words = sorted.map((d, i) => (d > 0 && i > 0 ? `${daysWord(d)} dopo` : reminderDayLabel(d)));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} e ${words.at(-1)}` : (words[0] ?? '');
}

export type ReminderWhen = 'prima' | 'giorno' | 'dopo';
/** One day of the reminders as the settings form holds it: how many days (as typed), before or after the due date. */
export interface ReminderRow {
  when: ReminderWhen;
  days: string;
}

export const REMINDER_WHEN_OPTIONS: { value: ReminderWhen; label: string }[] = [
  { value: 'prima', label: 'prima della scadenza' },
  { value: 'giorno', label: 'il giorno della scadenza' },
  { value: 'dopo', label: 'dopo la scadenza' },
];

export const reminderRowOf = (offset: number): ReminderRow => (offset === 0 ? { when: 'giorno', days: '' } : { when: offset < 0 ? 'prima' : 'dopo', days: String(Math.abs(offset)) });

/** The row as the server's day: "7" before −7, after 7, the day itself 0; anything but a whole number NaN (refused by the rule). */
export function reminderOffsetOf(row: ReminderRow): number {
  if (row.when === 'giorno') return 0;
  const text = row.days.trim();
  if (!/^\d{1,3}$/.test(text)) return Number.NaN;
  return row.when === 'prima' ? -Number(text) : Number(text);
}

// --- SEPA

/** An IBAN (or creditor identifier) in groups of four, as printed on bank papers: "IT60 X054 2811 ...". */
export const groupedCode = (code: string) => code.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
/** An instant (ISO) as the club reads it: "15/11/2026 alle 10:00". */
export function italianMoment(iso: string): string {
  const instant = new Date(iso);
  return `${italianDay(clubDate(instant))} alle ${TIME.format(instant)}`;
}

/** "1 persona", "3 persone". */
export const peopleCount = (n: number) => (n === 1 ? '1 persona' : `${n} persone`);

export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/** A file name for a receipt: "ricevuta-12-2026.pdf". */
export const receiptFilename = (number: string) => `ricevuta-${number.replace(/[^0-9a-z]+/gi, '-')}.pdf`;
