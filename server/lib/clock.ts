// The server's "now" for calendar rules: the club's today (certificate states, reminders, eligibility, dashboard
// periods, list filters), the season label. Production reads the system clock; a test sets a clock to a chosen
// instant (AppDeps.now, createApp's `now`), so what it expects of "today" holds whatever day the suite runs on.
// Timestamps written to the database (created_at, sessions, tokens) keep the real time: only the calendar moves.

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that reads `start` now and runs on from it at real speed (a test's waits and timeouts still pass). */
export function clockFrom(start: Date | string): Clock {
  const offset = new Date(start).getTime() - Date.now();
  if (Number.isNaN(offset)) throw new Error(`clockFrom: not a date: ${String(start)}`);
  return () => new Date(Date.now() + offset);
}
