// A test file's "today" that midnight cannot change under it (issue 33 point 7): the expectations a file builds from
// `today` and the app's calendar (AppDeps.now) read the same day, even when the run crosses midnight.
import { clubDate, clubMidnight } from '../../schema/club-time';
import { clockFrom, type Clock } from '../../server/lib/clock';

/**
 * Today in Italy, and an app clock that reads 12:00 on it and runs on from there (12 hours before it reaches the
 * next day). The real day rather than a fixed date: what still reads the real clock (the database's timestamps, a
 * birthday's bounds, sessions) stays on the same day. A test about one particular date (an elided "l'8", a leap
 * day, 1 September) sets that date instead: clockFrom('2027-02-26T10:00:00+01:00').
 */
export function pinnedToday(): { today: string; now: Clock } {
  const today = clubDate(new Date());
  return { today, now: clockFrom(new Date(clubMidnight(today).getTime() + 12 * 3600_000)) };
}
