// The sports season runs September to August: in November 2026 it is "2026/27", in March 2027 still "2026/27".
// It turns at midnight in Italy (the club's day), not in the machine's zone: a server on UTC would keep the old
// season until 02:00 on 1 September. A club may keep its own dates (club_seasons, server/modules/seasons): these
// are the defaults and the label rule both sides use.
import { clubDate } from './club-time';

/** The default season (1 September to 31 August) holding `day` (YYYY-MM-DD). */
export function defaultSeasonBounds(day: string): { startsOn: string; endsOn: string } {
  const [year, month] = day.split('-').map(Number);
  const start = month >= 9 ? year : year - 1;
  return { startsOn: `${start}-09-01`, endsOn: `${start + 1}-08-31` };
}

/** "2025/26" for a season spanning two years, "2026" for one within a calendar year. */
export function seasonLabelOf({ startsOn, endsOn }: { startsOn: string; endsOn: string }): string {
  const start = Number(startsOn.slice(0, 4));
  const end = Number(endsOn.slice(0, 4));
  return end === start ? String(start) : `${start}/${String(end % 100).padStart(2, '0')}`;
}

export function currentSeasonLabel(now: Date = new Date()): string {
  return seasonLabelOf(defaultSeasonBounds(clubDate(now)));
}

export function seasonLabelFor(clubOverride: string | null | undefined, now: Date = new Date()): string {
  return clubOverride?.trim() ? clubOverride.trim() : currentSeasonLabel(now);
}
