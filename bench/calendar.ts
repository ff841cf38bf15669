// Benchmark (not a test): the calendar (issue 38 point 7), on embedded PGlite and on PostgreSQL. For each database: a
// fresh database and the real app (no job queue), a club of --groups groups, each with a training three days a week
// and another one day a week for the season (September to June), a match most weekends, ten venues and the
// Christmas closure: about 8,000 occurrences (rows inserted in bulk: the seeding is not what is measured). Then, over
// the app's HTTP handling (app.inject):
// - the month view: calendar(from, to) of a whole month of the club, 30 times for each of three months: p95 of the
//   server time (`Server-Timing: app;dur=`);
// - a group's private ICS feed of the season, 30 times: p95 of the in-process answer time (the route is outside /api,
//   so it carries no Server-Timing; app.inject adds no network);
// - attendance: 25 athletes per group and a sheet for every training day of the season (every athlete marked, one in
//   eight absent), then attendanceStats of one athlete for the season, 30 times for each of three athletes: p95.
//   npm run bench:calendar [-- [--db pglite,postgres] [--groups 40]]
// Targets: the month view p95 < 50 ms server time on PostgreSQL; an ICS feed of a season < 200 ms; an athlete's
// attendance statistics for the season < 100 ms. Results: a table on stdout and bench/results/calendar.json.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { seedAthletes } from './seed-people';
import { openBenchClub } from './support/bench-club';
import { log, logTargets, stats, writeResults, type Stats, type Target } from './throwaway-database';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite,postgres' }, groups: { type: 'string', default: '40' } } });
const GROUPS = Number(args.groups);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const YEAR = new Date().getUTCFullYear();
const SEASON = { from: `${YEAR}-09-01`, to: `${YEAR + 1}-06-15` };
const MONTHS = [`${YEAR}-10`, `${YEAR}-12`, `${YEAR + 1}-03`];
const date = (d: string) => new Date(`${d}T00:00:00Z`);
const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);

interface DatabaseResult {
  database: string;
  groups: number;
  occurrences: number;
  monthView: Stats;
  monthItems: number;
  feed: Stats;
  feedBytes: number;
  marks: number;
  stats: Stats;
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<DatabaseResult | null> {
  const club = await openBenchClub(database, 'calendar', 'ASD Bench Calendario');
  if (!club) return null;
  const { app, db, clubId, staff } = club;
  try {

    log(`[${database}] seeding ${GROUPS} groups and their season...`);
    const venues = await db.venue.createManyAndReturn({ data: [...Array(10).keys()].map((i) => ({ clubId, name: `Impianto ${i + 1}` })), select: { id: true } });
    await db.clubClosure.create({ data: { clubId, startsOn: date(`${YEAR}-12-23`), endsOn: date(`${YEAR + 1}-01-06`), reason: 'Vacanze di Natale' } });
    const groups = await db.group.createManyAndReturn({ data: [...Array(GROUPS).keys()].map((i) => ({ clubId, name: `Squadra ${i + 1}`, type: 'athlete' as const })), select: { id: true } });
    const series = groups.flatMap((g, i) => [
      { groupId: g.id, title: `Allenamento ${i + 1}`, kind: 'allenamento' as const, recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR', startMinute: 17 * 60 + (i % 4) * 30, venueId: venues[i % 10].id },
      { groupId: g.id, title: `Atletica ${i + 1}`, kind: 'allenamento' as const, recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU', startMinute: 18 * 60, venueId: venues[(i + 3) % 10].id },
    ]);
    for (const s of series) {
      const event = await db.calendarEvent.create({ data: { clubId, kind: s.kind, title: s.title, startsOn: date(SEASON.from), startMinute: s.startMinute, durationMinutes: 90, recurrence: s.recurrence, repeatUntil: date(SEASON.to), venueId: s.venueId } });
      await db.calendarEventGroup.create({ data: { clubId, eventId: event.id, groupId: s.groupId } });
    }
    // A match most Saturdays: one-off events.
    for (const [i, g] of groups.entries()) {
      const firstSaturday = Date.parse(`${SEASON.from}T00:00:00Z`) + ((6 - date(SEASON.from).getUTCDay() + 7) % 7) * 86_400_000;
      const saturdays = [...Array(28).keys()].map((w) => new Date(firstSaturday + w * 7 * 86_400_000));
      const matches = await db.calendarEvent.createManyAndReturn({
        data: saturdays.map((d) => ({ clubId, kind: 'partita' as const, title: `Partita ${i + 1}`, startsOn: d, startMinute: 15 * 60, durationMinutes: 120, opponent: 'Avversari', home: d.getUTCDate() % 2 === 0, venueId: venues[i % 10].id })),
        select: { id: true },
      });
      await db.calendarEventGroup.createMany({ data: matches.map((m) => ({ clubId, eventId: m.id, groupId: g.id })) });
    }
    await db.$executeRawUnsafe('ANALYZE');

    let occurrences = 0;
    for (let m = new Date(date(SEASON.from)); m <= date(SEASON.to); m.setUTCMonth(m.getUTCMonth() + 1)) {
      const month = m.toISOString().slice(0, 7);
      occurrences += ((await staff('query($f: String!, $t: String!) { calendar(from: $f, to: $t) { ... on QueryCalendarSuccess { data { date } } } }', { f: `${month}-01`, t: lastDayOf(month) })).value.data as unknown[]).length;
    }
    log(`[${database}] ${occurrences} occurrences in the season`);

    const monthTimes: number[] = [];
    let monthItems = 0;
    for (const month of MONTHS) {
      for (let i = 0; i < 30; i++) {
        const { value, ms } = await staff('query($f: String!, $t: String!) { calendar(from: $f, to: $t) { ... on QueryCalendarSuccess { data { date startTime endTime cancelled changed venueId event { id kind title venueName groups { id name } } } } } }', { f: `${month}-01`, t: lastDayOf(month) });
        monthItems = Math.max(monthItems, (value.data as unknown[]).length);
        monthTimes.push(ms);
      }
    }

    const made = (await staff('mutation($k: String!, $id: ID!) { createCalendarFeed(kind: $k, targetId: $id) { ... on MutationCreateCalendarFeedSuccess { data { url } } } }', { k: 'group', id: groups[0].id })).value;
    const path = new URL(made.data.url).pathname;
    const feedTimes: number[] = [];
    let feedBytes = 0;
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: path });
      if (res.statusCode !== 200 || !res.body.startsWith('BEGIN:VCALENDAR')) throw new Error(`feed: ${res.statusCode}`);
      feedTimes.push(performance.now() - t);
      feedBytes = res.rawPayload.length;
    }
    log(`[${database}] seeding the attendance of the season...`);
    await seedAthletes(db, clubId, { count: GROUPS * 25 });
    const athletes = (await db.person.findMany({ where: { clubId }, select: { id: true }, orderBy: { id: 'asc' } })).map((p) => p.id);
    const trainings = await db.calendarEvent.findMany({ where: { clubId, kind: 'allenamento' }, include: { groups: true } });
    let marks = 0;
    for (const event of trainings) {
      const squad = athletes.slice((groups.findIndex((g) => g.id === event.groups[0].groupId) * 25) % athletes.length).slice(0, 25);
      const rule = event.recurrence === 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU' ? [2] : [1, 3, 5];
      const days: Date[] = [];
      for (let d = new Date(date(SEASON.from)); d <= date(SEASON.to); d = new Date(d.getTime() + 86_400_000)) if (rule.includes(d.getUTCDay())) days.push(d);
      const sheets = await db.attendanceSheet.createManyAndReturn({ data: days.map((d) => ({ clubId, eventId: event.id, occursOn: d, submissionId: randomUUID(), takenAt: d })), select: { id: true } });
      const rows = sheets.flatMap((sheet, i) => squad.map((personId, j) => ({ sheetId: sheet.id, clubId, personId, present: (i + j) % 8 !== 0 })));
      for (let i = 0; i < rows.length; i += 5000) await db.attendanceMark.createMany({ data: rows.slice(i, i + 5000) });
      marks += rows.length;
    }
    await db.$executeRawUnsafe('ANALYZE');
    log(`[${database}] ${marks} attendance marks`);
    const statsTimes: number[] = [];
    for (const personId of [athletes[0], athletes[Math.floor(athletes.length / 2)], athletes[athletes.length - 1]]) {
      for (let i = 0; i < 30; i++) {
        const { value, ms } = await staff('query($f: String!, $t: String!, $p: ID) { attendanceStats(from: $f, to: $t, personId: $p) { ... on QueryAttendanceStatsSuccess { data { people { name sessions present rate } months { month rate } total { rate } } } } }', { f: SEASON.from, t: SEASON.to, p: personId });
        if (!value.data) throw new Error(JSON.stringify(value));
        statsTimes.push(ms);
      }
    }
    const result = { database, groups: GROUPS, occurrences, monthView: stats(monthTimes), monthItems, feed: stats(feedTimes), feedBytes, marks, stats: stats(statsTimes) };
    log(`[${database}] month view (${monthItems} occurrences) p95 ${result.monthView.p95} ms; ICS feed (${feedBytes} bytes) p95 ${result.feed.p95} ms; an athlete's season statistics p95 ${result.stats.p95} ms`);
    return result;
  } finally {
    await club.close();
  }
}

const startedAt = new Date();
const loadAtStart = os.loadavg();
const results: DatabaseResult[] = [];
for (const database of DATABASES) {
  const result = await benchDatabase(database);
  if (result) results.push(result);
}
const targets: Target[] = results.flatMap((r) => [
  { target: `[${r.database}] month view, ${r.groups} groups and ${r.occurrences} occurrences in the season, p95 < 50 ms server time${r.database === 'postgres' ? '' : " (the target is PostgreSQL's)"}`, value: `${r.monthView.p95} ms (${r.monthItems} occurrences in the month)`, met: r.monthView.p95 < 50 },
  { target: `[${r.database}] a group's ICS feed of the season < 200 ms`, value: `p95 ${r.feed.p95} ms (${r.feedBytes} bytes)`, met: r.feed.p95 < 200 },
  { target: `[${r.database}] an athlete's attendance statistics for the season < 100 ms`, value: `p95 ${r.stats.p95} ms (${r.marks} marks in the club)`, met: r.stats.p95 < 100 },
]);
logTargets('Targets', targets);
await writeResults('calendar', startedAt, loadAtStart, { groups: GROUPS, targets, results });
process.exit(0);
