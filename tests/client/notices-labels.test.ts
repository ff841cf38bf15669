// The notices' words (client/src/features/notices/notices-labels.ts): whom a recipient receives for (only when not
// themselves), the recipients counted, moments and days in Italian in the club's time, the call-up's day from the
// address checked.
import { describe, expect, it } from 'vitest';
import { dayLabel, forLabel, isDay, moment, recipientsLabel, sentLabel } from '../../client/src/features/notices/notices-labels';

describe('notices labels', () => {
  it('names whom a guardian receives for, and nothing for an adult receiving for themselves', () => {
    expect(forLabel('Anna Rossi', 'Luca Rossi, Sara Rossi')).toBe('per Luca Rossi, Sara Rossi');
    expect(forLabel('Ada Adulta', 'Ada Adulta')).toBeNull();
    expect(forLabel('Ada Adulta', ' ')).toBeNull();
  });

  it('counts the recipients', () => {
    expect(recipientsLabel(1)).toBe('1 destinatario');
    expect(recipientsLabel(0)).toBe('0 destinatari');
    expect(recipientsLabel(12)).toBe('12 destinatari');
  });

  it('writes moments in the club time zone', () => {
    // 08:05 UTC is 10:05 in Rome in September (summer time)
    expect(moment('2026-09-10T08:05:00Z')).toBe('10 set 2026, 10:05');
    expect(moment(null)).toBe('—');
    expect(sentLabel('2026-09-10T08:05:00Z')).toBe('giovedì 10 settembre 2026 alle 10:05');
    // late in the evening UTC is already the next day in Italy
    expect(sentLabel('2026-01-31T23:30:00Z')).toBe('domenica 1 febbraio 2026 alle 00:30');
    expect(dayLabel('2026-09-20')).toBe('domenica 20 settembre 2026');
  });

  it('accepts only a real YYYY-MM-DD day from the address', () => {
    expect(isDay('2026-09-20')).toBe('2026-09-20');
    expect(isDay('2026-13-40')).toBeNull();
    expect(isDay('20/09/2026')).toBeNull();
    expect(isDay(null)).toBeNull();
  });
});
