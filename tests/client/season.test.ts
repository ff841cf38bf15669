// The season label (schema/season.ts) from a given instant, never from the day the suite runs: September to
// August, turning at midnight in Italy on 1 September whatever the machine's time zone (this one runs on UTC).
import { describe, expect, it } from 'vitest';
import { currentSeasonLabel, seasonLabelFor } from '../../schema/season';

describe('season label', () => {
  it('turns at midnight in Italy on 1 September, not at midnight UTC', () => {
    expect(currentSeasonLabel(new Date('2026-08-31T21:59:59Z'))).toBe('2025/26'); // 23:59:59 in Rome
    expect(currentSeasonLabel(new Date('2026-08-31T22:00:00Z'))).toBe('2026/27'); // 00:00 on 1 September in Rome
  });

  it('holds from September to August, across new year and the century', () => {
    expect(currentSeasonLabel(new Date('2026-11-28T12:00:00Z'))).toBe('2026/27');
    expect(currentSeasonLabel(new Date('2026-12-31T23:30:00Z'))).toBe('2026/27'); // already 1 January 2027 in Rome
    expect(currentSeasonLabel(new Date('2027-08-31T12:00:00Z'))).toBe('2026/27');
    expect(currentSeasonLabel(new Date('2099-09-01T12:00:00Z'))).toBe('2099/00');
  });

  it("prefers the club's own label", () => {
    expect(seasonLabelFor(' 2025/26 ', new Date('2026-11-28T12:00:00Z'))).toBe('2025/26');
    expect(seasonLabelFor('', new Date('2026-11-28T12:00:00Z'))).toBe('2026/27');
  });
});
