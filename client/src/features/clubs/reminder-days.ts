// The certificate reminders' days as the settings form shows and reads them: "30, 14, 7, 0" in one field, checked
// with the shared schema (schema/validation/medical-certificate.ts, the server's own), and said in words.
// Pure functions (unit-tested in tests/client/reminder-days.test.ts).
import { z } from 'zod';
import { reminderSettingsInput } from '../../../../schema/validation/medical-certificate';
import { validate, type FieldErrors } from '../../lib/form-errors';

/** "30, 14, 7, 0" -> [30, 14, 7, 0]; a word that is no whole number becomes NaN, which the schema refuses. */
export function parseReminderDays(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((word) => (/^\d+$/.test(word) ? Number(word) : Number.NaN));
}

export const formatReminderDays = (days: readonly number[]): string => days.join(', ');

/** The settings form's rules: the days as typed in one field, read into numbers and checked by the shared schema. */
export const reminderForm = z.preprocess((v) => {
  const { enabled, days } = v as { enabled: boolean; days: string };
  return { enabled, days: parseReminderDays(days) };
}, reminderSettingsInput);

/** Checks the settings; any message about the days is keyed `days` (the field that holds them all). */
export function validateReminders(enabled: boolean, daysText: string): { ok: true; days: number[] } | { ok: false; errors: FieldErrors } {
  const result = validate(reminderSettingsInput, { enabled, days: parseReminderDays(daysText) });
  // days is always sent here (the server also takes a partial update), so it is always in the result
  if (result.ok) return { ok: true, days: result.data.days ?? [] };
  return { ok: false, errors: reminderFieldErrors(result.errors) };
}

/** Messages keyed `days.2` (one of the days) go under the days field. */
export function reminderFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.startsWith('days') ? 'days' : key;
    out[field] ??= message;
  }
  return out;
}

const list = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items.at(-1)}` : (items[0] ?? ''));

/** [30, 14, 7, 0] -> "30, 14 e 7 giorni prima della scadenza e il giorno stesso". */
export function describeReminderDays(days: readonly number[]): string {
  const before = [...new Set(days)].filter((d) => d > 0).sort((a, b) => b - a);
  const sameDay = days.includes(0);
  if (!before.length) return sameDay ? 'il giorno della scadenza' : '';
  const ahead = before.includes(1) ? list(before.map((d) => (d === 1 ? '1 giorno' : `${d} giorni`))) : `${list(before.map(String))} giorni`;
  return `${ahead} prima della scadenza${sameDay ? ' e il giorno stesso' : ''}`;
}
