// The certificate reminders' days field: read from "30, 14, 7, 0", checked with the server's schema, said in words.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { describeReminderDays, formatReminderDays, parseReminderDays, reminderFieldErrors, validateReminders } from '../../client/src/features/clubs/reminder-days';

describe('reminder days', () => {
  it('reads the days typed in one field, whatever the separators', () => {
    expect(parseReminderDays('30, 14,7 ;0')).toEqual([30, 14, 7, 0]);
    expect(parseReminderDays('')).toEqual([]);
    expect(parseReminderDays('7, sette')).toEqual([7, Number.NaN]);
    expect(formatReminderDays([30, 14, 7, 0])).toBe('30, 14, 7, 0');
  });

  it('checks them with the shared rules, sorted from the farthest', () => {
    expect(validateReminders(true, '7, 30, 0')).toEqual({ ok: true, days: [30, 7, 0] });
    for (const bad of ['', '7, 7', '400', '1, 2, 3, 4, 5, 6, 7', '7, sette', '-1', '1.5']) {
      expect(validateReminders(true, bad)).toEqual({ ok: false, errors: { days: MSG.reminderDaysInvalid } });
    }
    expect(reminderFieldErrors({ 'days.1': 'x', enabled: 'y' })).toEqual({ days: 'x', enabled: 'y' });
  });

  it('says them in Italian', () => {
    expect(describeReminderDays([30, 14, 7, 0])).toBe('30, 14 e 7 giorni prima della scadenza e il giorno stesso');
    expect(describeReminderDays([7])).toBe('7 giorni prima della scadenza');
    expect(describeReminderDays([7, 1])).toBe('7 giorni e 1 giorno prima della scadenza');
    expect(describeReminderDays([0])).toBe('il giorno della scadenza');
  });
});
