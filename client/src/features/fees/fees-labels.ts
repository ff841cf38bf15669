// The treasurer's words and numbers: euro amounts typed as the treasurer writes them ("150", "150,50", "1.234,50 €")
// read into cents, cents shown the Italian way (schema/validation/fees.ts `euro`), a month of the season, a day, a
// charge's state, the choices of the forms. Pure (tests/client/fees-labels.test.ts).
import { FEE_KIND_LABELS, FEE_KINDS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../schema/validation/fees';

export { euro } from '../../../../schema/validation/fees';

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

/** "1 persona", "3 persone". */
export const peopleCount = (n: number) => (n === 1 ? '1 persona' : `${n} persone`);

export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/** A file name for a receipt: "ricevuta-12-2026.pdf". */
export const receiptFilename = (number: string) => `ricevuta-${number.replace(/[^0-9a-z]+/gi, '-')}.pdf`;
