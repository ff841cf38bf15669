// Webhooks (issue 13 point 5) end to end on both databases, with the job queue running and a local receiver: an
// admin registers an endpoint (readers and outsiders refused, an insecure or malformed URL refused in Italian); a
// person created, changed, archived and deleted in an affiliated club reaches it as signed deliveries (the HMAC is
// verified here exactly as docs/api/federation.md tells a receiver to); a receiver failing twice gets the delivery
// again with backoff until it answers 2xx; a club that is not affiliated, or that revoked, is never reported; the
// deliveries are listed with their status and attempts. The address rule stays on: only the receiver's exact address
// (127.0.0.1) is admitted, as WEBHOOK_ALLOW_ADDRESSES would; a target it refuses (a private network, a mapped loopback)
// is never connected to, and the organisation reads the same "consegna non riuscita" for it as for a closed port,
// with the status only of a receiver that answered. Conditions are awaited by polling, never a fixed sleep.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { savePerson } from '../../../server/modules/people/save-person.service';
import { DELIVERY_FAILED } from '../../../server/modules/federation/webhook-delivery';
import { WEBHOOK_MSG } from '../../../server/modules/federation/webhooks.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { affiliate, organisationOf } from '../../support/organisation-factories';
import { clubContext, createPerson, personInput } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  payload: { id: string; type: string; records: Array<{ event: string; id: string; clubId: string; status: string }> };
}

let t: TestApp;
let receiver: Server;
let receiverUrl: string;
let receiverPort: number;
const received: Received[] = [];
let failuresToSend = 0;
let admin: TestClub;
let reader: TestClub;
let club: TestClub;
let stranger: TestClub;
let organisationId: string;

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    await t.deps.scanWebhooks?.();
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The receiver's check, as the documentation gives it: HMAC-SHA256 of "t.body", compared in constant time. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return !!parts.v1 && parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

const CREATE = `mutation($o: ID!, $url: String!, $events: [WebhookEvent!]!) {
  createWebhook(organisationId: $o, url: $url, events: $events) {
    __typename ... on MutationCreateWebhookSuccess { data { secret webhook { id url events } } } ... on BaseError { message }
  }
}`;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (failuresToSend > 0 || req.url === '/rifiuta') {
        if (req.url !== '/rifiuta') failuresToSend -= 1;
        res.writeHead(503).end('occupato');
        return;
      }
      received.push({ headers: req.headers, body, payload: JSON.parse(body) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as { port: number }).port;
  receiverUrl = `http://127.0.0.1:${receiverPort}/campobase`;
  // The queue runs here; scans are triggered by the test (until) rather than waited for.
  t = await startTestApp({ jobsEnabled: true, webhookAllowAddresses: ['127.0.0.1'], webhookScanSeconds: 3600, webhookRetrySeconds: 1 });
  await t.deps.jobs!.ready;
  [admin, reader, club, stranger] = [await createClub(t.deps), await createClub(t.deps), await createClub(t.deps), await createClub(t.deps)];
  organisationId = (await organisationOf(t.deps, admin, 'Federazione Webhook')).id;
  await t.deps.systemDb.organisationStaff.create({ data: { organisationId, accountId: reader.accountId, role: 'reader' } });
  await affiliate(t.deps, organisationId, club.clubId, ['people.registry']);
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks', () => {
  let secret: string;
  let webhookId: string;

  it('an admin registers an endpoint; readers, outsiders and insecure URLs are refused', async () => {
    const byReader = await gql(t.app, CREATE, { o: organisationId, url: receiverUrl, events: ['created'] }, { token: reader.token });
    expect(byReader.body.data.createWebhook).toEqual({ __typename: 'ForbiddenError', message: WEBHOOK_MSG.notAdmin });
    const byOutsider = await gql(t.app, CREATE, { o: organisationId, url: receiverUrl, events: ['created'] }, { token: stranger.token });
    expect(byOutsider.body.data.createWebhook.__typename).toBe('ForbiddenError');
    // plain http:// only towards an admitted address written as such
    for (const url of ['ftp://esempio.it/x', 'https://utente:segreto@esempio.it/x', 'non un indirizzo', 'http://esempio.it/x', 'http://localhost/x', `http://127.0.0.2:${receiverPort}/x`]) {
      const refused = await gql(t.app, CREATE, { o: organisationId, url, events: ['created'] }, { token: admin.token });
      expect(refused.body.data.createWebhook).toEqual({ __typename: 'ValidationError', message: WEBHOOK_MSG.urlInvalid });
    }
    const created = await gql(t.app, CREATE, { o: organisationId, url: receiverUrl, events: ['created', 'changed', 'archived', 'deleted'] }, { token: admin.token });
    ({ secret } = created.body.data.createWebhook.data);
    webhookId = created.body.data.createWebhook.data.webhook.id;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const stored = await t.deps.systemDb.organisationWebhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(stored.secretSealed).not.toContain(secret.slice(6));
  });

  it('reports created, changed, archived and deleted records of the affiliated club, signed; never another club', async () => {
    const ctx = await clubContext(t.deps, club);
    const person = await createPerson(ctx, 'athlete', { profile: { firstname: 'Webhook' } });
    await createPerson(await clubContext(t.deps, stranger), 'athlete', { profile: { firstname: 'Estranea' } });
    const first = await until(() => received.find((r) => r.payload.records.some((x) => x.id === person.roleId)), 'the creation');
    expect(first.payload).toMatchObject({ type: 'people.changes', organisationId, records: [{ event: 'created', id: person.roleId, clubId: club.clubId, status: 'active' }] });
    expect(first.headers['campobase-delivery']).toBe(first.payload.id);
    expect(first.headers['campobase-event']).toBe('people.changes');
    expect(verify(secret, String(first.headers['campobase-signature']), first.body)).toBe(true);
    expect(verify('whsec_altro', String(first.headers['campobase-signature']), first.body)).toBe(false);

    await savePerson(ctx, 'athlete', { id: person.roleId, ...personInput({ profile: { firstname: 'Webhook Due', taxIdCode: person.taxIdCode } }) });
    await until(() => received.some((r) => r.payload.records.some((x) => x.id === person.roleId && x.event === 'changed')), 'the change');
    await archivePerson(ctx, 'athlete', person.roleId);
    await until(() => received.some((r) => r.payload.records.some((x) => x.id === person.roleId && x.event === 'archived')), 'the archive');
    await t.deps.systemDb.person.delete({ where: { id: person.personId } });
    await until(() => received.some((r) => r.payload.records.some((x) => x.id === person.roleId && x.event === 'deleted')), 'the deletion');
    expect(received.every((r) => r.payload.records.every((x) => x.clubId === club.clubId))).toBe(true);
  });

  it('retries a failing receiver with backoff until it answers, and lists the delivery with its attempts', async () => {
    failuresToSend = 2;
    const person = await createPerson(await clubContext(t.deps, club), 'coach', { profile: { firstname: 'Riprova' } });
    const got = await until(() => received.find((r) => r.payload.records.some((x) => x.id === person.roleId)), 'the retried delivery', 30_000);
    const list = await gql(t.app, `query($o: ID!) { organisationWebhooks(organisationId: $o) { id deliveries { id status attempts lastStatus } } }`, { o: organisationId }, { token: reader.token });
    const delivery = list.body.data.organisationWebhooks[0].deliveries.find((d: { id: string }) => d.id === got.payload.id);
    expect(delivery).toEqual({ id: got.payload.id, status: 'delivered', attempts: 3, lastStatus: 204 });
  });

  it('a revoked club is no longer reported; a disabled webhook receives nothing more', async () => {
    await t.deps.systemDb.affiliation.update({ where: { organisationId_clubId: { organisationId, clubId: club.clubId } }, data: { status: 'revoked', scopes: [] } });
    const count = received.length;
    await createPerson(await clubContext(t.deps, club), 'member', { profile: { firstname: 'Revocata' } });
    await t.deps.scanWebhooks!();
    expect(await t.deps.systemDb.webhookDelivery.count({ where: { webhookId, status: 'pending' } })).toBe(0);
    expect(received.length).toBe(count);

    await t.deps.systemDb.affiliation.update({ where: { organisationId_clubId: { organisationId, clubId: club.clubId } }, data: { status: 'active', scopes: ['people.registry'] } });
    const disabled = await gql(t.app, `mutation($id: ID!) { disableWebhook(id: $id) { __typename ... on MutationDisableWebhookSuccess { data { disabledAt } } } }`, { id: webhookId }, { token: admin.token });
    expect(disabled.body.data.disableWebhook.data.disabledAt).toEqual(expect.any(String));
    await createPerson(await clubContext(t.deps, club), 'member', { profile: { firstname: 'Dopo' } });
    expect(await t.deps.scanWebhooks!()).toBe(0);
  });

  it('refuses targets outside the public addresses; the organisation reads only "consegna non riuscita"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const urls = {
      privateNetwork: 'https://10.0.0.1/campobase',
      mappedLoopback: `https://[::ffff:127.0.0.1]:${receiverPort}/campobase`,
      otherLoopback: `https://127.0.0.2:${receiverPort}/campobase`,
      closedPort: `http://127.0.0.1:${closedPort}/campobase`,
      failingReceiver: `http://127.0.0.1:${receiverPort}/rifiuta`,
    };
    const ids: Record<string, string> = {};
    for (const [name, url] of Object.entries(urls)) {
      const created = await gql(t.app, CREATE, { o: organisationId, url, events: ['created'] }, { token: admin.token });
      ids[name] = created.body.data.createWebhook.data.webhook.id;
    }
    await createPerson(await clubContext(t.deps, club), 'athlete', { profile: { firstname: 'Irraggiungibile' } });
    const LIST = `query($o: ID!) { organisationWebhooks(organisationId: $o) { id deliveries { attempts lastStatus lastError } } }`;
    const seen = await until(async () => {
      const list = await gql(t.app, LIST, { o: organisationId }, { token: reader.token });
      const hooks = list.body.data.organisationWebhooks as Array<{ id: string; deliveries: Array<{ attempts: number; lastStatus: number | null; lastError: string | null }> }>;
      const firsts = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, hooks.find((h) => h.id === id)?.deliveries.find((d) => d.attempts > 0)]));
      return Object.values(firsts).every(Boolean) && firsts;
    }, 'a first attempt of every delivery');
    expect(seen).toEqual({
      privateNetwork: expect.objectContaining({ lastStatus: null, lastError: DELIVERY_FAILED }),
      mappedLoopback: expect.objectContaining({ lastStatus: null, lastError: DELIVERY_FAILED }),
      otherLoopback: expect.objectContaining({ lastStatus: null, lastError: DELIVERY_FAILED }),
      closedPort: expect.objectContaining({ lastStatus: null, lastError: DELIVERY_FAILED }),
      failingReceiver: expect.objectContaining({ lastStatus: 503, lastError: DELIVERY_FAILED }),
    });
    for (const id of Object.values(ids)) await gql(t.app, `mutation($id: ID!) { disableWebhook(id: $id) { __typename } }`, { id }, { token: admin.token });
  });
});
