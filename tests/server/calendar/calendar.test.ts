// The calendar (issue 38 points 1 and 4) over the real app and database (both): weekly trainings expanded across
// the clock changes of Europe/Rome (18:00 stays 18:00), national holidays and the club's closures skipped, one day
// cancelled or moved, the series changed or ended from a day on; a venue taken twice at the same time flagged before
// saving; the private ICS feed parsed by an independent library (ical.js): one entry per series with its rule, its
// skipped days, its moved day, its times in Europe/Rome and identifiers stable between fetches, a revoked link 404.
// A coach manages only the events of their groups, a read-only member none; another club's ids are unknown.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { MSG } from '../../../schema/messages';
import { clockFrom } from '../../../server/lib/clock';
import { rootField, type Credentials } from '../../support/http';
import { familyOf } from '../../support/family-factories';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let club: ClubWithRoles;
let secretary: Credentials;
let coach: Credentials;
let groupId: string;
let otherGroupId: string;
let venueId: string;
let seriesId: string;
/**
 * Next year (its spring and autumn clock changes are always ahead of the run), or the first one after it in which
 * 4 October, a national holiday again from 2026, is not a Tuesday: the series trains on Tuesdays from October's first,
 * and with 4 October (and 1 November, 28 days on) skipped the days below would not hold (2033).
 */
const Y = ((from: number) => {
  let year = from;
  while (new Date(`${year}-10-04T00:00:00Z`).getUTCDay() === 2) year++;
  return year;
})(new Date().getUTCFullYear() + 1);
/**
 * The app's calendar on 15 September of this year: next year's October to December 6 to 15 months ahead, inside the
 * feed's reach (120 days back, 480 ahead) whatever the day of the run (from June on, a real clock put next December
 * past it and the feed test failed).
 */
const clock = clockFrom(`${Y - 1}-09-15T12:00:00+02:00`);
const WD = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const weekday = (d: string) => WD[new Date(`${d}T00:00:00Z`).getUTCDay()];
const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const onOrAfter = (d: string, wd: string) => [0, 1, 2, 3, 4, 5, 6].map((n) => plus(d, n)).find((x) => weekday(x) === wd)!;
/** The first Tuesday of October; the last Sunday of October (the autumn change) and of March (the spring one). */
const T0 = onOrAfter(`${Y}-10-01`, 'TU');
const AUTUMN = plus(onOrAfter(`${Y}-10-25`, 'SU'), 0);
const SPRING = onOrAfter(`${Y}-03-25`, 'SU');
/** 8 December (Immacolata), a national holiday, and its weekday: the series trains on Tuesdays and on that day. */
const DEC8 = `${Y}-12-08`;
const DAYS = [...new Set(['TU', weekday(DEC8)])];
const UNTIL = `${Y}-12-22`;

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = secretary): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SAVE = `mutation($input: SaveCalendarEventInput!, $dry: Boolean, $allow: Boolean) { saveCalendarEvent(input: $input, dryRun: $dry, allowVenueClashes: $allow) { __typename ... on MutationSaveCalendarEventSuccess { data { message dryRun event { id repeat { weekdays intervalWeeks until } } clashes { date time title } } } ${ERRORS} } }`;
const CALENDAR = `query($from: String!, $to: String!, $g: [ID!]) { calendar(from: $from, to: $to, groupIds: $g) { __typename ... on QueryCalendarSuccess { data { occursOn date startTime endTime startsAt cancelled changed note event { id title } } } ${ERRORS} } }`;
const CHANGE = `mutation($input: CalendarOccurrenceChangeInput!) { changeCalendarOccurrence(input: $input) { __typename ... on MutationChangeCalendarOccurrenceSuccess { data { message } } ${ERRORS} } }`;
const FROM = `mutation($id: ID!, $from: String!, $input: SaveCalendarEventInput) { changeCalendarSeriesFrom(eventId: $id, from: $from, input: $input) { __typename ... on MutationChangeCalendarSeriesFromSuccess { data { message event { id } } } ${ERRORS} } }`;

const training = (overrides: Record<string, unknown> = {}) => ({
  kind: 'allenamento',
  title: 'Allenamento Under 12',
  groupIds: [groupId],
  venueId,
  startsOn: T0,
  startTime: '18:00',
  durationMinutes: 90,
  repeat: { weekdays: DAYS, intervalWeeks: 1, until: UNTIL },
  // A form's empty optional fields come as null.
  meetingTime: null,
  competition: null,
  ...overrides,
});
async function days(from: string, to: string, creds: Credentials = secretary, g: string[] | null = null) {
  const res = await call(CALENDAR, { from, to, g }, creds);
  expect(res.__typename, JSON.stringify(res)).toBe('QueryCalendarSuccess');
  return res.data as Array<{ occursOn: string; date: string; startTime: string; startsAt: string; cancelled: boolean; changed: boolean; note: string | null; event: { id: string; title: string } }>;
}
const feed = (token: string) => t.app.inject({ method: 'GET', url: `/calendario/${token}.ics` });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' }, { now: clock });
  club = await clubWithEveryRole(t.deps, 'ASD Calendario');
  secretary = as(club.members.segreteria);
  coach = as(club.members.allenatore);
  groupId = club.coachedGroupId;
  otherGroupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 16')).id;
  const venue = await call(`mutation { saveVenue(input: { name: "Palestra comunale", address: "Via dello Sport 1, Parma" }) { __typename ... on MutationSaveVenueSuccess { data { id } } } }`, {});
  venueId = venue.data.id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('a weekly training', () => {
  it('is checked with the form messages', async () => {
    const bad = await call(SAVE, { input: training({ title: ' ', groupIds: [], startTime: '25:00', repeat: { weekdays: [], until: `${Y}-10-01` } }) });
    expect(bad.__typename).toBe('ValidationError');
    expect(bad.fields).toEqual(
      expect.arrayContaining([
        { field: 'title', message: CAL_MSG.eventTitleRequired },
        { field: 'groupIds', message: CAL_MSG.eventGroupsRequired },
        { field: 'startTime', message: CAL_MSG.eventTimeInvalid },
        { field: 'repeat.weekdays', message: CAL_MSG.eventWeekdaysRequired },
      ]),
    );
    const match = await call(SAVE, { input: training({ kind: 'partita', repeat: null }) });
    expect(match.fields).toEqual([{ field: 'home', message: CAL_MSG.matchHomeRequired }]);
  });

  it('stays at 18:00 across the autumn clock change, skipping the national holidays and the club\'s closures', async () => {
    await call(`mutation($i: ClosureInput!) { saveClosure(input: $i) { __typename } }`, { i: { startsOn: `${Y}-12-13`, endsOn: `${Y}-12-19`, reason: 'Palestra chiusa per lavori' } });
    const saved = await call(SAVE, { input: training() });
    expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveCalendarEventSuccess');
    expect(saved.data.event.repeat).toEqual({ weekdays: DAYS, intervalWeeks: 1, until: UNTIL });
    seriesId = saved.data.event.id;
    const list = await days(`${Y}-10-01`, `${Y}-12-31`);
    const expected = [...Array(90).keys()].map((n) => plus(T0, n)).filter((d) => d <= UNTIL && DAYS.includes(weekday(d)) && d !== DEC8 && !(d >= `${Y}-12-13` && d <= `${Y}-12-19`));
    expect(list.map((o) => o.date)).toEqual(expected);
    expect(list.every((o) => o.startTime === '18:00')).toBe(true);
    // The instant moves by an hour across the change; the wall clock does not.
    const before = list.find((o) => o.date === plus(AUTUMN, -5))!;
    const after = list.find((o) => o.date === plus(AUTUMN, 2))!;
    expect(new Date(before.startsAt).getUTCHours()).toBe(16);
    expect(new Date(after.startsAt).getUTCHours()).toBe(17);
  });

  it('stays at 18:00 across the spring clock change too', async () => {
    const spring = await call(SAVE, { input: training({ title: 'Primavera', venueId: null, startsOn: `${Y}-03-10`, repeat: { weekdays: ['TU', 'TH'], until: `${Y}-04-16` } }) });
    const list = (await days(`${Y}-03-01`, `${Y}-04-30`)).filter((o) => o.event.id === spring.data.event.id);
    const utcHours = new Set(list.map((o) => `${o.date < SPRING ? 'winter' : 'summer'}:${new Date(o.startsAt).getUTCHours()}`));
    expect(utcHours).toEqual(new Set(['winter:17', 'summer:16']));
    expect(list.every((o) => o.startTime === '18:00')).toBe(true);
  });

  it('a day cancelled or moved alone; the series changed, then ended, from a day on', async () => {
    // A day of the first week the series does not train on (T0 + 5, a Sunday, does when 8 December is one: 2030).
    const offDay = [1, 2, 3, 4, 5, 6].map((n) => plus(T0, n)).find((d) => !DAYS.includes(weekday(d)))!;
    expect(await call(CHANGE, { input: { eventId: seriesId, occursOn: offDay } })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'occursOn', message: CAL_MSG.occurrenceNotFound }] });
    expect((await call(CHANGE, { input: { eventId: seriesId, occursOn: plus(T0, 7), cancel: true, note: 'Palestra occupata' } })).data.message).toBe(CAL_MSG.occurrenceCancelled);
    expect((await call(CHANGE, { input: { eventId: seriesId, occursOn: plus(T0, 14), startsOn: plus(T0, 16), startTime: '19:00' } })).data.message).toBe(CAL_MSG.occurrenceChanged);
    const october = await days(T0, plus(T0, 30));
    expect(october.find((o) => o.occursOn === plus(T0, 7))).toMatchObject({ cancelled: true, note: 'Palestra occupata' });
    expect(october.find((o) => o.occursOn === plus(T0, 14))).toMatchObject({ date: plus(T0, 16), startTime: '19:00', changed: true });
    const from = plus(T0, 49);
    const changed = await call(FROM, { id: seriesId, from, input: training({ startsOn: from, startTime: '17:30', repeat: { weekdays: ['TU'], until: UNTIL } }) });
    expect(changed.data.message).toBe(CAL_MSG.followingChanged);
    const late = (await days(plus(from, -7), plus(from, 7))).filter((o) => o.event.title === 'Allenamento Under 12' && weekday(o.date) === 'TU');
    expect(late.map((o) => `${o.date} ${o.startTime}`)).toEqual([`${plus(from, -7)} 18:00`, `${from} 17:30`, `${plus(from, 7)} 17:30`]);
    // The first Tuesday of December: always a day of the series (the Tuesday on or after 20 December was 26 December,
    // a holiday, or past UNTIL in four years of seven: the suite failed for all of 2027).
    const endFrom = onOrAfter(`${Y}-12-01`, 'TU');
    const ended = await call(FROM, { id: changed.data.event.id, from: endFrom, input: null });
    expect(ended.data?.message, JSON.stringify(ended)).toBe(CAL_MSG.followingCancelled);
    expect((await days(endFrom, `${Y}-12-31`)).filter((o) => o.event.title === 'Allenamento Under 12')).toEqual([]);
  });
});

describe('the venue', () => {
  it('taken at the same time by another event is flagged before saving, and saved only when confirmed', async () => {
    const clash = training({ title: 'Under 16', groupIds: [otherGroupId], startsOn: T0, startTime: '19:00', repeat: { weekdays: ['TU'], until: plus(T0, 28) } });
    const preview = await call(SAVE, { input: clash, dry: true });
    // The second Tuesday is cancelled and the third moved to the Thursday: those Tuesdays are free.
    expect(preview.data.clashes.map((c: any) => c.date)).toEqual([T0, plus(T0, 21), plus(T0, 28)]);
    expect(preview.data.clashes[0]).toMatchObject({ time: '18:00-19:30', title: 'Allenamento Under 12' });
    expect(await call(SAVE, { input: clash })).toMatchObject({ __typename: 'ConflictError', message: CAL_MSG.venueBusy(3) });
    expect((await call(SAVE, { input: { ...clash, startTime: '19:30' }, dry: true })).data.clashes).toEqual([]);
    expect((await call(SAVE, { input: clash, allow: true })).__typename).toBe('MutationSaveCalendarEventSuccess');
  });
});

describe('who may', () => {
  it('a coach manages the events of their groups only; a read-only member none; all staff read', async () => {
    const own = await call(SAVE, { input: training({ title: 'Del mister', venueId: null, repeat: null }) }, coach);
    expect(own.__typename, JSON.stringify(own)).toBe('MutationSaveCalendarEventSuccess');
    expect(await call(SAVE, { input: training({ groupIds: [otherGroupId], venueId: null, repeat: null }) }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: CAL_MSG.coachGroupsOnly });
    // Their own event's day, cancelled: the notice to their group goes out under their scope.
    expect((await call(CHANGE, { input: { eventId: own.data.event.id, occursOn: T0, cancel: true } }, coach)).data.message).toBe(CAL_MSG.occurrenceCancelled);
    const others = (await days(T0, plus(T0, 30))).find((o) => o.event.title === 'Under 16')!;
    expect(await call(CHANGE, { input: { eventId: others.event.id, occursOn: others.occursOn, cancel: true } }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: CAL_MSG.coachGroupsOnly });
    expect(await call(SAVE, { input: training({ venueId: null }) }, as(club.members.lettura))).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    expect((await days(`${Y}-10-01`, `${Y}-10-31`, as(club.members.tesoriere))).length).toBeGreaterThan(0);
    expect(await call(`mutation { saveVenue(input: { name: "Campo B" }) { __typename ... on BaseError { message } } }`, {}, coach)).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
  });

  it("another club's members see none of it and reach none of it by id", async () => {
    const stranger = as(club.stranger);
    expect(await days(`${Y}-10-01`, `${Y}-10-31`, stranger)).toEqual([]);
    expect(await call(CALENDAR, { from: `${Y}-10-01`, to: `${Y}-10-31`, g: [groupId] }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(CHANGE, { input: { eventId: seriesId, occursOn: plus(T0, 21), cancel: true } }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SAVE, { input: training() }, stranger)).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'groupIds', message: CAL_MSG.eventGroupsRequired }] });
    expect(await call(SAVE, { input: training({ groupIds: [] }) }, stranger)).toMatchObject({ __typename: 'ValidationError' });
    expect(await call(`mutation($id: ID!) { archiveVenue(id: $id) { __typename } }`, { id: venueId }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(`mutation($k: String!, $id: ID!) { createCalendarFeed(kind: $k, targetId: $id) { __typename } }`, { k: 'group', id: groupId }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await t.deps.systemDb.calendarEvent.count({ where: { clubId: club.stranger.clubId } })).toBe(0);
  });

  it('the calendar is read at most 93 days at a time', async () => {
    expect(await call(CALENDAR, { from: `${Y}-01-01`, to: `${Y}-12-31` })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'to', message: CAL_MSG.calendarRangeInvalid }] });
  });
});

describe('the private ICS feed', () => {
  let token: string;

  it('is one entry per series, with its rule, skipped days and moved day, in Europe/Rome, read by ical.js', async () => {
    const holiday = await call(SAVE, { input: training({ title: 'Dicembre', venueId: null, startsOn: plus(DEC8, -7), repeat: { weekdays: [weekday(DEC8)], until: plus(DEC8, 7) } }) });
    const made = await call(`mutation($k: String!, $id: ID!) { createCalendarFeed(kind: $k, targetId: $id) { __typename ... on MutationCreateCalendarFeedSuccess { data { url message } } ${ERRORS} } }`, { k: 'group', id: groupId });
    expect(made.data.message).toBe(CAL_MSG.feedCreated);
    token = /\/calendario\/([\w-]+)\.ics$/.exec(made.data.url)![1];
    const res = await feed(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const root = new ICAL.Component(ICAL.parse(res.body));
    const zone = root.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    ICAL.TimezoneService.register(zone);
    const events = root.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const series = events.filter((e) => e.uid === `${seriesId}@campobase`);
    const master = series.find((e) => !e.isRecurrenceException())!;
    expect(master.isRecurring()).toBe(true);
    expect(String(master.component.getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY');
    // The moved day is its own entry, by the day it replaces; the cancelled day and the holiday are not in the series.
    const moved = series.find((e) => e.isRecurrenceException())!;
    expect(moved.startDate.toString()).toBe(`${plus(T0, 16)}T19:00:00`);
    expect(moved.recurrenceId.toString()).toBe(`${plus(T0, 14)}T18:00:00`);
    const it = master.iterator();
    const starts: string[] = [];
    const exdates = master.component.getAllProperties('exdate').flatMap((p) => p.getValues().map((v: ICAL.Time) => v.toString().slice(0, 10)));
    for (let next = it.next(); next; next = it.next()) if (!exdates.includes(next.toString().slice(0, 10))) starts.push(next.toString());
    expect(starts).not.toContain(`${plus(T0, 7)}T18:00:00`);
    expect(exdates).toContain(plus(T0, 7));
    // The holiday and the closure are days the rule has and the calendar skips: EXDATEs of the series.
    const december = events.find((e) => e.uid === `${holiday.data.event.id}@campobase`)!;
    expect(december.component.getAllProperties('exdate').flatMap((p) => p.getValues().map((v: ICAL.Time) => v.toString()))).toEqual([`${DEC8}T18:00:00`, `${plus(DEC8, 7)}T18:00:00`]);
    expect(events.filter((e) => e.uid === `${holiday.data.event.id}@campobase`)).toHaveLength(1);
    expect(starts).toContain(`${plus(AUTUMN, -5)}T18:00:00`);
    expect(starts).toContain(`${plus(AUTUMN, 2)}T18:00:00`);
    // The series was split from its eighth week: the first part ends there, the holiday was in the second part.
    expect(starts.every((s) => s < `${plus(T0, 49)}T00:00:00` && s.endsWith('T18:00:00'))).toBe(true);
    // The same wall time is a different instant on either side of the change: the zone does the work.
    const utc = (s: string) => {
      const time = ICAL.Time.fromDateTimeString(s);
      time.zone = master.startDate.zone;
      return time.toJSDate().toISOString();
    };
    expect(utc(`${plus(AUTUMN, -5)}T18:00:00`)).toBe(`${plus(AUTUMN, -5)}T16:00:00.000Z`);
    expect(utc(`${plus(AUTUMN, 2)}T18:00:00`)).toBe(`${plus(AUTUMN, 2)}T17:00:00.000Z`);
    // Identifiers stay the same from one fetch to the next.
    const again = new ICAL.Component(ICAL.parse((await feed(token)).body)).getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('uid')));
    expect(again.sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it('a revoked or unknown link answers 404', async () => {
    const feeds = await call(`query($id: ID!) { calendarFeeds(kind: "group", targetId: $id) { id revoked } }`, { id: groupId });
    expect(feeds).toHaveLength(1);
    expect((await call(`mutation($id: ID!) { revokeCalendarFeed(id: $id) { __typename ... on MutationRevokeCalendarFeedSuccess { data { message } } } }`, { id: feeds[0].id })).data.message).toBe(CAL_MSG.feedRevoked);
    expect((await feed(token)).statusCode).toBe(404);
    expect((await feed('x'.repeat(43))).statusCode).toBe(404);
    expect((await feed('../../etc')).statusCode).toBe(404);
  });

  it("a family's own link: its children's groups' events, named for whom; another family or club reaches nothing", async () => {
    const ctx = await clubContext(t.deps, club.members.owner);
    const family = await familyOf(ctx, [`${Y - 11}-04-04`, `${Y - 8}-05-05`], 'Famigliafeed');
    const [luca, sara] = family.children;
    const under8 = await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 8 feed');
    await t.deps.systemDb.groupMember.createMany({ data: [{ clubId: club.clubId, groupId, roleId: luca.roleId }, { clubId: club.clubId, groupId: under8.id, roleId: sara.roleId }] });
    const small = await call(SAVE, { input: training({ title: 'Minibasket', groupIds: [under8.id], venueId: null, repeat: { weekdays: ['FR'], intervalWeeks: 1, until: plus(T0, 60) } }) });
    const parent = { token: family.token };
    const MINE = `mutation($c: ID!) { createMyCalendarFeed(clubId: $c) { __typename ... on MutationCreateMyCalendarFeedSuccess { data { url message id } } ${ERRORS} } }`;
    // A club the family is not in, and a staff-only call: refused like unknown ids.
    const outsider = await clubWithEveryRole(t.deps, 'ASD Altra Feed');
    expect(await call(MINE, { c: outsider.clubId }, parent)).toMatchObject({ __typename: 'NotFoundError' });
    expect((await call(MINE, { c: club.clubId }, secretary)).__typename).not.toBe('MutationCreateMyCalendarFeedSuccess');
    const made = await call(MINE, { c: club.clubId }, parent);
    expect(made.data.message).toBe(CAL_MSG.feedCreated);
    const familyToken = /\/calendario\/([\w-]+)\.ics$/.exec(made.data.url)![1];
    const res = await feed(familyToken);
    expect(res.statusCode, res.body).toBe(200);
    const root = new ICAL.Component(ICAL.parse(res.body));
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('ASD Calendario: famiglia');
    const events = root.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const mini = events.find((e) => e.uid === `${small.data.event.id}@campobase`)!;
    expect(mini.description).toContain('Per: Sara');
    expect(mini.description).not.toContain('Luca');
    const series = events.find((e) => e.uid === `${seriesId}@campobase` && !e.isRecurrenceException())!;
    expect(series.description).toContain('Per: Luca');
    // Another group's events are not the family's.
    const others = await days(T0, plus(T0, 30), secretary, [otherGroupId]);
    for (const o of others) expect(events.some((e) => e.uid === `${o.event.id}@campobase`)).toBe(false);
    // The family sees its links; another family sees none of them and cannot revoke them.
    const stranger = await familyOf(ctx, [`${Y - 9}-06-06`], 'Estraneifeed');
    const mine = await call(`{ myCalendarFeeds { id clubId clubName revoked } }`, {}, parent);
    expect(mine).toEqual([{ id: made.data.id, clubId: club.clubId, clubName: 'ASD Calendario', revoked: false }]);
    expect(await call(`{ myCalendarFeeds { id } }`, {}, { token: stranger.token })).toEqual([]);
    const REVOKE = `mutation($id: ID!) { revokeMyCalendarFeed(id: $id) { __typename ... on MutationRevokeMyCalendarFeedSuccess { data { message } } ${ERRORS} } }`;
    expect(await call(REVOKE, { id: made.data.id }, { token: stranger.token })).toMatchObject({ __typename: 'NotFoundError' });
    expect((await feed(familyToken)).statusCode).toBe(200);
    // Staff do not list a family's links as a person's or group's, nor revoke them through their own call.
    expect(await call(`query($id: ID!) { calendarFeeds(kind: "family", targetId: $id) { id } }`, { id: family.accountId })).toEqual([]);
    expect((await call(REVOKE, { id: made.data.id }, parent)).data.message).toBe(CAL_MSG.feedRevoked);
    expect((await feed(familyToken)).statusCode).toBe(404);
    expect(await call(`{ myCalendarFeeds { revoked } }`, {}, parent)).toEqual([{ revoked: true }]);
  });
});

describe('who is concerned', () => {
  it("hears of a day cancelled or moved: a notification for each person of the groups, one mail per address", async () => {
    const ctx = await clubContext(t.deps, club.members.owner);
    const group = await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 10');
    const adult = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname: 'Avvisata', birthday: '1995-05-05', emailPrimary: 'ada.avvisata@example.it' } });
    const family = await familyOf(ctx, [`${Y - 10}-02-02`, `${Y - 9}-03-03`], 'Avvisati');
    await t.deps.systemDb.person.update({ where: { id: family.parentId }, data: { emailPrimary: 'genitore.avvisati@example.it' } });
    await t.deps.systemDb.groupMember.createMany({ data: [adult.roleId, ...family.children.map((c) => c.roleId)].map((roleId) => ({ clubId: club.clubId, groupId: group.id, roleId })) });
    const today = clubDate(clock());
    const saved = await call(SAVE, { input: training({ title: 'Allenamento Under 10', groupIds: [group.id], venueId: null, startsOn: addDays(today, -21), repeat: { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: addDays(today, 30) }, skipClosures: false }) });
    const eventId = saved.data.event.id;
    const mails = () => smtp.received.map((m) => ({ to: m.to, ...readMail(m) })).filter((m) => m.subject.startsWith('Allenamento Under 10'));
    // A day already past: nobody is told.
    expect((await call(CHANGE, { input: { eventId, occursOn: addDays(today, -7), cancel: true } })).data.message).toBe(CAL_MSG.occurrenceCancelled);
    expect(await t.deps.systemDb.notification.count({ where: { clubId: club.clubId, title: { startsWith: 'Allenamento Under 10' } } })).toBe(0);
    // A day ahead: the three athletes' notifications, and a mail to the adult and one to the parent of both children.
    expect((await call(CHANGE, { input: { eventId, occursOn: addDays(today, 7), cancel: true, note: 'Palestra chiusa per elezioni' } })).data.message).toBe(CAL_MSG.occurrenceCancelled);
    expect(await t.deps.systemDb.notification.count({ where: { clubId: club.clubId, title: { startsWith: 'Allenamento Under 10' } } })).toBe(3);
    await vi.waitFor(() => expect(mails().map((m) => m.to).flat().sort()).toEqual(['ada.avvisata@example.it', 'genitore.avvisati@example.it']), { timeout: 20_000 });
    const [mail] = mails();
    expect(mail.subject).toMatch(/^Allenamento Under 10: annullato /);
    expect(mail.text).toContain('Allenamento «Allenamento Under 10» di ');
    expect(mail.text).toContain('alle 18:00 è annullato.');
    expect(mail.text).toContain('Palestra chiusa per elezioni');
    // Moved, and then the series ended from a day on: each told.
    await call(CHANGE, { input: { eventId, occursOn: addDays(today, 8), startsOn: addDays(today, 9), startTime: '19:30' } });
    await call(FROM, { id: eventId, from: addDays(today, 14), input: null });
    await vi.waitFor(() => expect(mails()).toHaveLength(6), { timeout: 20_000 });
    expect(mails().map((m) => m.text).join('\n')).toContain('alle 19:30');
    expect(mails().some((m) => /annullato da /.test(m.subject))).toBe(true);
  });
});
