// Web push of notices (issue 39 point 2) over the real app and database (both), to a push service the test runs
// (tests/support/push-service.ts), which decrypts each message as a browser would (RFC 8291) and checks its VAPID
// signature (RFC 8292) with node:crypto alone. A parent who allowed notifications in the personal area gets one per
// notice to their child, on each device, past the quiet hours unless urgent; a device the push service says is gone
// is forgotten; endpoints of the local network are never reached; one account's subscriptions are not another's.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { vapidFileIn } from '../../../server/lib/vapid-keys';
import { deliverNotices } from '../../../server/modules/notices/notice-delivery.job';
import { pushNotices } from '../../../server/modules/notices/notice-push';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext } from '../../support/people-factories';
import { startPushService, type PushDevice, type TestPushService } from '../../support/push-service';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let pushService: TestPushService;
let club: ClubWithRoles;
let otherClub: ClubWithRoles;
let secretary: Credentials;
let family: TestFamily;
let other: TestFamily;
let at = new Date('2026-12-01T10:00:00Z'); // 11:00 in Rome

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = secretary): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const SEND = `mutation($input: SendNoticeInput!) { sendNotice(input: $input) { __typename ... on MutationSendNoticeSuccess { data { notice { id } } } ... on BaseError { message } } }`;
const SAVE = `mutation($input: PushSubscriptionInput!) { savePushSubscription(input: $input) { __typename ... on MutationSavePushSubscriptionSuccess { data { message } } ... on BaseError { message } ... on ValidationError { fields { field message } } } }`;
const DELETE = `mutation($endpoint: String!) { deletePushSubscription(endpoint: $endpoint) { __typename ... on MutationDeletePushSubscriptionSuccess { data { message } } ... on BaseError { message } } }`;
const DEVICES = `{ myPushDevices { __typename ... on QueryMyPushDevicesSuccess { data } ... on BaseError { message } } }`;

const subscribe = (device: PushDevice, creds: Credentials, extra: Record<string, unknown> = {}) =>
  call(SAVE, { input: { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, userAgent: 'Chrome su Android', ...extra } }, creds);
const sendTo = async (title: string, personIds: string[], extra: Record<string, unknown> = {}) => {
  const sent = await call(SEND, { input: { title, body: `Testo di ${title}.`, audience: { personIds }, ...extra } });
  expect(sent.__typename, JSON.stringify(sent)).toBe('MutationSendNoticeSuccess');
  return sent.data.notice.id as string;
};
/** The delivery as the job makes it (start what is due, mail, push), after what sendNotice began in the background. */
const run = async () => {
  await t.deps.background.idle();
  await deliverNotices(t.deps, at, 100);
  await pushNotices(t.deps, at, 100);
};

beforeAll(async () => {
  pushService = await startPushService();
  t = await startTestApp({ webhookAllowAddresses: ['127.0.0.1'], publicUrl: 'https://campobase.test', mailFrom: 'CampoBase <noreply@campobase.test>', mailPerRecipientHourly: 1000 }, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Notifiche');
  otherClub = await clubWithEveryRole(t.deps, 'ASD Silenziosa');
  secretary = as(club.members.segreteria);
  family = await familyOf(await clubContext(t.deps, club.members.owner), ['2015-04-04'], 'Spinta');
  other = await familyOf(await clubContext(t.deps, otherClub.members.owner), ['2014-04-04'], 'Lontani');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

describe('web push', () => {
  it('a parent who allowed notifications gets each notice to their child, encrypted for the device and signed with the VAPID key', async () => {
    const publicKey = (await call<string>('{ pushPublicKey }', {}, null));
    expect(publicKey).toMatch(/^[\w-]{87}$/);
    expect(existsSync(vapidFileIn(t.deps.config.dataDir))).toBe(true);
    const parent: Credentials = { token: family.token };
    const phone = pushService.device();
    const tablet = pushService.device();
    expect((await subscribe(phone, parent)).data.message).toBe(NOTICE_MSG.pushSaved);
    expect((await subscribe(tablet, parent)).data.message).toBe(NOTICE_MSG.pushSaved);
    // Again from the same browser: still one subscription.
    await subscribe(phone, parent);
    expect((await call(DEVICES, {}, parent)).data).toBe(2);

    const noticeId = await sendTo('Allenamento anticipato', [family.children[0].personId]);
    await run();
    for (const device of [phone, tablet]) {
      expect(device.received).toHaveLength(1);
      const [push] = device.received;
      expect(push.payload).toEqual({ title: 'Allenamento anticipato', body: 'ASD Notifiche: Testo di Allenamento anticipato.', url: 'https://campobase.test/area', tag: `avviso-${noticeId}`, urgent: false });
      expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'normal', ttl: String(12 * 3600) });
      expect(push.vapid).toMatchObject({ aud: new URL(device.endpoint).origin, sub: 'mailto:noreply@campobase.test', publicKey });
      expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
    }
    // Once: a second run pushes nothing.
    await run();
    expect(phone.received).toHaveLength(1);

    const urgentId = await sendTo('Campo chiuso', [family.children[0].personId], { urgent: true });
    await run();
    expect(tablet.received).toHaveLength(2);
    expect(phone.received[1]).toMatchObject({ payload: { title: 'URGENTE: Campo chiuso', tag: `avviso-${urgentId}`, urgent: true }, headers: { urgency: 'high' } });
  });

  it('waits for the end of the quiet hours unless urgent, and forgets a device its push service says is gone', async () => {
    const parent: Credentials = { token: family.token };
    const laptop = pushService.device();
    await subscribe(laptop, parent);
    at = new Date('2026-12-01T21:30:00Z'); // 22:30 in Rome
    await sendTo('Turni del bar', [family.parentId]);
    await run();
    expect(laptop.received).toHaveLength(0);
    await sendTo('Pullman in ritardo', [family.parentId], { urgent: true });
    await run();
    expect(laptop.received.map((r: any) => r.payload.title)).toEqual(['URGENTE: Pullman in ritardo']);
    at = new Date('2026-12-02T06:00:00Z'); // 07:00
    laptop.gone = true;
    await run();
    expect(laptop.received).toHaveLength(1);
    expect(await t.deps.systemDb.pushSubscription.count({ where: { endpoint: laptop.endpoint } })).toBe(0);
    expect((await call(DEVICES, {}, parent)).data).toBe(2);
  });

  it('refuses what is no subscription, and endpoints on the local network are never reached', async () => {
    const parent: Credentials = { token: family.token };
    const device = pushService.device();
    const fieldsOf = (res: any) => Object.fromEntries((res.fields ?? []).map((f: any) => [f.field, f.message]));
    expect(fieldsOf(await subscribe(device, parent, { p256dh: 'corta' }))).toEqual({ p256dh: NOTICE_MSG.pushInvalid });
    expect(fieldsOf(await subscribe(device, parent, { auth: 'x'.repeat(30) }))).toEqual({ auth: NOTICE_MSG.pushInvalid });
    expect(fieldsOf(await subscribe(device, parent, { endpoint: 'ftp://push.example/1' }))).toEqual({ endpoint: NOTICE_MSG.pushInvalid });
    // http:// only towards an admitted test address; a private one written in the URL is refused before it is stored.
    expect(fieldsOf(await subscribe(device, parent, { endpoint: 'http://10.1.2.3/push' }))).toEqual({ endpoint: NOTICE_MSG.pushInvalid });
    expect((await subscribe(device, null as unknown as Credentials)).__typename).toBe('UnauthenticatedError');

    // One stored anyway (an older row, say) pointing inside the network: refused at the connection, recorded.
    await t.deps.systemDb.pushSubscription.create({ data: { accountId: family.accountId, endpoint: 'https://10.1.2.3/push', p256dh: device.p256dh, auth: device.auth } });
    await sendTo('Rete interna', [family.parentId], { urgent: true });
    await run();
    const refused = await t.deps.systemDb.pushSubscription.findUniqueOrThrow({ where: { endpoint: 'https://10.1.2.3/push' } });
    expect(refused.lastError).toMatch(/not allowed/);
  });

  it("one account's browsers are its own: another account takes a browser over only by subscribing it, and deletes only its own", async () => {
    const parent: Credentials = { token: family.token };
    const stranger: Credentials = { token: other.token };
    const shared = pushService.device();
    await subscribe(shared, parent);
    const before = (await call(DEVICES, {}, parent)).data;
    // The stranger cannot delete the parent's subscription.
    await call(DELETE, { endpoint: shared.endpoint }, stranger);
    expect((await call(DEVICES, {}, parent)).data).toBe(before);
    // The same browser signed in as the stranger and subscribed: it is theirs now, and gets their notices only.
    await subscribe(shared, stranger);
    expect((await call(DEVICES, {}, parent)).data).toBe(before - 1);
    expect((await call(DEVICES, {}, stranger)).data).toBe(1);
    await sendTo('Solo per la famiglia Spinta', [family.parentId]);
    await run();
    expect(shared.received).toHaveLength(0);
    expect((await call(DELETE, { endpoint: shared.endpoint }, stranger)).data.message).toBe(NOTICE_MSG.pushRemoved);
    expect((await call(DEVICES, {}, stranger)).data).toBe(0);
    // A staff member with no subscription and no session: nothing of theirs, no access.
    expect((await call(DEVICES, {}, null)).__typename).toBe('UnauthenticatedError');
  });
});
