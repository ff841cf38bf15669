// The dates the certificate reminders write (server/lib/italian-dates.ts), over every day of a common and of a leap
// year, against a month table of their own: "l'" before 8 and 11 (otto, undici), "il " before every other day,
// the day without a leading zero, the month in lower case. The reminder test of 28 November 2026 expected
// "scade il \d+" and failed on "scade l'8 dicembre 2026".
import { describe, expect, it } from 'vitest';
import { longDate, onDate } from '../../../server/lib/italian-dates';
import { dateColumn } from '../../../server/lib/date-columns';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** Every calendar day of `year`, as the date column holds it (UTC midnight). */
function daysOf(year: number): Date[] {
  const days: Date[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d = new Date(d.getTime() + 86_400_000)) days.push(d);
  return days;
}

describe.each([2027, 2028])('Italian dates over %i', (year) => {
  it('writes each day with its article, its number and its month', () => {
    const days = daysOf(year);
    expect(days).toHaveLength(year === 2028 ? 366 : 365);
    for (const d of days) {
      const day = d.getUTCDate();
      const expected = `${day} ${MONTHS[d.getUTCMonth()]} ${year}`;
      expect(longDate(d)).toBe(expected);
      expect(onDate(d)).toBe(`${day === 8 || day === 11 ? "l'" : 'il '}${expected}`);
    }
    // 24 elided dates a year (the 8th and the 11th of each month), none other
    expect(days.filter((d) => onDate(d).startsWith("l'"))).toHaveLength(24);
  });
});

describe('Italian dates', () => {
  it('writes the examples of the reminders and a stored date column as its own day', () => {
    expect(onDate(dateColumn('2027-03-31'))).toBe('il 31 marzo 2027');
    expect(onDate(dateColumn('2027-03-08'))).toBe("l'8 marzo 2027");
    expect(onDate(dateColumn('2027-03-11'))).toBe("l'11 marzo 2027");
    expect(onDate(dateColumn('2027-03-01'))).toBe('il 1 marzo 2027');
    expect(onDate(dateColumn('2026-12-08'))).toBe("l'8 dicembre 2026");
    expect(onDate(dateColumn('2028-02-29'))).toBe('il 29 febbraio 2028');
    expect(longDate(dateColumn('2027-01-18'))).toBe('18 gennaio 2027');
  });
});
