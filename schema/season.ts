// The sports season runs September to August: in November 2026 it is "2026/27", in March 2027 still "2026/27".
// It turns at midnight in Italy (the club's day), not in the machine's zone: a server on UTC would keep the old
// season until 02:00 on 1 September.
import { clubDate } from './club-time';

export function currentSeasonLabel(now: Date = new Date()): string {
  const [year, month] = clubDate(now).split('-').map(Number);
  const start = month >= 9 ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

export function seasonLabelFor(clubOverride: string | null | undefined, now: Date = new Date()): string {
  return clubOverride?.trim() ? clubOverride.trim() : currentSeasonLabel(now);
}
