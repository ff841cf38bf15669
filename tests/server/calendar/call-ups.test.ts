// Call-ups (issue 38 point 2) over the real app and database (both), mail through a real SMTP server: each athlete
// checked when called up, for today and for the match day (a certificate expiring between the two blocks), with the
// membership of the season and the card of the competition's body; a blocked athlete left out, or called up with a
// reason only by a role allowed to override (logged); answers from the mail's link and from the personal area
// (a guardian for a minor), refused after the deadline or once withdrawn; reminders to who has not answered, at most
// every 12 hours; the checks shown without the certificate to roles that do not read health; another club and
// another family answered like unknown ids.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { MSG } from '../../../schema/messages';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let club: ClubWithRoles;
let coach: Credentials;
let secretary: Credentials;
let family: TestFamily;
let other: TestFamily;
let eventId: string;
const ids: Record<'ada' | 'bruno' | 'carla' | 'dario', string> = { ada: '', bruno: '', carla: '', dario: '' };
const today = clubDate(new Date());
const matchDay = addDays(today, 10);
const year = Number(today.slice(0, 4));

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = coach): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const CANDIDATES = `query($e: ID!, $d: String!) { callUpCandidates(eventId: $e, occursOn: $d) { __typename ... on QueryCallUpCandidatesSuccess { data { personId name blockers } } ${ERRORS} } }`;
const SEND = `mutation($input: SendCallUpsInput!) { sendCallUps(input: $input) { __typename ... on MutationSendCallUpsSuccess { data { message sent blocked { personId blockers } } } ${ERRORS} } }`;
const LIST = `query($e: ID!, $d: String!) { callUps(eventId: $e, occursOn: $d) { __typename ... on QueryCallUpsSuccess { data { id personId name response responseNote blockersAtCallUp overrideReason blockersNow remindedAt } } ${ERRORS} } }`;
const BY_TOKEN = `query($t: String!) { callUpByToken(token: $t) { id personName clubName title opponent date startTime open response } }`;
const ANSWER_TOKEN = `mutation($t: String!, $input: CallUpAnswerInput!) { answerCallUpByToken(token: $t, input: $input) { __typename ... on MutationAnswerCallUpByTokenSuccess { data { message callUp { response responseNote } } } ${ERRORS} } }`;
const ANSWER_MINE = `mutation($id: ID!, $input: CallUpAnswerInput!) { answerMyCallUp(id: $id, input: $input) { __typename ... on MutationAnswerMyCallUpSuccess { data { message callUp { response responseNote } } } ${ERRORS} } }`;
const REMIND = `mutation($e: ID!, $d: String!) { remindCallUps(eventId: $e, occursOn: $d) { __typename ... on MutationRemindCallUpsSuccess { data { message reminded } } ${ERRORS} } }`;

const send = (personIds: string[], overrides: Array<{ personId: string; reason: string }> = [], creds = coach) => call(SEND, { input: { eventId, occursOn: matchDay, personIds, overrides } }, creds);
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map(readMail).filter((m) => /convocazione/.test(m.subject));
const tokenIn = (text: string) => /\/convocazione\/([\w-]+)/.exec(text)![1];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>', publicUrl: 'https://campobase.test' });
  club = await clubWithEveryRole(t.deps, 'ASD Convocazioni');
  coach = as(club.members.allenatore);
  secretary = as(club.members.segreteria);
  const ctx = await clubContext(t.deps, club.members.owner);
  const season = await rootField<any>(t.app, '{ currentSeason { id startsOn endsOn } }', {}, as(club.members.owner), () => {});
  const athlete = async (firstname: string, certificate: string, email?: string) =>
    createPerson(ctx, 'athlete', { profile: { firstname, lastname: 'Convocabile', birthday: '1996-04-04', emailPrimary: email }, details: { medicalExaminationExpirationDate: certificate } });
  const ada = await athlete('Ada', addDays(today, 300), 'ada@example.it');
  const carla = await athlete('Carla', addDays(today, 300), 'carla@example.it');
  const dario = await athlete('Dario', addDays(today, 300), 'dario@example.it');
  family = await familyOf(ctx, [`${year - 13}-05-05`], 'Convocati');
  other = await familyOf(ctx, [`${year - 12}-06-06`], 'Estranei');
  await t.deps.systemDb.person.update({ where: { id: family.parentId }, data: { emailPrimary: 'genitore.convocati@example.it' } });
  // Bruno (the minor): his certificate runs out three days before the match.
  const bruno = family.children[0];
  await t.deps.systemDb.athleteDetails.upsert({ where: { roleId: bruno.roleId }, create: { roleId: bruno.roleId, medicalExaminationExpirationDate: new Date(`${addDays(matchDay, -3)}T00:00:00Z`) }, update: { medicalExaminationExpirationDate: new Date(`${addDays(matchDay, -3)}T00:00:00Z`) } });
  Object.assign(ids, { ada: ada.personId, bruno: bruno.personId, carla: carla.personId, dario: dario.personId });
  const roles = [ada.roleId, bruno.roleId, carla.roleId, dario.roleId, other.children[0].roleId];
  await t.deps.systemDb.groupMember.createMany({ data: roles.map((roleId) => ({ clubId: club.clubId, groupId: club.coachedGroupId, roleId })) });
  // The libro soci for the season (not Carla), the FIGC cards (not Dario).
  for (const [n, personId] of [ids.ada, ids.bruno, ids.dario, other.children[0].personId].entries()) {
    const member = await t.deps.systemDb.registerMember.create({ data: { clubId: club.clubId, personId, number: n + 1, admittedOn: new Date(`${addDays(today, -60)}T00:00:00Z`) } });
    await t.deps.systemDb.registerMemberSeason.create({ data: { clubId: club.clubId, memberId: member.id, seasonId: season.id, renewedOn: new Date(`${addDays(today, -60)}T00:00:00Z`) } });
  }
  for (const [n, personId] of [ids.ada, ids.bruno, ids.carla, other.children[0].personId].entries()) {
    await t.deps.systemDb.card.create({ data: { clubId: club.clubId, personId, seasonId: season.id, body: 'FIGC', number: `T${n}`, startsOn: new Date(`${addDays(today, -60)}T00:00:00Z`), expiresOn: new Date(`${addDays(today, 200)}T00:00:00Z`) } });
  }
  const saved = await call(`mutation($input: SaveCalendarEventInput!) { saveCalendarEvent(input: $input) { __typename ... on MutationSaveCalendarEventSuccess { data { event { id } } } ${ERRORS} } }`, {
    input: { kind: 'partita', title: 'Campionato Giovanissimi', groupIds: [club.coachedGroupId], startsOn: matchDay, startTime: '15:00', durationMinutes: 120, opponent: 'Polisportiva Rivale', home: false, competition: 'Campionato provinciale', cardBody: 'FIGC', meetingTime: '13:45', meetingPlace: 'Parcheggio della palestra' },
  }, secretary);
  expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveCalendarEventSuccess');
  eventId = saved.data.event.id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('calling athletes up', () => {
  it('checks each athlete: the certificate today and on the match day, the membership, the card of the body', async () => {
    const rows = (await call(CANDIDATES, { e: eventId, d: matchDay })).data;
    const by = Object.fromEntries(rows.map((r: any) => [r.personId, r.blockers]));
    expect(by[ids.ada]).toEqual([]);
    expect(by[ids.bruno]).toEqual([expect.stringMatching(/^Certificato medico non valido il giorno dell'evento/)]);
    expect(by[ids.carla]).toEqual([expect.stringMatching(/^Non è socio per la stagione /)]);
    expect(by[ids.dario]).toEqual([CAL_MSG.blockerCard('FIGC')]);
    expect(await call(CANDIDATES, { e: eventId, d: matchDay }, as(club.members.tesoriere))).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
  });

  it('calls up the eligible ones, leaves the blocked out, mails a link to answer', async () => {
    const sent = await send([ids.ada, ids.bruno, ids.carla, ids.dario]);
    expect(sent.__typename, JSON.stringify(sent)).toBe('MutationSendCallUpsSuccess');
    expect(sent.data).toMatchObject({ sent: 1, message: `${CAL_MSG.callUpSent(1)} ${CAL_MSG.callUpBlocked(3)}` });
    expect(sent.data.blocked.map((b: any) => b.personId).sort()).toEqual([ids.bruno, ids.carla, ids.dario].sort());
    await vi.waitFor(() => expect(mailsTo('ada@example.it')).toHaveLength(1), { timeout: 20_000 });
    const [mail] = mailsTo('ada@example.it');
    expect(mail.subject).toMatch(/^ASD Convocazioni: convocazione di Ada Convocabile per /);
    expect(mail.text).toContain('è convocato/a per partita «Campionato Giovanissimi» contro Polisportiva Rivale (in trasferta)');
    expect(mail.text).toContain('Ritrovo alle 13:45, Parcheggio della palestra.');
    expect(mail.text).toMatch(/https:\/\/campobase\.test\/convocazione\/[\w-]{40,}/);
  });

  it('a coach cannot override; the secretary can, with a reason, and the access log keeps it', async () => {
    expect(await send([ids.bruno], [{ personId: ids.bruno, reason: 'Visita già prenotata' }])).toMatchObject({ __typename: 'ForbiddenError', message: CAL_MSG.callUpOverrideForbidden });
    expect(await send([ids.bruno], [{ personId: ids.bruno, reason: ' ' }], secretary)).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'overrides.0.reason', message: CAL_MSG.callUpOverrideReasonRequired }] });
    const sent = await send([ids.bruno], [{ personId: ids.bruno, reason: 'Visita già prenotata' }], secretary);
    expect(sent.data).toMatchObject({ sent: 1, blocked: [] });
    await vi.waitFor(() => expect(mailsTo('genitore.convocati@example.it')).toHaveLength(1), { timeout: 20_000 });
    expect(mailsTo('genitore.convocati@example.it')[0].text).toMatch(/^Gentile Anna Convocati,/);
    await t.deps.accessLog.flush();
    const logged = await t.deps.systemDb.accessLogEntry.findFirst({ where: { clubId: club.clubId, detail: { contains: 'senza i requisiti' } } });
    expect(logged?.detail).toContain('Visita già prenotata');
    expect(logged?.detail).toContain("Certificato medico non valido il giorno dell'evento");
  });
});

describe('answers', () => {
  it('from the mail\'s link, with no session; a wrong answer refused in Italian', async () => {
    const token = tokenIn(mailsTo('ada@example.it')[0].text);
    const view = await call(BY_TOKEN, { t: token }, null);
    expect(view).toMatchObject({ personName: 'Ada Convocabile', clubName: 'ASD Convocazioni', title: 'Campionato Giovanissimi', opponent: 'Polisportiva Rivale', date: matchDay, startTime: '15:00', open: true, response: null });
    expect(await call(ANSWER_TOKEN, { t: token, input: { response: 'boh' } }, null)).toMatchObject({ errors: [expect.anything()] });
    const answered = await call(ANSWER_TOKEN, { t: token, input: { response: 'si', note: 'Arrivo con i miei' } }, null);
    expect(answered.data).toMatchObject({ message: CAL_MSG.callUpAnswered, callUp: { response: 'si', responseNote: 'Arrivo con i miei' } });
    expect(await call(BY_TOKEN, { t: 'x'.repeat(43) }, null)).toBeNull();
  });

  it("in the personal area, the guardian for the minor; another family's account reaches nothing", async () => {
    const parent = { token: family.token };
    const mine = await call('{ myCallUps { id personName date open response } }', {}, parent);
    expect(mine).toEqual([{ id: expect.any(String), personName: 'Luca Convocati', date: matchDay, open: true, response: null }]);
    const answered = await call(ANSWER_MINE, { id: mine[0].id, input: { response: 'forse', note: 'Dipende dalla visita' } }, parent);
    expect(answered.data).toMatchObject({ callUp: { response: 'forse' } });
    expect(await call(ANSWER_MINE, { id: mine[0].id, input: { response: 'no' } }, { token: other.token })).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call('{ myCallUps { id } }', {}, { token: other.token })).toEqual([]);
  });

  it('the staff see the answers and the checks as they stand; without health, no certificate in them', async () => {
    const list = (await call(LIST, { e: eventId, d: matchDay })).data;
    const by = Object.fromEntries(list.map((r: any) => [r.personId, r]));
    expect(by[ids.ada]).toMatchObject({ response: 'si', responseNote: 'Arrivo con i miei', blockersNow: [] });
    expect(by[ids.bruno]).toMatchObject({ response: 'forse', overrideReason: 'Visita già prenotata', blockersAtCallUp: [expect.stringMatching(/^Certificato medico/)] });
    const reader = (await call(LIST, { e: eventId, d: matchDay }, as(club.members.lettura))).data;
    expect(reader.find((r: any) => r.personId === ids.bruno)).toMatchObject({ blockersAtCallUp: [], blockersNow: [] });
  });

  it('reminds only who has not answered, at most every 12 hours', async () => {
    await send([ids.dario], [{ personId: ids.dario, reason: 'Tessera in arrivo dalla federazione' }], secretary);
    const first = await call(REMIND, { e: eventId, d: matchDay });
    expect(first.data).toMatchObject({ reminded: 1, message: CAL_MSG.callUpReminded(1) });
    await vi.waitFor(() => expect(mailsTo('dario@example.it').map((m) => m.subject)).toEqual([expect.stringContaining('convocazione'), expect.stringContaining('rispondi alla convocazione')]), { timeout: 20_000 });
    expect((await call(REMIND, { e: eventId, d: matchDay })).data.reminded).toBe(0);
  });

  it('closed after the deadline, and once withdrawn', async () => {
    const dario = mailsTo('dario@example.it').at(-1)!;
    const token = tokenIn(dario.text);
    const row = await t.deps.systemDb.callUp.findFirstOrThrow({ where: { personId: ids.dario } });
    await t.deps.systemDb.callUp.update({ where: { id: row.id }, data: { deadline: new Date(Date.now() - 60_000) } });
    expect(await call(ANSWER_TOKEN, { t: token, input: { response: 'si' } }, null)).toMatchObject({ __typename: 'ConflictError', message: CAL_MSG.callUpClosed });
    await t.deps.systemDb.callUp.update({ where: { id: row.id }, data: { deadline: new Date(Date.now() + 86_400_000) } });
    expect((await call(`mutation($id: ID!) { withdrawCallUp(id: $id) { __typename ... on MutationWithdrawCallUpSuccess { data { message } } } }`, { id: row.id })).data.message).toBe(CAL_MSG.callUpWithdrawn);
    expect(await call(ANSWER_TOKEN, { t: token, input: { response: 'si' } }, null)).toMatchObject({ __typename: 'ConflictError', message: CAL_MSG.callUpWithdrawn });
  });

  it("another club's member reaches none of it by id", async () => {
    const stranger = as(club.stranger);
    expect(await call(CANDIDATES, { e: eventId, d: matchDay }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(LIST, { e: eventId, d: matchDay }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SEND, { input: { eventId, occursOn: matchDay, personIds: [ids.ada] } }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(`mutation($id: ID!) { withdrawCallUp(id: $id) { __typename } }`, { id: (await t.deps.systemDb.callUp.findFirstOrThrow({ where: { personId: ids.ada } })).id }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await t.deps.systemDb.callUp.count({ where: { clubId: club.stranger.clubId } })).toBe(0);
  });
});
