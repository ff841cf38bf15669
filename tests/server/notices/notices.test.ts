// Notices (issue 39 point 1, and the read confirmation of point 3) over the real app and database (both), mail through
// a real SMTP server: an audience resolved to people and then to who receives for each (an adult themselves, a
// minor's guardians, one recipient for two children), previewed before sending; an urgent notice mailed with a link
// of each recipient's own that opens it and confirms the reading, which the history shows per recipient; a coach only
// to the groups they coach; field messages; another club's ids reaching nobody and its notices unknown.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { pinnedToday } from '../../support/clock';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let club: ClubWithRoles;
let otherClub: ClubWithRoles;
let coach: Credentials;
let secretary: Credentials;
let twoChildren: TestFamily;
let adultId: string;
let lonelyMinorId: string;
let otherClubPersonId: string;
let otherGroupId: string;
let coachPersonId: string;
// The app's clock at 12:00 in Rome today: outside the default quiet hours (22:00-07:00), where a normal notice waits
// for the morning instead of going at once (CI ran this file after 22:00 and failed).
const { today, now: clock } = pinnedToday();
const year = Number(today.slice(0, 4));

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = secretary): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const PREVIEW = `query($a: NoticeAudienceInput!) { noticeRecipientsPreview(audience: $a) { __typename ... on QueryNoticeRecipientsPreviewSuccess { data { withoutEmail recipients { personId name email forNames } } } ${ERRORS} } }`;
const SEND = `mutation($input: SendNoticeInput!) { sendNotice(input: $input) { __typename ... on MutationSendNoticeSuccess { data { message recipients emailed notice { id title urgent } } } ${ERRORS} } }`;
const HISTORY = `query($id: ID!) { noticeHistory(noticeId: $id) { __typename ... on QueryNoticeHistorySuccess { data { notice { title recipientCount } recipients { personId name forNames email emailedAt openedAt confirmedAt } } } ${ERRORS} } }`;
const OPEN = `mutation($t: String!) { openNoticeByToken(token: $t) { clubName title body urgent recipientName forNames confirmedAt } }`;
const CONFIRM = `mutation($t: String!) { confirmNoticeByToken(token: $t) { __typename ... on MutationConfirmNoticeByTokenSuccess { data { message notice { confirmedAt } } } ${ERRORS} } }`;
const LIST = `{ notices { id title urgent recipientCount confirmedCount } }`;

const tokenIn = (text: string) => /\/avviso\/([\w-]+)/.exec(text)![1];
const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(address)).map(readMail).filter((m) => subject.test(m.subject));

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>', publicUrl: 'https://campobase.test' }, { now: clock });
  club = await clubWithEveryRole(t.deps, 'ASD Avvisi');
  otherClub = await clubWithEveryRole(t.deps, 'ASD Altrove');
  coach = as(club.members.allenatore);
  secretary = as(club.members.segreteria);
  const ctx = await clubContext(t.deps, club.members.owner);
  // In the coached group: an adult athlete, two children of one parent, a minor with no guardian on record.
  const adult = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname: 'Adulta', birthday: '1996-04-04', emailPrimary: 'ada.adulta@example.it' } });
  twoChildren = await familyOf(ctx, [`${year - 12}-05-05`, `${year - 9}-03-03`], 'Fratelli');
  await t.deps.systemDb.person.update({ where: { id: twoChildren.parentId }, data: { emailPrimary: 'genitore.fratelli@example.it' } });
  const lonely = await createPerson(ctx, 'athlete', { profile: { firstname: 'Nino', lastname: 'Solo', birthday: `${year - 15}-01-01` } });
  coachPersonId = (await createPerson(ctx, 'coach', { profile: { firstname: 'Carlo', lastname: 'Mister', birthday: '1970-07-07', emailPrimary: 'carlo.mister@example.it' } })).personId;
  otherGroupId = (await t.deps.systemDb.group.create({ data: { clubId: club.clubId, name: 'Gruppo non allenato', type: 'athlete' } })).id;
  adultId = adult.personId;
  lonelyMinorId = lonely.personId;
  const roles = [adult.roleId, ...twoChildren.children.map((c) => c.roleId), lonely.roleId];
  await t.deps.systemDb.groupMember.createMany({ data: roles.map((roleId) => ({ clubId: club.clubId, groupId: club.coachedGroupId, roleId })) });
  const otherCtx = await clubContext(t.deps, otherClub.members.owner);
  otherClubPersonId = (await createPerson(otherCtx, 'athlete', { profile: { firstname: 'Olga', lastname: 'Altrove', birthday: '1990-01-01', emailPrimary: 'olga@example.it' } })).personId;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('notices', () => {
  it('resolves an audience to who receives: the adult, one parent for two children, a minor with no guardian', async () => {
    const res = await call(PREVIEW, { a: { groupIds: [club.coachedGroupId] } });
    expect(res.__typename, JSON.stringify(res)).toBe('QueryNoticeRecipientsPreviewSuccess');
    const byId = new Map(res.data.recipients.map((r: any) => [r.personId, r]));
    expect(byId.get(adultId)).toMatchObject({ name: 'Ada Adulta', email: 'ada.adulta@example.it', forNames: 'Ada Adulta' });
    expect(byId.get(twoChildren.parentId)).toMatchObject({ email: 'genitore.fratelli@example.it', forNames: 'Luca Fratelli, Sara Fratelli' });
    expect(byId.get(lonelyMinorId)).toMatchObject({ name: 'Nino Solo', email: null });
    for (const child of twoChildren.children) expect(byId.has(child.personId)).toBe(false); // their parent receives
    expect(res.data.recipients).toHaveLength(3);
    expect(res.data.withoutEmail).toBe(1);
  });

  it('sends an urgent notice: mailed with a link that opens it and confirms the reading, seen per recipient', async () => {
    const sent = await call(SEND, { input: { title: 'Partita spostata', body: 'La partita di sabato si gioca alle 17:00.', urgent: true, audience: { groupIds: [club.coachedGroupId] } } });
    expect(sent.__typename, JSON.stringify(sent)).toBe('MutationSendNoticeSuccess');
    expect(sent.data).toMatchObject({ message: NOTICE_MSG.sent(3), recipients: 3, emailed: 2 });
    const noticeId = sent.data.notice.id;

    await vi.waitFor(() => expect(mailsTo('genitore.fratelli@example.it', /Partita spostata/)).toHaveLength(1), { timeout: 15_000 });
    const [mail] = mailsTo('genitore.fratelli@example.it', /Partita spostata/);
    expect(mail.subject).toBe('URGENTE: Partita spostata · ASD Avvisi');
    expect(mail.text).toContain('ASD Avvisi ti scrive per Luca Fratelli, Sara Fratelli.');
    expect(mail.text).toContain('La partita di sabato si gioca alle 17:00.');
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(`https://campobase.test/avviso/${token}`);

    const opened = await call(OPEN, { t: token }, null);
    expect(opened).toMatchObject({ clubName: 'ASD Avvisi', title: 'Partita spostata', urgent: true, recipientName: 'Anna Fratelli', forNames: expect.stringContaining('Luca Fratelli'), confirmedAt: null });
    let history = await call(HISTORY, { id: noticeId });
    const parentRow = () => history.data.recipients.find((r: any) => r.personId === twoChildren.parentId);
    expect(parentRow()).toMatchObject({ emailedAt: expect.any(String), openedAt: expect.any(String), confirmedAt: null });
    expect(history.data.recipients.find((r: any) => r.personId === lonelyMinorId)).toMatchObject({ email: null, emailedAt: null });

    const confirmed = await call(CONFIRM, { t: token }, null);
    expect(confirmed.data).toMatchObject({ message: NOTICE_MSG.confirmed, notice: { confirmedAt: expect.any(String) } });
    expect((await call(CONFIRM, { t: token }, null)).data.message).toBe(NOTICE_MSG.alreadyConfirmed);
    history = await call(HISTORY, { id: noticeId });
    expect(parentRow().confirmedAt).toEqual(expect.any(String));
    expect(history.data.notice).toMatchObject({ title: 'Partita spostata', recipientCount: 3 });
    const listed = (await call(LIST, {})).find((n: any) => n.id === noticeId);
    expect(listed).toMatchObject({ urgent: true, recipientCount: 3, confirmedCount: 1 });

    // The notice and its recipients are in the access log.
    await t.deps.accessLog.flush();
    const logged = await t.deps.systemDb.accessLogEntry.findFirst({ where: { clubId: club.clubId, detail: { contains: 'Avviso «Partita spostata» (urgente) a 3 destinatari' } } });
    expect(logged?.detail).toContain('Anna Fratelli');
  });

  it('a normal notice needs no confirmation; an unknown link opens nothing', async () => {
    const sent = await call(SEND, { input: { title: 'Foto di squadra', body: 'Portate la divisa.', audience: { personIds: [adultId] } } });
    expect(sent.data).toMatchObject({ recipients: 1, emailed: 1 });
    await vi.waitFor(() => expect(mailsTo('ada.adulta@example.it', /Foto di squadra/)).toHaveLength(1), { timeout: 15_000 });
    const [mail] = mailsTo('ada.adulta@example.it', /Foto di squadra/);
    expect(mail.subject).toBe('Foto di squadra · ASD Avvisi');
    expect(mail.text).toContain('ASD Avvisi ti scrive.');
    const refused = await call(CONFIRM, { t: tokenIn(mail.text) }, null);
    expect(refused).toMatchObject({ __typename: 'ValidationError', message: NOTICE_MSG.notUrgent });
    expect(await call(OPEN, { t: 'x'.repeat(43) }, null)).toBeNull();
    expect(await call(OPEN, { t: '../../etc' }, null)).toBeNull();
    expect((await call(CONFIRM, { t: 'y'.repeat(43) }, null)).__typename).toBe('NotFoundError');
  });

  it('audiences by role and by hand; field messages in Italian', async () => {
    const coaches = await call(PREVIEW, { a: { roleKinds: ['coach'] } });
    expect(coaches.data.recipients.map((r: any) => r.personId)).toEqual([coachPersonId]);
    const byHand = await call(PREVIEW, { a: { personIds: [adultId, twoChildren.children[1].personId] } });
    expect(byHand.data.recipients.map((r: any) => [r.personId, r.forNames])).toEqual([
      [adultId, 'Ada Adulta'],
      [twoChildren.parentId, 'Sara Fratelli'],
    ]);
    const empty = await call(SEND, { input: { title: ' ', body: '', audience: {} } });
    expect(empty.__typename).toBe('ValidationError');
    const fields = Object.fromEntries(empty.fields.map((f: any) => [f.field, f.message]));
    expect(fields).toMatchObject({ title: NOTICE_MSG.titleRequired, body: NOTICE_MSG.bodyRequired, 'audience.audience': NOTICE_MSG.audienceRequired });
    const badId = await call(PREVIEW, { a: { groupIds: ['not-a-uuid'] } });
    expect(badId).toMatchObject({ __typename: 'ValidationError', fields: [{ message: MSG.idInvalid }] });
  });

  it('a coach sends only to the groups they coach; a read-only role sends nothing', async () => {
    const own = await call(PREVIEW, { a: { groupIds: [club.coachedGroupId] } }, coach);
    expect(own.__typename).toBe('QueryNoticeRecipientsPreviewSuccess');
    for (const audience of [{ roleKinds: ['athlete'] }, { personIds: [adultId] }, { groupIds: [club.coachedGroupId], roleKinds: ['coach'] }, { groupIds: [otherGroupId] }]) {
      const refused = await call(SEND, { input: { title: 'Dal coach', body: 'Testo', audience } }, coach);
      expect(refused, JSON.stringify(audience)).toMatchObject({ __typename: 'ForbiddenError', message: NOTICE_MSG.coachGroupsOnly });
    }
    const readOnly = await call(SEND, { input: { title: 'Lettura', body: 'Testo', audience: { groupIds: [club.coachedGroupId] } } }, as(club.members.lettura));
    expect(readOnly.__typename ?? readOnly).not.toBe('MutationSendNoticeSuccess');
    expect(await t.deps.systemDb.notice.count({ where: { clubId: club.clubId, title: { in: ['Dal coach', 'Lettura'] } } })).toBe(0);
  });

  it("another club's ids are refused like unknown ones, nothing is sent, and its notices are unknown", async () => {
    for (const audience of [{ personIds: [otherClubPersonId] }, { groupIds: [otherClub.coachedGroupId] }, { personIds: [adultId, otherClubPersonId] }, { seasonId: otherClubPersonId }, { callUp: { eventId: otherClubPersonId, occursOn: '2026-12-01' } }]) {
      const refused = await call(SEND, { input: { title: 'Intruso', body: 'Testo', audience } });
      expect(refused, JSON.stringify(audience)).toMatchObject({ __typename: 'ValidationError', message: MSG.idInvalid });
      expect((await call(PREVIEW, { a: audience })).__typename).toBe('ValidationError');
    }
    expect(await t.deps.systemDb.notice.count({ where: { title: 'Intruso' } })).toBe(0);
    const theirs = await call(SEND, { input: { title: 'Loro', body: 'Testo', audience: { personIds: [otherClubPersonId] } } }, as(otherClub.members.segreteria));
    expect(theirs.__typename).toBe('MutationSendNoticeSuccess');
    expect(await call(HISTORY, { id: theirs.data.notice.id })).toMatchObject({ __typename: 'NotFoundError' });
    expect((await call(LIST, {})).map((n: any) => n.title)).not.toContain('Loro');
    // A group of the club that reaches nobody is no error in the preview, and refused when sending.
    const emptyGroup = (await t.deps.systemDb.group.create({ data: { clubId: club.clubId, name: 'Gruppo vuoto', type: 'athlete' } })).id;
    expect((await call(PREVIEW, { a: { groupIds: [emptyGroup] } })).data.recipients).toEqual([]);
    expect(await call(SEND, { input: { title: 'Vuoto', body: 'Testo', audience: { groupIds: [emptyGroup] } } })).toMatchObject({ __typename: 'ValidationError', message: NOTICE_MSG.noRecipients });
  });

  it('an audience of more than 5,000 is refused once counted, before anyone is named or recorded', async () => {
    const db = t.deps.systemDb;
    const big = await clubWithEveryRole(t.deps, 'ASD Moltitudine');
    const people = await db.person.createManyAndReturn({
      data: [...Array(5001).keys()].map((i) => ({ clubId: big.clubId, firstname: `Atleta${i}`, lastname: 'Folla', searchText: '', birthday: new Date('1990-01-01T00:00:00Z') })),
      select: { id: true },
    });
    await db.personRole.createMany({ data: people.map((p) => ({ clubId: big.clubId, personId: p.id, kind: 'athlete' as const })) });
    const tooMany = NOTICE_MSG.tooManyRecipients(5000);
    const sent = await call(SEND, { input: { title: 'A tutti', body: 'Testo', audience: { roleKinds: ['athlete'] } } }, as(big.members.segreteria));
    expect(sent).toMatchObject({ __typename: 'ValidationError', message: tooMany });
    expect((await call(PREVIEW, { a: { roleKinds: ['athlete'] } }, as(big.members.segreteria))).message).toBe(tooMany);
    expect(await db.notice.count({ where: { clubId: big.clubId } })).toBe(0);
  }, 120_000);

  it('the database refuses a receipt that links two clubs, however it is written (one check per insert statement)', async () => {
    const db = t.deps.systemDb;
    const theirs = await db.notice.create({ data: { clubId: otherClub.clubId, title: 'Prova', body: 'Testo', audience: {} } });
    const ours = await db.notice.findFirstOrThrow({ where: { clubId: club.clubId } });
    const crossClub = (e: unknown) => JSON.stringify(e).includes('23514') || String((e as Error).message).includes('different clubs');
    // Our club's row naming their notice, in a batch with a valid row: the whole statement is refused.
    await expect(db.noticeRecipient.createMany({ data: [
      { clubId: club.clubId, noticeId: ours.id, personId: otherClubPersonId, forPersonIds: [otherClubPersonId] },
    ] })).rejects.toSatisfy(crossClub);
    await expect(db.noticeRecipient.createMany({ data: [
      { clubId: otherClub.clubId, noticeId: theirs.id, personId: otherClubPersonId, forPersonIds: [otherClubPersonId] },
      { clubId: otherClub.clubId, noticeId: ours.id, personId: otherClubPersonId, forPersonIds: [otherClubPersonId] },
    ] })).rejects.toSatisfy(crossClub);
    expect(await db.noticeRecipient.count({ where: { noticeId: theirs.id } })).toBe(0);
    // An update moving a receipt to another club's person is refused too; one that changes no link passes.
    const receipt = await db.noticeRecipient.create({ data: { clubId: otherClub.clubId, noticeId: theirs.id, personId: otherClubPersonId, forPersonIds: [otherClubPersonId] } });
    await expect(db.noticeRecipient.update({ where: { id: receipt.id }, data: { personId: adultId } })).rejects.toSatisfy(crossClub);
    await db.noticeRecipient.update({ where: { id: receipt.id }, data: { openedAt: new Date() } });
  });

  it('a category of 200 minors reaches their 300 guardians, one mail each naming their child, no minor mailed', async () => {
    const db = t.deps.systemDb;
    const clubId = club.clubId;
    const category = await db.group.create({ data: { clubId, name: 'Under 12 (200)', type: 'athlete' } });
    const person = (firstname: string, lastname: string, birthday: string, emailPrimary: string | null) => ({ clubId, firstname, lastname, searchText: '', birthday: new Date(`${birthday}T00:00:00Z`), emailPrimary });
    // Minor i has guardian A (all), and guardian B for the even ones: 200 + 100 = 300 guardians.
    const minors = await db.person.createManyAndReturn({ data: [...Array(200).keys()].map((i) => person(`Bimbo${i}`, `Categoria${i}`, `${year - 11}-03-03`, `bimbo${i}@example.it`)), select: { id: true, firstname: true, lastname: true } });
    const roles = await db.personRole.createManyAndReturn({ data: minors.map((m) => ({ clubId, personId: m.id, kind: 'athlete' as const })), select: { id: true } });
    await db.groupMember.createMany({ data: roles.map((r) => ({ clubId, groupId: category.id, roleId: r.id })) });
    const guardians = await db.person.createManyAndReturn({
      data: minors.flatMap((_m, i) => [person(`Madre${i}`, `Categoria${i}`, '1985-01-01', `madre${i}@example.it`), ...(i % 2 === 0 ? [person(`Padre${i}`, `Categoria${i}`, '1984-01-01', `padre${i}@example.it`)] : [])]),
      select: { id: true, firstname: true },
    });
    const guardianOf = (g: { firstname: string }) => minors[Number(/\d+/.exec(g.firstname)![0])];
    await db.guardianship.createMany({ data: guardians.map((g) => ({ clubId, minorId: guardianOf(g).id, guardianId: g.id, relationship: 'genitore' as const })) });
    expect(guardians).toHaveLength(300);

    const preview = await call(PREVIEW, { a: { groupIds: [category.id] } });
    expect(preview.data.recipients).toHaveLength(300);
    expect(preview.data.withoutEmail).toBe(0);
    const sent = await call(SEND, { input: { title: 'Torneo Under 12', body: 'Sabato torneo a Cremona.', audience: { groupIds: [category.id] } } });
    expect(sent.data).toMatchObject({ recipients: 300, emailed: 300, message: NOTICE_MSG.sent(300) });
    await vi.waitFor(() => expect(smtp.received.filter((m) => readMail(m).subject.startsWith('Torneo Under 12'))).toHaveLength(300), { timeout: 60_000, interval: 250 });
    const mails = smtp.received.map((m) => ({ to: m.to, ...readMail(m) })).filter((m) => m.subject.startsWith('Torneo Under 12'));
    for (const g of guardians) {
      const theirs = mails.filter((m) => m.to.includes(`${g.firstname.toLowerCase()}@example.it`));
      const child = guardianOf(g);
      expect(theirs, g.firstname).toHaveLength(1);
      expect(theirs[0].text).toContain(`ti scrive per ${child.firstname} ${child.lastname}.`);
    }
    expect(mails.some((m) => m.to.some((a) => a.startsWith('bimbo')))).toBe(false);
    const history = await call(HISTORY, { id: sent.data.notice.id });
    expect(history.data.recipients).toHaveLength(300);
    expect(history.data.recipients.every((r: any) => r.emailedAt)).toBe(true);
  }, 120_000);

  it("the personal area lists what the account received, opens and confirms it; the data export holds it; nobody else's", async () => {
    const parent: Credentials = { token: twoChildren.token };
    const MINE = `{ myNotices { __typename ... on QueryMyNoticesSuccess { data { recipientId clubName title urgent forNames openedAt confirmedAt } } } }`;
    const OPEN_MINE = `mutation($id: ID!) { openMyNotice(recipientId: $id) { __typename ... on MutationOpenMyNoticeSuccess { data { openedAt } } ... on BaseError { message } } }`;
    const CONFIRM_MINE = `mutation($id: ID!) { confirmMyNotice(recipientId: $id) { __typename ... on MutationConfirmMyNoticeSuccess { data { message notice { confirmedAt } } } ${ERRORS} } }`;
    const sent = await call(SEND, { input: { title: 'Cambio maglie', body: 'Nuove maglie da ritirare.', urgent: true, audience: { groupIds: [club.coachedGroupId] } } });
    expect(sent.__typename).toBe('MutationSendNoticeSuccess');
    const mine = (await call(MINE, {}, parent)).data;
    const received = mine.find((n: any) => n.title === 'Cambio maglie');
    expect(received).toMatchObject({ clubName: 'ASD Avvisi', urgent: true, forNames: 'Luca Fratelli, Sara Fratelli', openedAt: null, confirmedAt: null });
    // Somebody else: another family's account, a club's staff account, no session.
    const stranger = await familyOf(await clubContext(t.deps, otherClub.members.owner), [`${year - 10}-01-01`], 'Estranei');
    expect((await call(MINE, {}, { token: stranger.token })).data).toEqual([]);
    // (The secretary's account has no person of a family: refused as such.)
    for (const [creds, refusal] of [[{ token: stranger.token }, 'NotFoundError'], [secretary, 'ForbiddenError']] as const) {
      expect((await call(OPEN_MINE, { id: received.recipientId }, creds)).__typename).toBe(refusal);
      expect((await call(CONFIRM_MINE, { id: received.recipientId }, creds)).__typename).toBe(refusal);
    }
    expect((await call(OPEN_MINE, { id: 'nope' }, parent)).__typename).toBe('NotFoundError');

    expect((await call(OPEN_MINE, { id: received.recipientId }, parent)).data.openedAt).toEqual(expect.any(String));
    expect((await call(CONFIRM_MINE, { id: received.recipientId }, parent)).data.message).toBe(NOTICE_MSG.confirmed);
    expect((await call(CONFIRM_MINE, { id: received.recipientId }, parent)).data.message).toBe(NOTICE_MSG.alreadyConfirmed);
    const history = await call(HISTORY, { id: sent.data.notice.id });
    expect(history.data.recipients.find((r: any) => r.personId === twoChildren.parentId)).toMatchObject({ openedAt: expect.any(String), confirmedAt: expect.any(String) });

    // A child's data export lists the notices their parent received for them.
    const res = await t.app.inject({ method: 'GET', url: `/api/area/persone/${twoChildren.children[0].personId}/dati.json`, headers: { authorization: `Bearer ${twoChildren.token}` } });
    expect(res.statusCode).toBe(200);
    const exported = res.json().noticesReceived;
    expect(exported).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Cambio maglie', urgent: true, receivedBy: 'Anna Fratelli', confirmedAt: expect.any(String) })]));

    // The child's page lists it for the staff: received by the parent, opened, confirmed; the parent's page too.
    const PERSON_NOTICES = `query($id: ID!) { personNotices(personId: $id) { __typename ... on QueryPersonNoticesSuccess { data { noticeId title urgent recipientName forSelf delivery openedAt confirmedAt } } ... on BaseError { message } } }`;
    const ofChild = (await call(PERSON_NOTICES, { id: twoChildren.children[0].personId })).data;
    expect(ofChild.find((n: any) => n.title === 'Cambio maglie')).toEqual({
      noticeId: sent.data.notice.id, title: 'Cambio maglie', urgent: true, recipientName: 'Anna Fratelli', forSelf: false, delivery: expect.stringMatching(/^(in_coda|inviata)$/), openedAt: expect.any(String), confirmedAt: expect.any(String),
    });
    expect((await call(PERSON_NOTICES, { id: twoChildren.parentId })).data.find((n: any) => n.title === 'Cambio maglie')).toMatchObject({ forSelf: true, recipientName: 'Anna Fratelli' });
    // Another club's person is unknown; the treasurer has no notices; a malformed id is unknown.
    expect((await call(PERSON_NOTICES, { id: otherClubPersonId })).__typename).toBe('NotFoundError');
    expect((await call(PERSON_NOTICES, { id: twoChildren.children[0].personId }, as(otherClub.members.segreteria))).__typename).toBe('NotFoundError');
    expect((await call(PERSON_NOTICES, { id: twoChildren.children[0].personId }, as(club.members.tesoriere))).__typename).toBe('ForbiddenError');
    expect((await call(PERSON_NOTICES, { id: 'nope' })).__typename).toBe('NotFoundError');
  });

  it('a coach of two groups sends to one of them, and reads histories and a person\'s notices only for their groups\' athletes', async () => {
    const ctx = await clubContext(t.deps, club.members.owner);
    const mine = await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla', lastname: 'Mia', birthday: '1999-01-01', emailPrimary: 'carla@example.it' } });
    const theirs = await createPerson(ctx, 'athlete', { profile: { firstname: 'Dario', lastname: 'Altrui', birthday: '1998-01-01', emailPrimary: 'dario@example.it' } });
    const second = await t.deps.systemDb.group.create({ data: { clubId: club.clubId, name: 'Secondo gruppo', type: 'athlete' } });
    const elsewhere = await t.deps.systemDb.group.create({ data: { clubId: club.clubId, name: 'Non suo', type: 'athlete' } });
    await t.deps.systemDb.groupMember.createMany({ data: [{ clubId: club.clubId, groupId: second.id, roleId: mine.roleId }, { clubId: club.clubId, groupId: elsewhere.id, roleId: theirs.roleId }] });
    await t.deps.systemDb.membership.updateMany({ where: { token: coach.club }, data: { groupIds: [club.coachedGroupId, second.id] } });
    try {
      // To one of the two groups: the statement narrows to the coach's groups, the push flags included.
      const own = await call(SEND, { input: { title: 'Solo il secondo', body: 'Allenamento alle 18.', audience: { groupIds: [second.id] } } }, coach);
      expect(own).toMatchObject({ __typename: 'MutationSendNoticeSuccess', data: { recipients: 1 } });
      // The secretary's notice to both groups: the coach's history names only the receipt of their athlete.
      const both = await call(SEND, { input: { title: 'A tutti e due', body: 'Campo chiuso.', audience: { groupIds: [second.id, elsewhere.id] } } });
      expect(both.data.recipients).toBe(2);
      expect((await call(HISTORY, { id: both.data.notice.id })).data.recipients.map((r: any) => r.name).sort()).toEqual(['Carla Mia', 'Dario Altrui']);
      expect((await call(HISTORY, { id: both.data.notice.id }, coach)).data.recipients.map((r: any) => r.name)).toEqual(['Carla Mia']);
      const PERSON_NOTICES = `query($id: ID!) { personNotices(personId: $id) { __typename ... on QueryPersonNoticesSuccess { data { title } } ${ERRORS} } }`;
      expect((await call(PERSON_NOTICES, { id: mine.personId }, coach)).data.map((n: any) => n.title).sort()).toEqual(['A tutti e due', 'Solo il secondo']);
      // An athlete of another group is out of the coach's sight.
      expect((await call(PERSON_NOTICES, { id: theirs.personId }, coach)).__typename).toBe('NotFoundError');
    } finally {
      await t.deps.systemDb.membership.updateMany({ where: { token: coach.club }, data: { groupIds: [club.coachedGroupId] } });
    }
  });
});
