// The dashboard's pure pieces: the chart's four slices in fixed colours, the Italian list parameters its links
// use (and the lists read back), the club-time boundaries both sides share, and the dates it prints.
import { describe, expect, it } from 'vitest';
import { clubDate, clubMidnight, mondayOf, periodStart } from '../../schema/club-time';
import { chartSlices, CHART_COLORS } from '../../client/src/features/dashboard/chart-slices';
import { formatDayMonth } from '../../client/src/features/dashboard/dashboard-dates';
import { newPersonLabel } from '../../client/src/features/dashboard/components/quick-links';
import { certificateOfParam, listLink, periodOfParam } from '../../client/src/lib/recent-filters';

describe('chart slices', () => {
  it('keeps athletes, coaches, managers, accompagnatori in blue, yellow, green, red, with percentages', () => {
    const slices = chartSlices([
      { kind: 'member', active: 9 },
      { kind: 'coach', active: 1 },
      { kind: 'athlete', active: 3 },
    ]);
    expect(slices).toEqual([
      { id: 'athlete', label: 'Atleti', value: 3, color: '#3b82f6', percent: 75 },
      { id: 'coach', label: 'Allenatori', value: 1, color: '#facc15', percent: 25 },
      { id: 'manager', label: 'Dirigenti', value: 0, color: '#22c55e', percent: 0 },
      { id: 'staff', label: 'Accompagnatori', value: 0, color: '#ef4444', percent: 0 },
    ]);
    expect(Object.keys(CHART_COLORS)).toEqual(['athlete', 'coach', 'manager', 'staff']);
    expect(chartSlices([]).every((s) => s.value === 0 && s.percent === 0)).toBe(true);
  });
});

describe('list parameters', () => {
  it('writes and reads the Italian names, ignoring unknown values', () => {
    expect(listLink('/athlete', 'aggiunti', 'today')).toBe('/athlete?aggiunti=oggi');
    expect(listLink('/staff/coach', 'aggiunti', 'week')).toBe('/staff/coach?aggiunti=settimana');
    expect(listLink('/athlete', 'certificato', 'expiring')).toBe('/athlete?certificato=in-scadenza');
    expect(listLink('/athlete', 'certificato', 'expired')).toBe('/athlete?certificato=scaduto');
    expect(listLink('/feed', 'creati', 'week')).toBe('/feed?creati=settimana');
    expect(periodOfParam('oggi')).toBe('today');
    expect(periodOfParam('settimana')).toBe('week');
    expect(periodOfParam('mese')).toBeNull();
    expect(periodOfParam(null)).toBeNull();
    expect(certificateOfParam('in-scadenza')).toBe('expiring');
    expect(certificateOfParam('scaduto')).toBe('expired');
    expect(certificateOfParam('today')).toBeNull();
  });

  it('labels the quick links as the forms are titled', () => {
    expect(['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'].map((k) => newPersonLabel(k as never))).toEqual([
      'Nuovo atleta', 'Nuovo allenatore', 'Nuovo dirigente', 'Nuovo accompagnatore', 'Nuovo socio', 'Nuovo volontario',
    ]);
  });
});

describe('club time (Europe/Rome)', () => {
  it('finds local midnight in winter and summer time and across the DST switch', () => {
    expect(clubMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(clubMidnight('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(clubMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // the switch happens at 02:00
    expect(clubMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(clubMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(clubMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('dates an instant by the Rome calendar and starts weeks on Monday', () => {
    expect(clubDate(new Date('2026-01-01T22:59:59Z'))).toBe('2026-01-01');
    expect(clubDate(new Date('2026-01-01T23:00:00Z'))).toBe('2026-01-02');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // Sunday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(periodStart('week', new Date('2026-11-22T23:30:00Z')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(periodStart('today', new Date('2026-11-22T22:30:00Z')).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });

  it('prints a club day without shifting it', () => {
    expect(formatDayMonth('2026-11-16')).toBe('16 novembre');
    expect(formatDayMonth('2027-01-01')).toBe('1 gennaio');
  });
});
