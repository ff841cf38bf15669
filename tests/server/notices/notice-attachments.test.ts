// A notice's attachments (issue 39 point 1) over the real app and database (both), mail through a real SMTP server:
// sent with the notice in one multipart request, checked by content (a PDF or an image, 5 MB each, 5 and 10 MB in
// all), stored with the notice or not at all; the mail links them by the recipient's own link, the personal area by
// the receipt, the staff as club files; another notice's file, another family's receipt, another club: 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { deliverNotices } from '../../../server/modules/notices/notice-delivery.job';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { outboxDelivered, startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, graphqlMultipart, oversizePng, pdf, png } from '../files/fixtures';

let t: TestApp;
let smtp: TestSmtpServer;
let club: ClubWithRoles;
let otherClub: ClubWithRoles;
let secretary: Credentials;
let family: TestFamily;
let stranger: TestFamily;
const at = new Date('2026-12-01T10:00:00Z');

const SEND = `mutation($input: SendNoticeInput!, $attachments: [Upload!]) { sendNotice(input: $input, attachments: $attachments) {
  __typename ... on MutationSendNoticeSuccess { data { notice { id attachments { fileId filename mimeType size url } } } }
  ... on BaseError { message } ... on ValidationError { fields { field message } } } }`;
const BY_LINK = `mutation($token: String!) { openNoticeByToken(token: $token) { title attachments { fileId filename url } } }`;
const MINE = `{ myNotices { ... on QueryMyNoticesSuccess { data { recipientId title attachments { fileId filename url } } } } }`;

type File = { filename: string; contentType: string; content: Buffer };
async function sendWith(title: string, files: File[], creds: Credentials = secretary, personIds = [family.parentId]) {
  const body = graphqlMultipart(SEND, { input: { title, body: `Testo di ${title}.`, audience: { personIds } }, attachments: files.map(() => null) }, files.map((f, i) => ({ path: `attachments.${i}`, ...f })));
  const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': body.contentType, authorization: `Bearer ${creds.token}`, 'x-club': creds.club ?? '' }, payload: body.payload });
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res.json().data?.sendNotice ?? res.json();
}
const fieldsOf = (res: any) => Object.fromEntries((res.fields ?? []).map((f: any) => [f.field, f.message]));
const get = (url: string, creds?: Credentials) =>
  t.app.inject({ method: 'GET', url, headers: creds ? { authorization: `Bearer ${creds.token}`, ...(creds.club ? { 'x-club': creds.club } : {}) } : {} });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>', publicUrl: 'https://campobase.test', mailPerRecipientHourly: 1000 }, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Allegati');
  otherClub = await clubWithEveryRole(t.deps, 'ASD Senza');
  secretary = as(club.members.segreteria);
  family = await familyOf(await clubContext(t.deps, club.members.owner), ['2015-03-03'], 'Carte');
  stranger = await familyOf(await clubContext(t.deps, otherClub.members.owner), ['2015-03-03'], 'Estranei');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('notice attachments', () => {
  it('sends a notice with a PDF and an image: the mail links them by the recipient\'s link, the area and the staff open them', async () => {
    const sent = await sendWith('Modulo iscrizione torneo', [
      { filename: 'modulo.pdf', contentType: 'application/pdf', content: pdf() },
      { filename: 'mappa campo.png', contentType: 'image/png', content: png() },
    ]);
    expect(sent.__typename, JSON.stringify(sent)).toBe('MutationSendNoticeSuccess');
    const [modulo, mappa] = sent.data.notice.attachments;
    expect(modulo).toMatchObject({ filename: 'modulo.pdf', mimeType: 'application/pdf', size: pdf().length, url: `/files/${modulo.fileId}` });
    expect(mappa).toMatchObject({ filename: 'mappa campo.png', mimeType: 'image/png' });

    await t.deps.background.idle();
    await deliverNotices(t.deps, at, 100);
    await outboxDelivered(t.deps);
    const mail = smtp.received.find((m) => readMail(m).subject.startsWith('Modulo iscrizione torneo'))!;
    const { text } = readMail(mail);
    const token = /\/avviso\/([\w-]+)\n/.exec(text)?.[1] ?? /\/avviso\/([\w-]+)$/m.exec(text)![1];
    expect(text).toContain(`Allegati:\n- modulo.pdf: https://campobase.test/avviso/${token}/allegati/${modulo.fileId}\n- mappa campo.png: https://campobase.test/avviso/${token}/allegati/${mappa.fileId}`);

    // From the mail's link, with no session.
    const byLink = await get(`/avviso/${token}/allegati/${modulo.fileId}`);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['content-type']).toBe('application/pdf');
    expect(byLink.rawPayload.equals(pdf())).toBe(true);
    const page = await rootField(t.app, BY_LINK, { token }, null, (s) => expect(s).toBeLessThan(500));
    expect(page.attachments.map((a: any) => a.url)).toEqual([`/avviso/${token}/allegati/${modulo.fileId}`, `/avviso/${token}/allegati/${mappa.fileId}`]);
    // In the personal area, with the session.
    const parent: Credentials = { token: family.token };
    const mine = (await rootField(t.app, MINE, {}, parent, (s) => expect(s).toBeLessThan(500))).data.find((n: any) => n.title === 'Modulo iscrizione torneo');
    expect(mine.attachments[1].url).toBe(`/api/area/avvisi/${mine.recipientId}/allegati/${mappa.fileId}`);
    const fromArea = await get(mine.attachments[1].url, parent);
    expect(fromArea.statusCode).toBe(200);
    expect(fromArea.rawPayload.equals(png())).toBe(true);
    // The staff, as a club file.
    expect((await get(`/files/${modulo.fileId}`, secretary)).statusCode).toBe(200);

    // Refused alike: another notice's file by this link, a made-up link, another family, another club's staff, no session.
    const other = await sendWith('Altro avviso', [{ filename: 'altro.pdf', contentType: 'application/pdf', content: pdf() }]);
    const otherFile = other.data.notice.attachments[0].fileId;
    expect((await get(`/avviso/${token}/allegati/${otherFile}`)).statusCode).toBe(404);
    expect((await get(`/avviso/${token}/allegati/non-un-id`)).statusCode).toBe(404);
    expect((await get(`/avviso/${'x'.repeat(43)}/allegati/${modulo.fileId}`)).statusCode).toBe(404);
    expect((await get(mine.attachments[1].url, { token: stranger.token })).statusCode).toBe(404);
    expect((await get(`/api/area/avvisi/${mine.recipientId}/allegati/${otherFile}`, parent)).statusCode).toBe(404);
    expect((await get(mine.attachments[1].url)).statusCode).toBe(401);
    expect((await get(`/files/${modulo.fileId}`, as(otherClub.members.segreteria))).statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF or an image, too many, too large; nothing is stored then', async () => {
    const before = await t.deps.systemDb.notice.count({ where: { clubId: club.clubId } });
    const files = await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } });
    expect(fieldsOf(await sendWith('Falso PDF', [{ filename: 'finto.pdf', contentType: 'application/pdf', content: fakePdf() }]))).toEqual({ 'attachments.0': MSG.fileTypeNotAllowed });
    const six = Array.from({ length: 6 }, (_, i) => ({ filename: `f${i}.png`, contentType: 'image/png', content: png() }));
    expect(fieldsOf(await sendWith('Troppi', six))).toEqual({ attachments: NOTICE_MSG.tooManyAttachments(5) });
    const big = (n: number) => ({ filename: `grande${n}.png`, contentType: 'image/png', content: oversizePng(4 * 1024 * 1024 - 2) });
    expect(fieldsOf(await sendWith('Troppo grandi', [big(1), big(2), big(3)]))).toEqual({ attachments: NOTICE_MSG.attachmentsTooLarge(10) });
    const tooBig = await sendWith('Uno enorme', [{ filename: 'enorme.png', contentType: 'image/png', content: oversizePng(5 * 1024 * 1024) }]);
    expect(JSON.stringify(tooBig)).toContain(MSG.fileTooLarge);
    expect(await t.deps.systemDb.notice.count({ where: { clubId: club.clubId } })).toBe(before);
    expect(await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } })).toBe(files);
  });
});
