// The delivery of notices (issue 39 points 2, 3 and 5) over the real app and database (both), mail through a real
// SMTP server, on a clock the test moves: quiet hours (a normal notice at 22:30 waits for 07:00 Europe/Rome, an urgent
// one goes at once), scheduled sending and its cancelling, the delivery job's pace (urgent first, a run mails at most
// its share) and its crash safety (a claim whose run died is taken again, a mailed recipient never twice), each
// recipient's delivery state, the club's daily limit, the quiet hours' settings and who may change them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { deliverNotices, remindUnconfirmed } from '../../../server/modules/notices/notice-delivery.job';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../support/smtp-server';
import { decodeQuotedPrintable, outboxDelivered, startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let club: ClubWithRoles;
let otherClub: ClubWithRoles;
let secretary: Credentials;
const people: string[] = [];
let noEmailId: string;
// 1 December 2026, 22:30 in Rome (UTC+1): inside the default quiet hours 22:00-07:00.
// (Five people receive a dozen notices within the real hour: the per-recipient throttle is raised, not tested here.)
let at = new Date('2026-12-01T21:30:00Z');
const MORNING = '2026-12-02T06:00:00.000Z'; // 07:00 in Rome

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = secretary): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SEND = `mutation($input: SendNoticeInput!) { sendNotice(input: $input) { __typename ... on MutationSendNoticeSuccess { data { message recipients emailed notice { id status deliverAt scheduledFor sentAt } } } ${ERRORS} } }`;
const CANCEL = `mutation($id: ID!) { cancelNotice(noticeId: $id) { __typename ... on MutationCancelNoticeSuccess { data { message notice { status cancelledAt } } } ${ERRORS} } }`;
const HISTORY = `query($id: ID!) { noticeHistory(noticeId: $id) { __typename ... on QueryNoticeHistorySuccess { data { notice { status } counts { waiting } recipients { personId email delivery deliveryError emailedAt } } } ${ERRORS} } }`;
const SETTINGS = `{ noticeSettings { quietStart quietEnd } }`;
const SAVE_SETTINGS = `mutation($input: NoticeSettingsInput!) { saveNoticeSettings(input: $input) { __typename ... on MutationSaveNoticeSettingsSuccess { data { message quietStart quietEnd } } ${ERRORS} } }`;

const mailsWith = (subject: string) => smtp.received.filter((m) => readMail(m).subject.includes(subject));
const send = (title: string, extra: Record<string, unknown> = {}, personIds = people) =>
  call(SEND, { input: { title, body: `Testo di ${title}.`, audience: { personIds }, ...extra } });
const fieldsOf = (res: any) => Object.fromEntries((res.fields ?? []).map((f: any) => [f.field, f.message]));

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>', publicUrl: 'https://campobase.test', mailPerRecipientHourly: 1000 }, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Consegne');
  otherClub = await clubWithEveryRole(t.deps, 'ASD Lontana');
  secretary = as(club.members.segreteria);
  await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { primaryColor: '#c00000' } });
  const ctx = await clubContext(t.deps, club.members.owner);
  for (const [i, name] of ['Alba', 'Bruno', 'Carla', 'Dario', 'Elsa'].entries()) {
    const p = await createPerson(ctx, 'athlete', { profile: { firstname: name, lastname: 'Consegna', birthday: `199${i}-02-02`, emailPrimary: `${name.toLowerCase()}@example.it` } });
    people.push(p.personId);
  }
  noEmailId = (await createPerson(ctx, 'athlete', { profile: { firstname: 'Zeno', lastname: 'Senzamail', birthday: '1980-01-01' } })).personId;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('notice delivery', () => {
  it('in the quiet hours a normal notice waits for 07:00 in Rome while an urgent one goes at once', async () => {
    expect(await call(SETTINGS, {})).toEqual({ quietStart: 1320, quietEnd: 420 });
    const normal = await send('Allenamento spostato', {}, people.slice(0, 1));
    expect(normal.data).toMatchObject({ message: NOTICE_MSG.scheduled(1, 'il 2 dicembre 2026 alle 07:00'), notice: { status: 'programmato', deliverAt: MORNING, scheduledFor: null, sentAt: null } });
    const urgent = await send('Palestra chiusa', { urgent: true }, people.slice(0, 1));
    expect(urgent.data).toMatchObject({ message: NOTICE_MSG.sent(1), notice: { status: 'inviato', deliverAt: at.toISOString() } });

    await vi.waitFor(() => expect(mailsWith('Palestra chiusa')).toHaveLength(1), { timeout: 15_000 });
    const history = await call(HISTORY, { id: normal.data.notice.id });
    expect(history.data.recipients[0]).toMatchObject({ delivery: 'in_attesa', emailedAt: null });
    expect(history.data.counts.waiting).toBe(1);
    // The mail: text and HTML, in the club's name and colour, with the link.
    const raw = decodeQuotedPrintable(mailsWith('Palestra chiusa')[0].raw.replace(/\r\n/g, '\n'));
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toMatch(/background:#c00000[^>]*>ASD Consegne</);
    expect(raw).toMatch(/href="https:\/\/campobase\.test\/avviso\/[\w-]+"/);

    // 06:59: still waiting; 07:00: the delivery run starts it.
    expect(await deliverNotices(t.deps, new Date('2026-12-02T05:59:00Z'), 100)).toEqual({ started: 0, mailed: 0 });
    at = new Date(MORNING);
    expect(await deliverNotices(t.deps, at, 100)).toEqual({ started: 1, mailed: 1 });
    await outboxDelivered(t.deps);
    expect(mailsWith('Allenamento spostato')).toHaveLength(1);
    const after = await call(HISTORY, { id: normal.data.notice.id });
    expect(after.data).toMatchObject({ notice: { status: 'inviato' }, recipients: [{ delivery: 'inviata', emailedAt: expect.any(String) }] });
  });

  it('schedules a notice for a chosen time, cancels it before it starts, and refuses to once it has', async () => {
    at = new Date('2026-12-03T09:00:00Z');
    const sendAt = '2026-12-03T15:30:00+01:00';
    const scheduled = await send('Riunione genitori', { sendAt }, people.slice(0, 2));
    expect(scheduled.data).toMatchObject({
      message: NOTICE_MSG.scheduled(2, 'il 3 dicembre 2026 alle 15:30'),
      notice: { status: 'programmato', scheduledFor: '2026-12-03T14:30:00.000Z', deliverAt: '2026-12-03T14:30:00.000Z' },
    });
    const cancelled = await call(CANCEL, { id: scheduled.data.notice.id });
    expect(cancelled.data).toMatchObject({ message: NOTICE_MSG.cancelled, notice: { status: 'annullato', cancelledAt: expect.any(String) } });
    expect(await deliverNotices(t.deps, new Date('2026-12-03T15:00:00Z'), 100)).toEqual({ started: 0, mailed: 0 });
    expect(mailsWith('Riunione genitori')).toHaveLength(0);

    const goes = await send('Cena sociale', { sendAt }, people.slice(0, 1));
    expect(await deliverNotices(t.deps, new Date('2026-12-03T14:31:00Z'), 100)).toMatchObject({ started: 1 });
    const late = await call(CANCEL, { id: goes.data.notice.id });
    expect(late).toMatchObject({ __typename: 'ConflictError', message: NOTICE_MSG.alreadySent });

    expect(fieldsOf(await send('Passato', { sendAt: '2026-12-03T08:00:00Z' }))).toEqual({ sendAt: NOTICE_MSG.sendAtPast });
    expect(fieldsOf(await send('Lontano', { sendAt: '2027-06-01T08:00:00Z' }))).toEqual({ sendAt: NOTICE_MSG.sendAtTooFar(90) });
    expect(fieldsOf(await send('Storto', { sendAt: 'domani' }))).toEqual({ sendAt: NOTICE_MSG.sendAtInvalid });
  });

  it('paces the mails: a run mails at most its share, urgent notices first, and a dead run\'s claim is taken again', async () => {
    at = new Date('2026-12-04T09:00:00Z');
    const sendAt = '2026-12-04T10:00:00Z';
    const normal = await send('Turni bar', { sendAt }, people);
    const urgent = await send('Campo allagato', { sendAt, urgent: true }, people.slice(0, 2));
    const now = new Date('2026-12-04T10:00:30Z');
    expect(await deliverNotices(t.deps, now, 2)).toEqual({ started: 2, mailed: 2 });
    const firstTwo = await t.deps.systemDb.noticeRecipient.findMany({ where: { emailedAt: { not: null }, noticeId: { in: [normal.data.notice.id, urgent.data.notice.id] } } });
    expect(firstTwo.map((r) => r.noticeId)).toEqual([urgent.data.notice.id, urgent.data.notice.id]);

    // A run that died after claiming: its recipient waits for the claim's timeout, then is mailed, once.
    const stuck = await t.deps.systemDb.noticeRecipient.findFirstOrThrow({ where: { noticeId: normal.data.notice.id, personId: people[4] } });
    await t.deps.systemDb.noticeRecipient.update({ where: { id: stuck.id }, data: { claimedAt: now } });
    expect(await deliverNotices(t.deps, now, 100)).toEqual({ started: 0, mailed: 4 });
    expect(await deliverNotices(t.deps, new Date(now.getTime() + 60_000), 100)).toEqual({ started: 0, mailed: 0 });
    expect(await deliverNotices(t.deps, new Date(now.getTime() + 11 * 60_000), 100)).toEqual({ started: 0, mailed: 1 });
    expect(await deliverNotices(t.deps, new Date(now.getTime() + 30 * 60_000), 100)).toEqual({ started: 0, mailed: 0 });
    await outboxDelivered(t.deps);
    expect(mailsWith('Turni bar')).toHaveLength(5);
    expect(mailsWith('Campo allagato')).toHaveLength(2);
  });

  it('shows each recipient\'s delivery: sent, no address, and a mail the server refused', async () => {
    at = new Date('2026-12-05T09:00:00Z');
    const sent = await send('Foto di squadra', { urgent: true }, [people[0], noEmailId]);
    await vi.waitFor(() => expect(mailsWith('Foto di squadra')).toHaveLength(1), { timeout: 15_000 });
    await outboxDelivered(t.deps);
    const history = await call(HISTORY, { id: sent.data.notice.id });
    const byPerson = new Map(history.data.recipients.map((r: any) => [r.personId, r]));
    expect(byPerson.get(people[0])).toMatchObject({ delivery: 'inviata', deliveryError: null });
    expect(byPerson.get(noEmailId)).toMatchObject({ delivery: 'senza_email', email: null });
    const COUNTS = `query($id: ID!) { noticeHistory(noticeId: $id, first: 0) { ... on QueryNoticeHistorySuccess { data { counts { total delivered failed queued waiting withoutEmail } recipients { personId } } } } }`;
    expect((await call(COUNTS, { id: sent.data.notice.id })).data).toEqual({ counts: { total: 2, delivered: 1, failed: 0, queued: 0, waiting: 0, withoutEmail: 1 }, recipients: [] });
    // The outbox gave up on a mail: the history says so, with the server's answer.
    const row = await t.deps.systemDb.noticeRecipient.findFirstOrThrow({ where: { noticeId: sent.data.notice.id, personId: people[0] } });
    await t.deps.systemDb.mailOutbox.update({ where: { id: row.mailId! }, data: { status: 'failed', lastError: '550 5.1.1 mailbox unavailable' } });
    const failed = await call(HISTORY, { id: sent.data.notice.id });
    expect(failed.data.recipients.find((r: any) => r.personId === people[0])).toMatchObject({ delivery: 'non_recapitata', deliveryError: '550 5.1.1 mailbox unavailable' });
    expect((await call(COUNTS, { id: sent.data.notice.id })).data.counts).toMatchObject({ delivered: 0, failed: 1, withoutEmail: 1 });
  });

  it("refuses a notice beyond the club's daily limit, counting the last 24 hours", async () => {
    const limit = t.deps.config.noticeRecipientsPerDay;
    at = new Date('2026-12-06T10:00:00Z');
    try {
      t.deps.config.noticeRecipientsPerDay = 4;
      expect((await send('Primo', { urgent: true }, people.slice(0, 3))).__typename).toBe('MutationSendNoticeSuccess');
      const refused = await send('Secondo', { urgent: true }, people.slice(0, 2));
      expect(refused).toMatchObject({ __typename: 'ValidationError', message: NOTICE_MSG.dailyLimit(4, 1) });
      at = new Date('2026-12-07T10:01:00Z');
      expect((await send('Il giorno dopo', { urgent: true }, people.slice(0, 2))).__typename).toBe('MutationSendNoticeSuccess');
    } finally {
      t.deps.config.noticeRecipientsPerDay = limit;
    }
  });

  it('the quiet hours are the club\'s to set (club.write), validated, and none means a normal notice goes at night', async () => {
    const owner = as(club.members.owner);
    expect((await call(SAVE_SETTINGS, { input: { quietStart: 0, quietEnd: 420 } })).__typename).toBe('ForbiddenError'); // the secretary
    expect(await call(SAVE_SETTINGS, { input: { quietStart: 1500, quietEnd: 420 } }, owner)).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'quietStart', message: NOTICE_MSG.quietHoursInvalid }] });
    expect(await call(SAVE_SETTINGS, { input: { quietStart: 1320, quietEnd: null } }, owner)).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'quietEnd', message: NOTICE_MSG.quietHoursBoth }] });
    expect((await call(SAVE_SETTINGS, { input: { quietStart: null, quietEnd: null } }, as(club.members.allenatore))).__typename).toBe('ForbiddenError');
    const saved = await call(SAVE_SETTINGS, { input: { quietStart: null, quietEnd: null } }, owner);
    expect(saved.data).toEqual({ message: NOTICE_MSG.settingsSaved, quietStart: null, quietEnd: null });
    at = new Date('2026-12-08T22:30:00Z');
    const night = await send('Notturno', {}, people.slice(0, 1));
    expect(night.data.notice).toMatchObject({ status: 'inviato', deliverAt: at.toISOString() });
    // Another club's settings are untouched; its notices cannot be cancelled from here, nor ours from there.
    expect(await call(SETTINGS, {}, as(otherClub.members.owner))).toEqual({ quietStart: 1320, quietEnd: 420 });
    expect((await call(CANCEL, { id: night.data.notice.id }, as(otherClub.members.owner))).__typename).toBe('NotFoundError');
    expect((await call(CANCEL, { id: 'not-an-id' })).__typename).toBe('NotFoundError');
  });

  it('reminds once, outside the quiet hours, who has not confirmed an urgent notice after 24 hours, with a link of its own', async () => {
    const owner = as(club.members.owner);
    expect((await call(SAVE_SETTINGS, { input: { quietStart: 1320, quietEnd: 420 } }, owner)).data).toMatchObject({ quietStart: 1320, quietEnd: 420 });
    // The earlier tests' urgent notices are not this test's: taken as reminded.
    await t.deps.systemDb.noticeRecipient.updateMany({ data: { remindedAt: new Date('2026-12-09T00:00:00Z') } });
    at = new Date('2026-12-09T21:00:00Z'); // 22:00 in Rome: an urgent notice goes all the same
    const sent = await send('Spogliatoi chiusi', { urgent: true }, people.slice(0, 2));
    expect(sent.data.notice.status).toBe('inviato');
    await vi.waitFor(() => expect(mailsWith('Spogliatoi chiusi')).toHaveLength(2), { timeout: 15_000 });
    const tokenOf = (m: ReceivedMail) => /\/avviso\/([\w-]+)/.exec(readMail(m).text)![1];
    const confirming = mailsWith('Spogliatoi chiusi').find((m) => m.to.includes('bruno@example.it'))!;
    const CONFIRM = `mutation($t: String!) { confirmNoticeByToken(token: $t) { __typename ... on MutationConfirmNoticeByTokenSuccess { data { message } } } }`;
    expect((await call(CONFIRM, { t: tokenOf(confirming) }, null)).data.message).toBe(NOTICE_MSG.confirmed);

    expect(await remindUnconfirmed(t.deps, new Date('2026-12-10T20:00:00Z'), 100)).toBe(0); // 23 hours
    expect(await remindUnconfirmed(t.deps, new Date('2026-12-10T22:00:00Z'), 100)).toBe(0); // 25 hours, 23:00 in Rome
    expect(await remindUnconfirmed(t.deps, new Date('2026-12-11T06:00:00Z'), 100)).toBe(1); // 07:00
    expect(await remindUnconfirmed(t.deps, new Date('2026-12-11T08:00:00Z'), 100)).toBe(0); // once
    await outboxDelivered(t.deps);
    const reminders = smtp.received.filter((m) => readMail(m).subject === 'Promemoria: URGENTE: Spogliatoi chiusi · ASD Consegne');
    expect(reminders.map((m) => m.to)).toEqual([['alba@example.it']]);
    expect(readMail(reminders[0]).text).toContain('Non hai ancora confermato di aver letto questo avviso.');
    // The reminder's link confirms; the first mail's link still opens the notice.
    expect((await call(CONFIRM, { t: tokenOf(reminders[0]) }, null)).data.message).toBe(NOTICE_MSG.confirmed);
    const first = mailsWith('Spogliatoi chiusi').find((m) => m.to.includes('alba@example.it') && !readMail(m).subject.startsWith('Promemoria'))!;
    expect((await call(CONFIRM, { t: tokenOf(first) }, null)).data.message).toBe(NOTICE_MSG.alreadyConfirmed);
    const history = await call(`query($id: ID!) { noticeHistory(noticeId: $id) { ... on QueryNoticeHistorySuccess { data { recipients { personId remindedAt confirmedAt } } } } }`, { id: sent.data.notice.id });
    expect(history.data.recipients.find((r: any) => r.personId === people[0])).toMatchObject({ remindedAt: expect.any(String), confirmedAt: expect.any(String) });
    expect(history.data.recipients.find((r: any) => r.personId === people[1])).toMatchObject({ remindedAt: null });

    // A page of the history, with the counts of all its recipients, and the unconfirmed alone.
    const PAGE = `query($id: ID!, $first: Int, $offset: Int, $u: Boolean) { noticeHistory(noticeId: $id, first: $first, offset: $offset, unconfirmed: $u) { ... on QueryNoticeHistorySuccess { data { matching counts { total withEmail emailed opened confirmed reminded } recipients { personId } } } } }`;
    const page = (await call(PAGE, { id: sent.data.notice.id, first: 1, offset: 1 })).data;
    expect(page).toMatchObject({ matching: 2, counts: { total: 2, withEmail: 2, emailed: 2, opened: 2, confirmed: 2, reminded: 1 }, recipients: [{ personId: people[1] }] });
    const urgentToFive = await send('Tutti in campo', { urgent: true }, people);
    await call(CONFIRM, { t: tokenOf((await vi.waitFor(() => { const m = mailsWith('Tutti in campo').find((x) => x.to.includes('carla@example.it')); expect(m).toBeTruthy(); return m!; }, { timeout: 15_000 }))) }, null);
    const open = (await call(PAGE, { id: urgentToFive.data.notice.id, u: true, first: 2 })).data;
    expect(open.matching).toBe(4);
    expect(open.recipients.map((r: any) => r.personId)).toEqual([people[0], people[1]]);
    expect(open.counts).toMatchObject({ total: 5, confirmed: 1 });
  });

  it("an address past its hour's mails holds back only its own recipient, not the others written with it", async () => {
    // An app of its own where an address may have one mail an hour; two adults share one address.
    const strict = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>', mailPerRecipientHourly: 1 }, { now: () => at });
    try {
      const own = await clubWithEveryRole(strict.deps, 'ASD Famiglie Unite');
      const ctx = await clubContext(strict.deps, own.members.owner);
      const ids: string[] = [];
      for (const [name, email] of [['Anna', 'anna@unite.example.it'], ['Bice', 'casa@unite.example.it'], ['Ciro', 'casa@unite.example.it'], ['Dora', 'dora@unite.example.it']]) {
        ids.push((await createPerson(ctx, 'athlete', { profile: { firstname: name, lastname: 'Unite', birthday: '1985-03-03', emailPrimary: email } })).personId);
      }
      at = new Date('2026-12-12T10:00:00Z');
      const sent = await rootField<any>(strict.app, SEND, { input: { title: 'Cena delle famiglie unite', body: 'Sabato alle 20.', audience: { personIds: ids }, sendAt: '2026-12-12T11:00:00Z' } }, as(own.members.segreteria), (status, body) => expect(status, body).toBeLessThan(500));
      expect(sent.__typename).toBe('MutationSendNoticeSuccess');
      expect(await deliverNotices(strict.deps, new Date('2026-12-12T11:00:30Z'), 100)).toEqual({ started: 1, mailed: 3 });
      await outboxDelivered(strict.deps);
      const mails = smtp.received.filter((m) => readMail(m).subject.includes('Cena delle famiglie unite'));
      expect(mails.map((m) => m.to[0]).sort()).toEqual(['anna@unite.example.it', 'casa@unite.example.it', 'dora@unite.example.it']);
      const rows = await strict.deps.systemDb.noticeRecipient.findMany({ where: { noticeId: sent.data.notice.id }, orderBy: { emailedAt: 'asc' } });
      const held = rows.filter((r) => r.emailedAt === null);
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ email: 'casa@unite.example.it', claimedAt: expect.any(Date), mailId: null });
      expect(rows.filter((r) => r.mailId !== null)).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });
});
