// Group channels (issue 39 point 4) over the real app and database (both): one conversation per group between its
// staff and its families, with the group's access. The coach writes in the groups they coach, the parents of the
// group's minors and its athletes of age read and answer, a minor with an account of their own only while a
// guardian of theirs has one too; the staff hide and restore messages and can keep the channel for themselves;
// attachments are checked and served to who reads the channel only; each account has its read mark and mutes its
// notifications, which go by web push (decrypted by the test's push service) past the club's quiet hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { CHANNEL_MSG } from '../../../schema/messages-channels';
import { pushChannelMessages } from '../../../server/modules/channels/channel-push';
import type { PushPayload } from '../../../server/modules/notices/notice-push';
import { accountWithoutClub, familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startPushService, type TestPushService } from '../../support/push-service';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { taxCodeBornOn } from '../../support/tax-code-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, graphqlMultipart, pdf } from '../files/fixtures';

let t: TestApp;
let pushService: TestPushService;
let club: ClubWithRoles;
let otherClub: ClubWithRoles;
let coach: Credentials;
let secretary: Credentials;
let family: TestFamily;
let outsider: TestFamily;
let adult: { creds: Credentials; personId: string; roleId: string };
let groupId: string;
let otherGroupId: string;
/** How the coach signs: their account's name. */
let coachName: string;
let at = new Date('2026-12-01T10:00:00Z'); // 11:00 in Rome

const ERR = `... on BaseError { __typename message } ... on ValidationError { fields { field message } }`;
const PAGE = `groupId groupName mayPost mayModerate familiesMayPost muted postingNote hasOlder lastReadAt
  messages { id authorName authorLabel fromStaff mine body hidden hiddenBy hiddenReason attachments { fileId filename url } }`;
const GROUP_CHANNEL = `query($groupId: ID!, $before: ID) { groupChannel(groupId: $groupId, before: $before) { ... on QueryGroupChannelSuccess { data { ${PAGE} } } ${ERR} } }`;
const MY_CHANNEL = `query($groupId: ID!, $before: ID) { myChannel(groupId: $groupId, before: $before) { ... on QueryMyChannelSuccess { data { ${PAGE} } } ${ERR} } }`;
const GROUP_CHANNELS = `{ groupChannels { ... on QueryGroupChannelsSuccess { data { groupId groupName unread muted lastMessage { authorName body } } } ${ERR} } }`;
const MY_CHANNELS = `{ myChannels { ... on QueryMyChannelsSuccess { data { note channels { groupId groupName clubName forNames unread lastMessage { authorName body hidden } } } } ${ERR} } }`;
const POST = (field: 'postChannelMessage' | 'postMyChannelMessage') => `mutation($input: ChannelMessageInput!, $attachments: [Upload!]) { ${field}(input: $input, attachments: $attachments) {
  ... on Mutation${field[0].toUpperCase()}${field.slice(1)}Success { data { message { id authorName authorLabel body attachments { fileId filename url } } } } ${ERR} } }`;
const HIDE = `mutation($input: HideChannelMessageInput!) { hideChannelMessage(input: $input) { ... on MutationHideChannelMessageSuccess { data { message hidden { hidden hiddenBy hiddenReason body } } } ${ERR} } }`;
const RESTORE = `mutation($id: ID!) { restoreChannelMessage(messageId: $id) { ... on MutationRestoreChannelMessageSuccess { data { message restored { hidden } } } ${ERR} } }`;
const POSTING = `mutation($groupId: ID!, $open: Boolean!) { setChannelPosting(groupId: $groupId, familiesMayPost: $open) { ... on MutationSetChannelPostingSuccess { data { message familiesMayPost } } ${ERR} } }`;
const MUTE_MINE = `mutation($groupId: ID!, $muted: Boolean!) { muteMyChannel(groupId: $groupId, muted: $muted) { ... on MutationMuteMyChannelSuccess { data { message muted } } ${ERR} } }`;
const READ_MINE = `mutation($groupId: ID!) { markMyChannelRead(groupId: $groupId) { ... on MutationMarkMyChannelReadSuccess { data } ${ERR} } }`;
const READ_STAFF = `mutation($groupId: ID!) { markChannelRead(groupId: $groupId) { ... on MutationMarkChannelReadSuccess { data } ${ERR} } }`;
const SUBSCRIBE = `mutation($input: PushSubscriptionInput!) { savePushSubscription(input: $input) { __typename } }`;

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const data = (res: any) => {
  expect(res.__typename ?? 'ok', JSON.stringify(res)).not.toMatch(/Error$/);
  return res.data;
};
/** A second passes between two messages, as it would (the read marks and the order are by time). */
const tick = () => (at = new Date(at.getTime() + 1000));
const post = (creds: Credentials, body: string, group = groupId, field: 'postChannelMessage' | 'postMyChannelMessage' = creds.club ? 'postChannelMessage' : 'postMyChannelMessage') => {
  tick();
  return call(POST(field), { input: { groupId: group, body } }, creds);
};
type File = { filename: string; contentType: string; content: Buffer };
async function postWith(creds: Credentials, body: string, files: File[], field: 'postChannelMessage' | 'postMyChannelMessage') {
  tick();
  const form = graphqlMultipart(POST(field), { input: { groupId, body }, attachments: files.map(() => null) }, files.map((f, i) => ({ path: `attachments.${i}`, ...f })));
  const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': form.contentType, authorization: `Bearer ${creds.token}`, ...(creds.club ? { 'x-club': creds.club } : {}) }, payload: form.payload });
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res.json().data[field];
}
const get = (url: string, creds: Credentials) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${creds.token}`, ...(creds.club ? { 'x-club': creds.club } : {}) } });
const fieldsOf = (res: any) => Object.fromEntries((res.fields ?? []).map((f: any) => [f.field, f.message]));

/** A person of the club with an account of their own, in `group` as an athlete. */
async function athleteWithAccount(birthday: string, name: string, group: string) {
  const ctx = await clubContext(t.deps, club.members.owner);
  const account = await accountWithoutClub(t.deps, `${name} Atleta`);
  const person = await createPerson(ctx, 'athlete', { profile: { firstname: name, lastname: 'Atleta', taxIdCode: taxCodeBornOn(birthday, 'Atleta', { name: name.slice(0, 3).toUpperCase() }), birthday } });
  await t.deps.systemDb.person.update({ where: { id: person.personId }, data: { accountId: account.accountId } });
  await t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId: group, roleId: person.roleId } });
  return { creds: { token: account.token }, personId: person.personId, roleId: person.roleId };
}

beforeAll(async () => {
  pushService = await startPushService();
  t = await startTestApp({ webhookAllowAddresses: ['127.0.0.1'], publicUrl: 'https://campobase.test' }, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Canali');
  otherClub = await clubWithEveryRole(t.deps, 'ASD Altrove');
  coach = as(club.members.allenatore);
  secretary = as(club.members.segreteria);
  groupId = club.coachedGroupId;
  const ctx = await clubContext(t.deps, club.members.owner);
  family = await familyOf(ctx, ['2015-03-03'], 'Rossi');
  outsider = await familyOf(ctx, ['2014-04-04'], 'Verdi');
  await t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId, roleId: family.children[0].roleId } });
  otherGroupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 14', [outsider.children[0].roleId])).id;
  adult = await athleteWithAccount('1995-06-06', 'Giulia', groupId);
  const coachAccount = await t.deps.systemDb.account.findFirstOrThrow({ where: { memberships: { some: { token: coach.club } } }, select: { email: true, profile: true } });
  coachName = coachAccount.profile ? `${coachAccount.profile.firstname} ${coachAccount.profile.lastname}` : coachAccount.email;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

describe('group channels', () => {
  it('the coach writes, the parent of a minor of the group and its athlete of age read and answer, each with who they are', async () => {
    const parent: Credentials = { token: family.token };
    const written = data(await post(coach, '  Sabato si parte alle 8:30 dal campo.  ')).message;
    expect(written).toMatchObject({ authorName: coachName, authorLabel: 'Allenatore', body: 'Sabato si parte alle 8:30 dal campo.' });

    const mine = data(await call(MY_CHANNELS, {}, parent));
    expect(mine.note).toBeNull();
    expect(mine.channels).toEqual([{ groupId, groupName: 'Gruppo allenato', clubName: 'ASD Canali', forNames: ['Luca Rossi'], unread: 1, lastMessage: { authorName: written.authorName, body: 'Sabato si parte alle 8:30 dal campo.', hidden: false } }]);
    const page = data(await call(MY_CHANNEL, { groupId }, parent));
    expect(page).toMatchObject({ mayPost: true, mayModerate: false, postingNote: null, hasOlder: false, lastReadAt: null });
    expect(page.messages.map((m: any) => [m.body, m.fromStaff, m.mine])).toEqual([['Sabato si parte alle 8:30 dal campo.', true, false]]);
    expect(data(await call(READ_MINE, { groupId }, parent))).toBe(true);
    expect(data(await call(MY_CHANNELS, {}, parent)).channels[0].unread).toBe(0);

    expect(data(await post(parent, 'Luca ci sarà, grazie!')).message).toMatchObject({ authorName: 'Anna Rossi', authorLabel: 'Genitore di Luca Rossi' });
    expect(data(await post(adult.creds, 'Porto io i palloni.')).message).toMatchObject({ authorName: 'Giulia Atleta', authorLabel: 'Atleta' });

    // The staff see every message; the coach's list counts what others wrote since the coach's own message.
    const staffPage = data(await call(GROUP_CHANNEL, { groupId }, secretary));
    expect(staffPage.messages.map((m: any) => m.body)).toEqual(['Sabato si parte alle 8:30 dal campo.', 'Luca ci sarà, grazie!', 'Porto io i palloni.']);
    expect(staffPage).toMatchObject({ mayPost: true, mayModerate: true, familiesMayPost: true });
    const coachList = data(await call(GROUP_CHANNELS, {}, coach));
    expect(coachList).toEqual([{ groupId, groupName: 'Gruppo allenato', unread: 2, muted: false, lastMessage: { authorName: 'Giulia Atleta', body: 'Porto io i palloni.' } }]);
    expect(data(await call(READ_STAFF, { groupId }, coach))).toBe(true);
    // Each message is in the club's access log; reading marks are not.
    const logged = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, entityType: { in: ['GroupMessage', 'GroupChannelState'] } }, select: { entityType: true } });
    expect(logged.map((l) => l.entityType)).toEqual(['GroupMessage', 'GroupMessage', 'GroupMessage']);
    expect(data(await call(GROUP_CHANNELS, {}, coach))[0].unread).toBe(0);
    // The secretary reads every group's channel, the coach only theirs.
    expect(data(await call(GROUP_CHANNELS, {}, secretary)).map((c: any) => c.groupName)).toEqual(['Gruppo allenato', 'Under 14']);
  });

  it('validates the message on the server with the same messages, and pages older messages', async () => {
    expect(fieldsOf(await post(coach, '   '))).toEqual({ body: CHANNEL_MSG.bodyRequired });
    expect(fieldsOf(await post(coach, 'x'.repeat(4001)))).toEqual({ body: CHANNEL_MSG.bodyTooLong(4000) });
    expect(fieldsOf(await call(POST('postChannelMessage'), { input: { groupId: 'non-un-id', body: 'Ciao' } }, coach))).toEqual({ groupId: MSG.idInvalid });
    for (let i = 1; i <= 30; i++) await post(secretary, `Messaggio ${i}`);
    const newest = data(await call(GROUP_CHANNEL, { groupId }, coach));
    expect(newest.messages).toHaveLength(30);
    expect(newest.messages.at(-1).body).toBe('Messaggio 30');
    expect(newest.hasOlder).toBe(true);
    const older = data(await call(GROUP_CHANNEL, { groupId, before: newest.messages[0].id }, coach));
    expect(older.messages.map((m: any) => m.body)).toEqual(['Sabato si parte alle 8:30 dal campo.', 'Luca ci sarà, grazie!', 'Porto io i palloni.']);
    expect(older.hasOlder).toBe(false);
  });

  it('moderation: a hidden message shows to the families as removed, with its text withheld; the channel can be kept for the staff', async () => {
    const parent: Credentials = { token: family.token };
    const rude = data(await post(parent, 'Messaggio fuori luogo')).message;
    const hidden = data(await call(HIDE, { input: { messageId: rude.id, reason: 'Linguaggio non adatto' } }, coach));
    expect(hidden).toEqual({ message: CHANNEL_MSG.hidden, hidden: { hidden: true, hiddenBy: coachName, hiddenReason: 'Linguaggio non adatto', body: 'Messaggio fuori luogo' } });
    const seen = data(await call(MY_CHANNEL, { groupId }, parent)).messages.find((m: any) => m.id === rude.id);
    expect(seen).toMatchObject({ hidden: true, body: '', hiddenBy: null, hiddenReason: null });
    expect(data(await call(MY_CHANNELS, {}, parent)).channels[0].lastMessage.body).not.toBe('Messaggio fuori luogo');
    expect(data(await call(RESTORE, { id: rude.id }, secretary))).toEqual({ message: CHANNEL_MSG.restored, restored: { hidden: false } });
    expect(data(await call(MY_CHANNEL, { groupId }, parent)).messages.find((m: any) => m.id === rude.id).body).toBe('Messaggio fuori luogo');

    expect(data(await call(POSTING, { groupId, open: false }, secretary))).toEqual({ message: CHANNEL_MSG.postingClosed, familiesMayPost: false });
    expect(data(await call(MY_CHANNEL, { groupId }, parent))).toMatchObject({ mayPost: false, postingNote: CHANNEL_MSG.familiesMayNotPost });
    expect(await post(parent, 'Posso scrivere?')).toMatchObject({ __typename: 'ForbiddenError', message: CHANNEL_MSG.familiesMayNotPost });
    expect(data(await post(coach, 'Da oggi qui scrive solo lo staff.')).message.body).toBe('Da oggi qui scrive solo lo staff.');
    expect(data(await call(POSTING, { groupId, open: true }, coach)).message).toBe(CHANNEL_MSG.postingOpened);

    // The parent's data export holds what they wrote, hidden messages too.
    const res = await get(`/api/area/persone/${family.parentId}/dati.json`, parent);
    expect(res.statusCode).toBe(200);
    expect(res.json().channelMessages).toEqual(
      expect.arrayContaining([
        { group: 'Gruppo allenato', text: 'Luca ci sarà, grazie!', writtenAt: expect.any(String), hiddenByClubAt: null },
        { group: 'Gruppo allenato', text: 'Messaggio fuori luogo', writtenAt: expect.any(String), hiddenByClubAt: null },
      ]),
    );
  });

  it('a minor with an account of their own sits in the channel only while a guardian of theirs has access too', async () => {
    const minor = await athleteWithAccount('2011-09-09', 'Marta', groupId);
    expect(data(await call(MY_CHANNELS, {}, minor.creds))).toEqual({ channels: [], note: CHANNEL_MSG.minorWithoutGuardian });
    expect(await call(MY_CHANNEL, { groupId }, minor.creds)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await post(minor.creds, 'Ciao a tutti')).toMatchObject({ __typename: 'NotFoundError' });

    // A guardian without an account changes nothing; one with an account opens the channel to both.
    const ctx = await clubContext(t.deps, club.members.owner);
    const mother = await createPerson(ctx, 'member', { profile: { firstname: 'Paola', lastname: 'Atleta', taxIdCode: taxCodeBornOn('1979-01-01', 'Atleta', { female: true, name: 'PAO' }), birthday: '1979-01-01', typeGenderId: 2 } });
    await t.deps.systemDb.guardianship.create({ data: { clubId: club.clubId, minorId: minor.personId, guardianId: mother.personId, relationship: 'genitore' } });
    expect(data(await call(MY_CHANNELS, {}, minor.creds)).channels).toEqual([]);
    const motherAccount = await accountWithoutClub(t.deps, 'Paola Atleta');
    await t.deps.systemDb.person.update({ where: { id: mother.personId }, data: { accountId: motherAccount.accountId } });
    expect(data(await call(MY_CHANNELS, {}, minor.creds)).channels.map((c: any) => c.groupId)).toEqual([groupId]);
    expect(data(await call(MY_CHANNELS, {}, { token: motherAccount.token })).channels.map((c: any) => [c.groupId, c.forNames])).toEqual([[groupId, ['Marta Atleta']]]);
    expect(data(await post(minor.creds, 'Ci sarò anche io')).message.authorLabel).toBe('Atleta');
  });

  it('refuses whoever does not sit in the channel: another family, another club, a coach elsewhere, roles without channels', async () => {
    const stranger: Credentials = { token: outsider.token };
    // The outsider's child is in Under 14 only.
    expect(data(await call(MY_CHANNELS, {}, stranger)).channels.map((c: any) => c.groupId)).toEqual([otherGroupId]);
    for (const q of [MY_CHANNEL]) expect(await call(q, { groupId }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await post(stranger, 'Intrusione')).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(MUTE_MINE, { groupId, muted: true }, stranger)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(READ_MINE, { groupId }, stranger)).toMatchObject({ __typename: 'NotFoundError' });

    // The coach of another group: its athlete groups are out of their sight (as everywhere), others refused.
    expect(await call(GROUP_CHANNEL, { groupId: otherGroupId }, coach)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await post(coach, 'Fuori dai miei gruppi', otherGroupId)).toMatchObject({ __typename: 'NotFoundError' });
    const otherMessage = data(await post(secretary, 'Solo per Under 14', otherGroupId)).message;
    expect(await call(HIDE, { input: { messageId: otherMessage.id } }, coach)).toMatchObject({ __typename: 'NotFoundError' });
    const staffGroup = await createGroupWith(t.deps, club.clubId, 'coach', 'Staff tecnico');
    expect(await call(GROUP_CHANNEL, { groupId: staffGroup.id }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: CHANNEL_MSG.coachGroupsOnly });
    expect(await post(coach, 'Nel gruppo dello staff', staffGroup.id)).toMatchObject({ __typename: 'ForbiddenError', message: CHANNEL_MSG.coachGroupsOnly });

    // Another club's staff: this club's group and message are unknown.
    const foreign = as(otherClub.members.segreteria);
    expect(await call(GROUP_CHANNEL, { groupId }, foreign)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await post(foreign, 'Da un altro club')).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(HIDE, { input: { messageId: otherMessage.id } }, foreign)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(RESTORE, { id: otherMessage.id }, foreign)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(POSTING, { groupId, open: false }, foreign)).toMatchObject({ __typename: 'NotFoundError' });
    expect(data(await call(GROUP_CHANNELS, {}, foreign)).map((c: any) => c.groupId)).not.toContain(groupId);

    // The treasurer and the read-only role have no channels; a parent is no staff, a staff member no family.
    for (const role of ['tesoriere', 'lettura'] as const) {
      expect(await call(GROUP_CHANNEL, { groupId }, as(club.members[role]))).toMatchObject({ __typename: 'ForbiddenError' });
      expect(await post(as(club.members[role]), 'Ciao', groupId, 'postChannelMessage')).toMatchObject({ __typename: 'ForbiddenError' });
    }
    expect(await call(GROUP_CHANNEL, { groupId }, { token: family.token })).toMatchObject({ __typename: 'ForbiddenError' });
    expect(await post({ token: family.token }, 'Come staff', groupId, 'postChannelMessage')).toMatchObject({ __typename: 'ForbiddenError' });

    // Leaving the group closes its channel at once.
    await t.deps.systemDb.groupMember.deleteMany({ where: { groupId, roleId: adult.roleId } });
    expect(await call(MY_CHANNEL, { groupId }, adult.creds)).toMatchObject({ __typename: 'NotFoundError' });
    await t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId, roleId: adult.roleId } });
  });

  it('attachments: checked like every file, served to who reads the channel and to nobody else', async () => {
    const parent: Credentials = { token: family.token };
    const sent = data(await postWith(coach, 'Il modulo per il torneo', [{ filename: 'modulo.pdf', contentType: 'application/pdf', content: pdf() }], 'postChannelMessage')).message;
    expect(sent.attachments).toHaveLength(1);
    const [file] = sent.attachments;
    expect(file.url).toBe(`/files/${file.fileId}`);
    expect((await get(file.url, secretary)).statusCode).toBe(200);
    const areaFile = data(await call(MY_CHANNEL, { groupId }, parent)).messages.at(-1).attachments[0];
    expect(areaFile.url).toBe(`/api/area/canali/${groupId}/allegati/${file.fileId}`);
    const download = await get(areaFile.url, parent);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/application\/pdf/);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Nobody else: another family, another group's path, the treasurer, a foreign club, a coach elsewhere.
    expect((await get(areaFile.url, { token: outsider.token })).statusCode).toBe(404);
    expect((await get(`/api/area/canali/${otherGroupId}/allegati/${file.fileId}`, { token: outsider.token })).statusCode).toBe(404);
    expect((await get(file.url, as(club.members.tesoriere))).statusCode).toBe(404);
    expect((await get(file.url, as(otherClub.members.owner))).statusCode).toBe(404);

    // Parents attach too; a file that is no PDF, or too many files, stores nothing.
    const before = await t.deps.systemDb.groupMessage.count();
    expect(fieldsOf(await postWith(parent, 'Il certificato', [{ filename: 'cert.pdf', contentType: 'application/pdf', content: fakePdf() }], 'postMyChannelMessage'))).toHaveProperty('attachments.0');
    const six = Array.from({ length: 6 }, (_, i) => ({ filename: `f${i}.pdf`, contentType: 'application/pdf', content: pdf() }));
    expect(fieldsOf(await postWith(parent, 'Troppi', six, 'postMyChannelMessage'))).toEqual({ attachments: CHANNEL_MSG.tooManyAttachments(5) });
    expect(await t.deps.systemDb.groupMessage.count()).toBe(before);
    // Hidden, its files are withheld from the families too.
    await call(HIDE, { input: { messageId: sent.id } }, secretary);
    expect((await get(areaFile.url, parent)).statusCode).toBe(404);
    expect((await get(file.url, coach)).statusCode).toBe(200);
  });

  it('notifies by web push the devices of who sits in the channel, past the quiet hours, except the author and who muted it', async () => {
    const parentDevice = pushService.device();
    const adultDevice = pushService.device();
    const coachDevice = pushService.device();
    const strangerDevice = pushService.device();
    const subscribe = (device: typeof parentDevice, creds: Credentials) => call(SUBSCRIBE, { input: { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth } }, creds);
    await subscribe(parentDevice, { token: family.token });
    await subscribe(adultDevice, adult.creds);
    await subscribe(coachDevice, { token: coach.token });
    await subscribe(strangerDevice, { token: outsider.token });
    const run = async () => {
      await t.deps.background.idle();
      await pushChannelMessages(t.deps, at, 100);
    };
    await run(); // what earlier tests left due

    for (const d of [parentDevice, adultDevice, coachDevice, strangerDevice]) d.received.length = 0;
    data(await post(coach, 'Allenamento spostato alle 18'));
    await run();
    expect(parentDevice.received.map((r) => r.payload)).toEqual([
      { title: `Gruppo allenato: ${coachName}`, body: 'ASD Canali: Allenamento spostato alle 18', url: `https://campobase.test/area/canali/${groupId}`, tag: `canale-${groupId}`, urgent: false },
    ]);
    expect(adultDevice.received).toHaveLength(1);
    expect(coachDevice.received).toHaveLength(0); // the author
    expect(strangerDevice.received).toHaveLength(0); // not in the group

    // Muted: nothing; the staff's push opens the admin's page.
    expect(data(await call(MUTE_MINE, { groupId, muted: true }, { token: family.token }))).toEqual({ message: CHANNEL_MSG.muted, muted: true });
    data(await post(adult.creds, 'Ok per le 18'));
    await run();
    expect(parentDevice.received).toHaveLength(1);
    expect(coachDevice.received.map((r) => (r.payload as PushPayload).url)).toEqual([`https://campobase.test/canali/${groupId}`]);
    await call(MUTE_MINE, { groupId, muted: false }, { token: family.token });

    // In the quiet hours a message waits for their end (07:00 in Rome).
    at = new Date('2026-12-01T21:30:00Z');
    data(await post(coach, 'Domani portate la borraccia'));
    await run();
    expect(parentDevice.received).toHaveLength(1);
    at = new Date('2026-12-02T06:00:00Z');
    await run();
    expect(parentDevice.received.map((r) => (r.payload as PushPayload).body)).toEqual(['ASD Canali: Allenamento spostato alle 18', 'ASD Canali: Domani portate la borraccia']);
    // Once only.
    await run();
    expect(parentDevice.received).toHaveLength(2);
  });

  it('limits writing: 120 messages an hour per account, then a clear refusal, and nothing stored', async () => {
    // The adult wrote a few earlier in this file (within the hour, as the limit counts in real time).
    let refused: any = null;
    for (let i = 1; i <= 130 && !refused; i++) {
      const res = await post(adult.creds, `Messaggio veloce ${i}`);
      if (res.__typename) refused = res;
    }
    expect(refused).toEqual({ __typename: 'RateLimitError', message: MSG.rateLimited(60) });
    expect(await t.deps.systemDb.groupMessage.count({ where: { authorPersonId: adult.personId } })).toBe(120);
    // Another account of the same channel still writes.
    expect(data(await post({ token: family.token }, 'Io scrivo ancora')).message.body).toBe('Io scrivo ancora');
  });
});
