// The sports season runs September to August: in November 2026 it is "2026/27", in March 2027 still "2026/27".
export function currentSeasonLabel(now: Date = new Date()): string {
  const year = now.getFullYear();
  const start = now.getMonth() >= 8 ? year : year - 1; // getMonth(): 8 = September
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

export function seasonLabelFor(clubOverride: string | null | undefined, now: Date = new Date()): string {
  return clubOverride?.trim() ? clubOverride.trim() : currentSeasonLabel(now);
}
