// Attendance (issue 38 point 3) over the real app and database (both): a day's roster, a sheet stored once whatever
// the times the phone sends it (the same submission again, two at once), replaced whole by a newer one and never by
// an older one arriving late; refused for a day not yet come, a cancelled day or an athlete outside the groups; the
// statistics per athlete and per month, and their export; a coach only for their groups, another club refused.
import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { MSG } from '../../../schema/messages';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles;
let coach: Credentials;
let eventId: string;
let otherEventId: string;
const athletes: string[] = [];
let outsider: string;
const today = clubDate(new Date());
/** The series' days: every day from three weeks ago to three weeks ahead. */
const day = (offset: number) => addDays(today, offset);

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = coach): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const RECORD = `mutation($input: RecordAttendanceInput!) { recordAttendance(input: $input) { __typename ... on MutationRecordAttendanceSuccess { data { message stored present total } } ${ERRORS} } }`;
const SHEET = `query($e: ID!, $d: String!) { attendanceSheet(eventId: $e, occursOn: $d) { __typename ... on QueryAttendanceSheetSuccess { data { takenAt rows { personId name present reason } } } ${ERRORS} } }`;
const STATS = `query($f: String!, $t: String!, $g: ID, $p: ID) { attendanceStats(from: $f, to: $t, groupId: $g, personId: $p) { __typename ... on QueryAttendanceStatsSuccess { data { people { personId name sessions present rate } months { month sessions present rate } total { sessions present rate } } } ${ERRORS} } }`;

const sheet = (occursOn: string, absent: Record<string, string>, takenAt: Date, submissionId = randomUUID(), people = athletes) => ({
  eventId,
  occursOn,
  submissionId,
  takenAt: takenAt.toISOString(),
  marks: people.map((personId) => ({ personId, present: !(personId in absent), reason: absent[personId] ?? null })),
});
const marksOf = async (occursOn: string) =>
  Object.fromEntries((await t.deps.systemDb.attendanceMark.findMany({ where: { sheet: { eventId, occursOn: new Date(`${occursOn}T00:00:00Z`) } } })).map((m) => [m.personId, m.present]));

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Presenze');
  coach = as(club.members.allenatore);
  const ctx = await clubContext(t.deps, club.members.owner);
  const roles: string[] = [];
  for (const firstname of ['Alba', 'Bice', 'Ciro']) {
    const p = await createPerson(ctx, 'athlete', { profile: { firstname, lastname: 'Presente', birthday: '2010-01-01' } });
    athletes.push(p.personId);
    roles.push(p.roleId);
  }
  const out = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ugo', lastname: 'Altrove', birthday: '2010-01-01' } });
  outsider = out.personId;
  await t.deps.systemDb.groupMember.createMany({ data: roles.map((roleId) => ({ clubId: club.clubId, groupId: club.coachedGroupId, roleId })) });
  const otherGroup = await createGroupWith(t.deps, club.clubId, 'athlete', 'Altro gruppo', [out.roleId]);
  const save = async (groupId: string, title: string) => {
    const saved = await call(`mutation($input: SaveCalendarEventInput!) { saveCalendarEvent(input: $input) { __typename ... on MutationSaveCalendarEventSuccess { data { event { id } } } ${ERRORS} } }`, {
      input: { kind: 'allenamento', title, groupIds: [groupId], startsOn: day(-21), startTime: '18:00', durationMinutes: 90, repeat: { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(21) }, skipClosures: false },
    }, as(club.members.segreteria));
    expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveCalendarEventSuccess');
    return saved.data.event.id as string;
  };
  eventId = await save(club.coachedGroupId, 'Allenamento');
  otherEventId = await save(otherGroup.id, 'Altro allenamento');
}, 120_000);
afterAll(() => t.close());

describe('taking attendance', () => {
  it("gives the day's roster, nothing taken yet", async () => {
    const res = (await call(SHEET, { e: eventId, d: day(-1) })).data;
    expect(res.takenAt).toBeNull();
    expect(res.rows.map((r: any) => [r.name, r.present])).toEqual([['Alba Presente', null], ['Bice Presente', null], ['Ciro Presente', null]]);
  });

  it('stores a sheet once, however many times the phone sends it, and never lets an older one win', async () => {
    const t1 = new Date(`${day(-1)}T17:00:00Z`);
    const first = sheet(day(-1), { [athletes[2]]: 'Influenza' }, t1);
    expect((await call(RECORD, { input: first })).data).toEqual({ message: CAL_MSG.attendanceSaved(2, 3), stored: true, present: 2, total: 3 });
    // The same submission again (the phone was not sure it went): nothing changes.
    expect((await call(RECORD, { input: first })).data).toMatchObject({ message: CAL_MSG.attendanceAlreadySaved, stored: false });
    expect(await t.deps.systemDb.attendanceMark.count({ where: { sheet: { eventId } } })).toBe(3);
    // A correction taken later replaces the sheet whole.
    const t2 = new Date(t1.getTime() + 15 * 60_000);
    expect((await call(RECORD, { input: sheet(day(-1), {}, t2) })).data).toMatchObject({ stored: true, present: 3 });
    // An older sheet that was waiting on another phone changes nothing.
    expect((await call(RECORD, { input: sheet(day(-1), { [athletes[0]]: 'Assente' }, new Date(t1.getTime() - 60_000)) })).data).toMatchObject({ message: CAL_MSG.attendanceOlder, stored: false });
    expect(await marksOf(day(-1))).toEqual({ [athletes[0]]: true, [athletes[1]]: true, [athletes[2]]: true });
    const res = (await call(SHEET, { e: eventId, d: day(-1) })).data;
    expect(res.takenAt).toBe(t2.toISOString());
  });

  it('two sends of the same new sheet at once: stored once', async () => {
    const input = sheet(day(-2), { [athletes[1]]: 'Scuola' }, new Date(`${day(-2)}T17:00:00Z`));
    const answers = await Promise.all([call(RECORD, { input }), call(RECORD, { input })]);
    expect(answers.map((a) => a.data.stored).sort()).toEqual([false, true]);
    expect(await t.deps.systemDb.attendanceSheet.count({ where: { eventId, occursOn: new Date(`${day(-2)}T00:00:00Z`) } })).toBe(1);
    expect(await marksOf(day(-2))).toEqual({ [athletes[0]]: true, [athletes[1]]: false, [athletes[2]]: true });
  });

  it('refuses a day not yet come, a cancelled day, an athlete outside the groups', async () => {
    expect(await call(RECORD, { input: sheet(day(2), {}, new Date()) })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'occursOn', message: CAL_MSG.attendanceNotYet }] });
    await call(`mutation($input: CalendarOccurrenceChangeInput!) { changeCalendarOccurrence(input: $input) { __typename } }`, { input: { eventId, occursOn: day(-3), cancel: true } }, as(club.members.segreteria));
    expect(await call(RECORD, { input: sheet(day(-3), {}, new Date()) })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'occursOn', message: CAL_MSG.occurrenceNotFound }] });
    expect(await call(RECORD, { input: sheet(day(-4), {}, new Date(), randomUUID(), [...athletes, outsider]) })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'marks', message: CAL_MSG.attendanceNotAthlete }] });
  });

  it("a coach only for their groups; a read-only member never; another club's member reaches nothing", async () => {
    expect(await call(RECORD, { input: { ...sheet(day(-1), {}, new Date(), randomUUID(), [outsider]), eventId: otherEventId } })).toMatchObject({ __typename: 'ForbiddenError', message: CAL_MSG.coachGroupsOnly });
    expect(await call(RECORD, { input: sheet(day(-5), {}, new Date()) }, as(club.members.lettura))).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    expect(await call(RECORD, { input: sheet(day(-5), {}, new Date()) }, as(club.stranger))).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SHEET, { e: eventId, d: day(-1) }, as(club.stranger))).toMatchObject({ __typename: 'NotFoundError' });
    expect(await t.deps.systemDb.attendanceSheet.count({ where: { eventId, occursOn: new Date(`${day(-5)}T00:00:00Z`) } })).toBe(0);
  });
});

describe('statistics', () => {
  it('per athlete, per month and in total, for a group or an athlete', async () => {
    const stats = (await call(STATS, { f: day(-30), t: today, g: club.coachedGroupId, p: null })).data;
    expect(stats.people.map((p: any) => [p.name, p.sessions, p.present, p.rate])).toEqual([
      ['Presente Alba', 2, 2, 100],
      ['Presente Bice', 2, 1, 50],
      ['Presente Ciro', 2, 2, 100],
    ]);
    expect(stats.total).toEqual({ sessions: 6, present: 5, rate: 83.3 });
    expect(stats.months.reduce((s: number, m: any) => s + m.sessions, 0)).toBe(6);
    const one = (await call(STATS, { f: day(-30), t: today, g: null, p: athletes[1] })).data;
    expect(one.people).toEqual([{ personId: athletes[1], name: 'Presente Bice', sessions: 2, present: 1, rate: 50 }]);
  });

  it('exports them for the spreadsheet; a coach sees only their groups; another club nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/presenze.xlsx?from=${day(-30)}&to=${today}&groupId=${club.coachedGroupId}`, headers: { authorization: `Bearer ${as(club.members.segreteria).token}`, 'x-club': as(club.members.segreteria).club! } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(res.rawPayload).Sheets.Presenze, { header: 1 });
    expect(rows).toEqual([['Atleta', 'Presenze', 'Appuntamenti', 'Percentuale'], ['Presente Alba', 2, 2, 100], ['Presente Bice', 1, 2, 50], ['Presente Ciro', 2, 2, 100]]);
    expect((await t.app.inject({ method: 'GET', url: `/api/presenze.csv?from=${day(-30)}&to=${today}`, headers: { authorization: `Bearer ${coach.token}`, 'x-club': coach.club! } })).statusCode).toBe(403);
    const other = await createGroupWith(t.deps, club.clubId, 'athlete', 'Non mio');
    // An athlete group the coach does not coach is out of their scope: unknown to them.
    expect(await call(STATS, { f: day(-30), t: today, g: other.id, p: null })).toMatchObject({ __typename: 'NotFoundError' });
    expect((await call(STATS, { f: day(-30), t: today, g: null, p: null })).data.people.map((p: any) => p.personId).sort()).toEqual([...athletes].sort());
    expect(await call(STATS, { f: day(-30), t: today, g: club.coachedGroupId, p: null }, as(club.stranger))).toMatchObject({ __typename: 'NotFoundError' });
    expect((await call(STATS, { f: day(-30), t: today, g: null, p: null }, as(club.stranger))).data.people).toEqual([]);
    expect(await call(STATS, { f: day(-500), t: today, g: null, p: null })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'to', message: CAL_MSG.attendanceRangeInvalid }] });
  });
});
