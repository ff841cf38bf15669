// Mail that comes back, and people who do not want it (issue 39 points 2 and 3), over the real app and database
// (both), mail out through a real SMTP server and reports back through the app's own bounce listener (smtp-server):
// - each notice mail leaves with its own bounce address (bounce+<mail id>@...); a delivery status notification sent
//   there, as a remote mail server writes it, marks the recipient non_recapitata with the reason and counts on the
//   person's address: three permanent failures block it (the next notice skips it: bloccato), a full mailbox never
//   does, the club's own address never is; the secretary sees and clears the block, and so does the person;
// - a complaint turns the person's notices by e-mail off;
// - a notice that is not required carries List-Unsubscribe (RFC 8058): the one-click POST turns notices by e-mail
//   off (the next one is skipped: disiscritto), a required or urgent one is mailed all the same, without the header;
// - another club's people and another family's are refused everywhere.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { startBounceListener, type BounceListener } from '../../../server/modules/notices/bounce-listener';
import { readDeliveryReport } from '../../../server/modules/notices/delivery-reports';
import { deliverNotices } from '../../../server/modules/notices/notice-delivery.job';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../support/smtp-server';
import { outboxDelivered, startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let bounces: BounceListener;
let club: ClubWithRoles;
let otherClub: ClubWithRoles;
let secretary: Credentials;
let family: TestFamily;
const person: Record<string, { personId: string; roleId: string; email: string }> = {};
const at = new Date('2026-12-01T10:00:00Z'); // 11:00 in Rome: outside the quiet hours

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = secretary): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SEND = `mutation($input: SendNoticeInput!) { sendNotice(input: $input) { __typename ... on MutationSendNoticeSuccess { data { notice { id required } } } ${ERRORS} } }`;
const HISTORY = `query($id: ID!) { noticeHistory(noticeId: $id) { __typename ... on QueryNoticeHistorySuccess { data { counts { failed bounced skipped delivered } recipients { personId delivery deliveryError bouncedAt } } } ${ERRORS} } }`;
const STATUS_FIELDS = 'personId email noticesByEmail blocked failures lastFailure lastFailurePermanent complainedAt';
const STATUS = `query($id: ID!) { personMailStatus(roleId: $id) { __typename ... on QueryPersonMailStatusSuccess { data { ${STATUS_FIELDS} } } ${ERRORS} } }`;
const CLEAR = `mutation($id: ID!) { clearEmailBlock(roleId: $id) { __typename ... on MutationClearEmailBlockSuccess { data { message status { blocked failures } } } ${ERRORS} } }`;
const MINE = `{ myMailSettings { __typename ... on QueryMyMailSettingsSuccess { data { clubName status { ${STATUS_FIELDS} } } } ... on BaseError { message } } }`;
const SAVE_MINE = `mutation($input: MyMailSettingsInput!) { saveMyMailSettings(input: $input) { __typename ... on MutationSaveMyMailSettingsSuccess { data { message settings { status { noticesByEmail } } } } ${ERRORS} } }`;
const CLEAR_MINE = `mutation($id: ID!) { clearMyEmailBlock(personId: $id) { __typename ... on MutationClearMyEmailBlockSuccess { data { message settings { status { blocked failures } } } } ${ERRORS} } }`;
const UNSUBSCRIBE = `mutation($token: String!) { unsubscribeByToken(token: $token) { __typename ... on MutationUnsubscribeByTokenSuccess { data { message } } ... on BaseError { message } } }`;
const RESUBSCRIBE = `mutation($token: String!) { resubscribeByToken(token: $token) { __typename ... on MutationResubscribeByTokenSuccess { data { message } } ... on BaseError { message } } }`;
const BY_LINK = `mutation($token: String!) { openNoticeByToken(token: $token) { title required noticesByEmail } }`;

/** Sends a notice to `who` now and delivers it through the SMTP server: the notice's id and its mails. */
async function noticeTo(title: string, who: string[], extra: Record<string, unknown> = {}): Promise<{ id: string; mails: ReceivedMail[] }> {
  const sent = await call(SEND, { input: { title, body: `Testo di ${title}.`, audience: { personIds: who }, ...extra } });
  expect(sent.__typename, JSON.stringify(sent)).toBe('MutationSendNoticeSuccess');
  await deliverNotices(t.deps, at, 100);
  await outboxDelivered(t.deps);
  return { id: sent.data.notice.id, mails: smtp.received.filter((m) => readMail(m).subject.replace(/^URGENTE: /, "").startsWith(`${title} ·`)) };
}

const headOf = (mail: ReceivedMail) => mail.raw.replace(/\r\n/g, '\n').split('\n\n')[0];
/** A header's value, unfolded (nodemailer folds long ones onto the next line). */
const headerOf = (mail: ReceivedMail, name: string) => new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, 'im').exec(headOf(mail))?.[1]?.replace(/\n[ \t]+/g, ' ').trim() ?? null;
const tokenOf = (mail: ReceivedMail) => /\/avviso\/([\w-]+)/.exec(readMail(mail).text)![1];

/** A delivery status notification as a remote mail server writes it, about `mail`, sent to its bounce address. */
async function bounce(mail: ReceivedMail, status: string, diagnostic: string, action = 'failed') {
  const address = mail.to[0];
  const report = [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.it>',
    `To: ${mail.from}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="RPT"',
    '',
    '--RPT',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `I'm sorry to have to inform you that your message could not be delivered to ${address}.`,
    '',
    '--RPT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.it',
    '',
    `Final-Recipient: rfc822; ${address}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    '--RPT',
    'Content-Type: text/rfc822-headers',
    '',
    headOf(mail),
    '--RPT--',
    '',
  ].join('\r\n');
  await deliverToListener(mail.from, report);
}

async function deliverToListener(to: string, raw: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: bounces.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: 'MAILER-DAEMON@mx.example.it', to }, raw });
  } finally {
    transport.close();
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp(
    { smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>', mailBounceAddress: 'bounce@rimbalzi.campobase.test', publicUrl: 'https://campobase.test', mailPerRecipientHourly: 1000 },
    { now: () => at },
  );
  bounces = await startBounceListener(t.deps, 0, '127.0.0.1');
  club = await clubWithEveryRole(t.deps, 'ASD Rimbalzi');
  otherClub = await clubWithEveryRole(t.deps, 'ASD Altrove');
  secretary = as(club.members.segreteria);
  await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { emailPrimary: 'segreteria@asdrimbalzi.it' } });
  const ctx = await clubContext(t.deps, club.members.owner);
  for (const [name, email] of [['Aldo', 'aldo@example.it'], ['Bice', 'bice@example.it'], ['Ciro', 'ciro@example.it'], ['Sede', 'segreteria@asdrimbalzi.it']]) {
    const p = await createPerson(ctx, 'athlete', { profile: { firstname: name, lastname: 'Rimbalzo', birthday: '1990-03-03', emailPrimary: email } });
    person[name] = { ...p, email };
  }
  family = await familyOf(ctx, ['2016-06-06'], 'Posta');
}, 120_000);
afterAll(async () => {
  await bounces?.close();
  await t?.close();
  await smtp?.close();
});

describe('bounces', () => {
  it('reads a delivery status notification: permanent, a full mailbox (temporary), a delay, and a complaint', async () => {
    const id = '4f1c2a9e-0d7b-4c55-9a63-1b2c3d4e5f60';
    const dsn = (status: string, action = 'failed') =>
      Buffer.from(
        [
          'Content-Type: multipart/report; report-type=delivery-status; boundary="X"', '', '--X', 'Content-Type: message/delivery-status', '',
          'Reporting-MTA: dns; mx.example.it', '', 'Final-Recipient: rfc822; Someone@Example.it', `Action: ${action}`, `Status: ${status}`, '',
          '--X', 'Content-Type: text/rfc822-headers', '', `Message-ID: <${id}@campobase.test>`, 'Subject: prova', '--X--', '',
        ].join('\r\n'),
      );
    expect(await readDeliveryReport(dsn('5.1.1'), [], 'campobase.test')).toEqual({
      kind: 'bounce', mailIds: [id], failures: [{ address: 'someone@example.it', action: 'failed', status: '5.1.1', reason: 'indirizzo inesistente', permanent: true }],
    });
    expect(await readDeliveryReport(dsn('5.2.2'), [], 'campobase.test')).toMatchObject({ failures: [{ permanent: false, reason: 'casella piena' }] });
    expect(await readDeliveryReport(dsn('4.4.1', 'delayed'), [], 'campobase.test')).toMatchObject({ failures: [{ action: 'delayed', permanent: false }] });
    // Another domain's Message-ID, and no bounce address: not ours.
    expect(await readDeliveryReport(dsn('5.1.1'), [], 'altrove.it')).toBeNull();
    // The bounce address names the mail even when the report quotes nothing.
    expect(await readDeliveryReport(dsn('5.1.1'), [`bounce+${id}@rimbalzi.campobase.test`], 'altrove.it')).toMatchObject({ kind: 'bounce', mailIds: [id] });
    const arf = Buffer.from(
      [
        'Content-Type: multipart/report; report-type=feedback-report; boundary="F"', '', '--F', 'Content-Type: message/feedback-report', '',
        'Feedback-Type: abuse', 'User-Agent: SomeISP/1.0', 'Version: 1', 'Original-Rcpt-To: <someone@example.it>', '',
        '--F', 'Content-Type: message/rfc822', '', `Message-ID: <${id}@campobase.test>`, 'Subject: prova', '', 'testo', '--F--', '',
      ].join('\r\n'),
    );
    expect(await readDeliveryReport(arf, [], 'campobase.test')).toEqual({ kind: 'complaint', mailIds: [id], address: 'someone@example.it', feedbackType: 'abuse' });
    expect(await readDeliveryReport(Buffer.from('Subject: ciao\r\n\r\nnon è un rapporto'), [], 'campobase.test')).toBeNull();
  });

  it('a bounce marks the recipient with its reason; three permanent failures block the address until the secretary clears it', async () => {
    const aldo = person.Aldo;
    for (const n of [1, 2, 3]) {
      const last = await noticeTo(`Avviso rimbalzo ${n}`, [aldo.personId]);
      expect(last.mails).toHaveLength(1);
      const mail = last.mails[0];
      // Its own bounce address, naming the mail.
      expect(mail.from).toMatch(/^bounce\+[0-9a-f-]{36}@rimbalzi\.campobase\.test$/);
      await bounce(mail, '5.1.1', '550 5.1.1 <aldo@example.it>: Recipient address rejected: User unknown');
      const history = await call(HISTORY, { id: last.id });
      expect(history.data.recipients[0]).toMatchObject({ delivery: 'non_recapitata', deliveryError: '550 5.1.1 <aldo@example.it>: Recipient address rejected: User unknown', bouncedAt: expect.any(String) });
      expect(history.data.counts).toMatchObject({ failed: 1, bounced: 1, delivered: 0 });
      expect((await call(STATUS, { id: aldo.roleId })).data).toMatchObject({ failures: n, blocked: n === 3, lastFailurePermanent: true });
    }
    // Blocked: the next notice is not mailed to it.
    const next = await noticeTo('Dopo il blocco', [aldo.personId, person.Bice.personId]);
    expect(next.mails.map((m) => m.to[0])).toEqual(['bice@example.it']);
    const history = await call(HISTORY, { id: next.id });
    expect(history.data.recipients.find((r: any) => r.personId === aldo.personId)).toMatchObject({ delivery: 'bloccato' });
    expect(history.data.counts).toMatchObject({ skipped: 1, delivered: 1 });

    // Another club's secretary does not see or clear it; a coach who does not coach Aldo neither.
    const stranger = as(otherClub.members.segreteria);
    expect((await call(STATUS, { id: aldo.roleId }, stranger)).__typename).toBe('NotFoundError');
    expect((await call(CLEAR, { id: aldo.roleId }, stranger)).__typename).toBe('NotFoundError');
    expect((await call(STATUS, { id: 'nope' })).__typename).toBe('NotFoundError');
    const cleared = await call(CLEAR, { id: aldo.roleId });
    expect(cleared.data).toEqual({ message: NOTICE_MSG.blockCleared, status: { blocked: false, failures: 0 } });
    expect((await call(CLEAR, { id: aldo.roleId })).message).toBe(NOTICE_MSG.notBlocked);
    expect((await noticeTo('Sbloccato', [aldo.personId])).mails).toHaveLength(1);
  });

  it('a full mailbox never blocks, nor does any failure of the club\'s own address; a new address starts clean', async () => {
    for (const n of [1, 2, 3]) {
      const { mails } = await noticeTo(`Casella piena ${n}`, [person.Bice.personId, person.Sede.personId]);
      for (const mail of mails) await bounce(mail, mail.to[0] === 'bice@example.it' ? '5.2.2' : '5.1.1', '552 5.2.2 Mailbox full');
    }
    expect((await call(STATUS, { id: person.Bice.roleId })).data).toMatchObject({ blocked: false, failures: 0, lastFailure: '552 5.2.2 Mailbox full', lastFailurePermanent: false });
    expect((await call(STATUS, { id: person.Sede.roleId })).data).toMatchObject({ blocked: false, failures: 3 });

    // Ciro blocked, then his address changed: the new one is not blocked.
    for (const n of [1, 2, 3]) {
      const { mails } = await noticeTo(`Ciro ${n}`, [person.Ciro.personId]);
      await bounce(mails[0], '5.1.1', '550 No such user');
    }
    expect((await call(STATUS, { id: person.Ciro.roleId })).data).toMatchObject({ blocked: true });
    await t.deps.systemDb.person.update({ where: { id: person.Ciro.personId }, data: { emailPrimary: 'ciro.nuovo@example.it' } });
    expect((await call(STATUS, { id: person.Ciro.roleId })).data).toMatchObject({ email: 'ciro.nuovo@example.it', blocked: false, failures: 0 });
  });

  it('the listener takes only its own addresses and reports it can read; a report naming another address changes nothing', async () => {
    await expect(deliverToListener('chiunque@rimbalzi.campobase.test', 'Subject: x\r\n\r\ny')).rejects.toThrow(/550/);
    await expect(deliverToListener('bounce@altrove.it', 'Subject: x\r\n\r\ny')).rejects.toThrow(/550/);
    await deliverToListener('bounce@rimbalzi.campobase.test', 'Subject: spam\r\n\r\nnon è un rapporto');
    // A report on Bice's mail that names someone else: ignored.
    const { mails } = await noticeTo('Rapporto altrui', [person.Bice.personId]);
    const forged = { ...mails[0], to: ['altri@example.it'] };
    await bounce(forged, '5.1.1', '550 No such user');
    expect((await call(STATUS, { id: person.Bice.roleId })).data).toMatchObject({ lastFailurePermanent: false, failures: 0 });
  });

  it('a complaint turns notices by e-mail off', async () => {
    const { mails } = await noticeTo('Reclamo', [person.Bice.personId]);
    const arf = [
      'From: feedback@isp.example', `To: ${mails[0].from}`, 'Subject: abuse report', 'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="F"', '', '--F', 'Content-Type: text/plain', '', 'An abuse report.', '',
      '--F', 'Content-Type: message/feedback-report', '', 'Feedback-Type: abuse', 'User-Agent: ISP/1.0', 'Version: 1', '',
      '--F', 'Content-Type: text/rfc822-headers', '', headOf(mails[0]), '--F--', '',
    ].join('\r\n');
    await deliverToListener(mails[0].from, arf);
    expect((await call(STATUS, { id: person.Bice.roleId })).data).toMatchObject({ noticesByEmail: false, complainedAt: expect.any(String) });
    const next = await noticeTo('Dopo il reclamo', [person.Bice.personId]);
    expect(next.mails).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  it('a notice that is not required carries a one-click unsubscribe; after it only required and urgent notices are mailed', async () => {
    const who = family.parentId;
    const { mails, id } = await noticeTo('Festa di Natale', [who]);
    expect(mails).toHaveLength(1);
    const url = /^<(https:\/\/campobase\.test\/avviso\/[\w-]+\/disiscrivi)>$/.exec(headerOf(mails[0], 'List-Unsubscribe') ?? '')?.[1];
    expect(url).toBeDefined();
    expect(headerOf(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(readMail(mails[0]).text).toContain('Non vuoi più ricevere per e-mail gli avvisi non obbligatori? Disiscriviti: https://campobase.test/avviso/');
    const token = tokenOf(mails[0]);
    expect((await call(BY_LINK, { token }, null))).toMatchObject({ required: false, noticesByEmail: true });

    // The mail client's one-click: a form POST with no session.
    const path = new URL(url!).pathname;
    const oneClick = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toBe(NOTICE_MSG.unsubscribed('ASD Rimbalzi'));
    expect((await t.app.inject({ method: 'POST', url: '/avviso/sconosciuto-sconosciuto-sconosciuto/disiscrivi', payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/avviso/${token}?disiscrivi=1`);
    expect((await call(BY_LINK, { token }, null))).toMatchObject({ noticesByEmail: false });
    void id;

    const skipped = await noticeTo('Torneo di primavera', [who]);
    expect(skipped.mails).toHaveLength(0);
    expect((await call(HISTORY, { id: skipped.id })).data.recipients[0]).toMatchObject({ delivery: 'disiscritto' });
    // Required and urgent ones still go, with no unsubscribe.
    const required = await noticeTo('Assemblea dei soci', [who], { required: true });
    expect(required.mails).toHaveLength(1);
    expect(headerOf(required.mails[0], 'List-Unsubscribe')).toBeNull();
    expect(readMail(required.mails[0]).text).not.toContain('Disiscriviti');
    const urgent = await noticeTo('Campo chiuso', [who], { urgent: true });
    expect(urgent.mails).toHaveLength(1);
    expect(headerOf(urgent.mails[0], 'List-Unsubscribe')).toBeNull();

    // The person turns them on again in their area; then off and on from the link's page.
    const parent: Credentials = { token: family.token };
    const mine = await call(MINE, {}, parent);
    expect(mine.data).toEqual([{ clubName: 'ASD Rimbalzi', status: expect.objectContaining({ personId: who, noticesByEmail: false, blocked: false }) }]);
    const saved = await call(SAVE_MINE, { input: { personId: who, noticesByEmail: true } }, parent);
    expect(saved.data).toEqual({ message: NOTICE_MSG.mailSettingsSaved, settings: { status: { noticesByEmail: true } } });
    expect((await noticeTo('Di nuovo per e-mail', [who])).mails).toHaveLength(1);
    expect((await call(UNSUBSCRIBE, { token }, null)).data.message).toBe(NOTICE_MSG.unsubscribed('ASD Rimbalzi'));
    expect((await call(RESUBSCRIBE, { token }, null)).data.message).toBe(NOTICE_MSG.resubscribed('ASD Rimbalzi'));
    expect((await call(UNSUBSCRIBE, { token: 'x'.repeat(30) }, null)).__typename).toBe('NotFoundError');
  });

  it("the person clears their own address's block in their area; nobody else's", async () => {
    const who = family.parentId;
    const parent: Credentials = { token: family.token };
    for (const n of [1, 2, 3]) {
      const { mails } = await noticeTo(`Famiglia ${n}`, [who], { required: true });
      await bounce(mails[0], '5.1.1', '550 User unknown');
    }
    expect((await call(MINE, {}, parent)).data[0].status).toMatchObject({ blocked: true, failures: 3, lastFailure: '550 User unknown' });
    // Their child, another family's person, a staff member's role: unknown to them.
    const stranger = await familyOf(await clubContext(t.deps, otherClub.members.owner), ['2015-01-01'], 'Estranei');
    for (const [id, creds] of [[family.children[0].personId, parent], [who, { token: stranger.token }], [person.Aldo.personId, parent]] as const) {
      expect((await call(CLEAR_MINE, { id }, creds)).__typename).toBe('NotFoundError');
      expect((await call(SAVE_MINE, { input: { personId: id, noticesByEmail: false } }, creds)).__typename).toBe('NotFoundError');
    }
    expect((await call(CLEAR_MINE, { id: who }, secretary)).__typename).toBe('ForbiddenError');
    const cleared = await call(CLEAR_MINE, { id: who }, parent);
    expect(cleared.data).toEqual({ message: NOTICE_MSG.blockCleared, settings: { status: { blocked: false, failures: 0 } } });
    expect((await call(CLEAR_MINE, { id: who }, parent)).message).toBe(NOTICE_MSG.notBlocked);
    expect((await noticeTo('Di nuovo raggiungibile', [who])).mails).toHaveLength(1);
  });
});
