// Web push of notices (issue 39 point 2): a recipient whose account had a browser subscribed when the notice was sent
// (push_due, set by sendNotice) gets a notification on each such device once the notice has started (its deliverAt:
// past the club's quiet hours unless urgent). Encrypted for the browser (RFC 8291, aes128gcm) and signed with the
// installation's VAPID key (RFC 8292) by web-push; sent like a webhook (webhook-target.ts: public addresses only, no
// redirects), since the endpoint comes from the browser. Best effort, once: a claimed push is marked pushed before it
// goes, a failure is only recorded on the subscription, and a subscription its push service says is gone (404, 410)
// is deleted. The mail and the personal area remain the channels that are sure.
import webpush from 'web-push';
import type { AppDeps } from '../../context';
import { loadVapidKeys } from '../../lib/vapid-keys';
import { WebhookTargets } from '../federation/webhook-target';

interface DuePush extends PushSubscriptionRow {
  notice_id: string;
  title: string;
  body: string;
  urgent: boolean;
  club_name: string;
}

/** A device to push to, as push_subscriptions holds it. */
export interface PushSubscriptionRow {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push service answers within this, or the push is given up. */
const PUSH_TIMEOUT_MS = 10_000;
/** Pushes sent at once. */
const PARALLEL = 8;
/** What a notification shows of the body (a push payload holds about 4 kB). */
const BODY_CHARS = 300;

/** The notification: `url` opens on a click; one per `tag` (a notice, a channel), urgent ones stay until seen. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  urgent: boolean;
}

/** The body as a notification shows it: at most BODY_CHARS. */
export const pushBody = (text: string) => (text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS - 1)}…` : text);

function payloadOf(deps: AppDeps, p: DuePush): PushPayload {
  return { title: `${p.urgent ? 'URGENTE: ' : ''}${p.title}`, body: pushBody(`${p.club_name}: ${p.body}`), url: `${deps.config.publicUrl.replace(/\/$/, '')}/area`, tag: `avviso-${p.notice_id}`, urgent: p.urgent };
}

async function push(deps: AppDeps, targets: WebhookTargets, vapid: { publicKey: string; privateKey: string }, device: PushSubscriptionRow, payload: PushPayload): Promise<boolean> {
  const db = deps.systemDb;
  try {
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: deps.config.vapidSubject ?? `mailto:${/<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom}`, ...vapid },
      TTL: payload.urgent ? 86_400 : 12 * 3600,
      urgency: payload.urgent ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]));
    const status = await targets.post(new URL(request.endpoint), request.body, headers, AbortSignal.timeout(PUSH_TIMEOUT_MS));
    if (status === 404 || status === 410) {
      await db.pushSubscription.deleteMany({ where: { id: device.subscription_id } });
      return false;
    }
    if (status < 200 || status >= 300) throw new Error(`the push service answered ${status}`);
    await db.pushSubscription.updateMany({ where: { id: device.subscription_id }, data: { lastSuccessAt: deps.now(), lastError: null } });
    return true;
  } catch (err) {
    deps.log.warn({ err, subscriptionId: device.subscription_id, tag: payload.tag }, 'push not delivered');
    await db.pushSubscription.updateMany({ where: { id: device.subscription_id }, data: { lastError: String((err as Error).message ?? err).slice(0, 300) } });
    return false;
  }
}

/** Sends each payload to its device, PARALLEL at a time; answers the notifications delivered. */
export async function sendPushes(deps: AppDeps, pushes: Array<{ device: PushSubscriptionRow; payload: PushPayload }>): Promise<number> {
  if (!pushes.length) return 0;
  const vapid = await loadVapidKeys(deps.config);
  const targets = new WebhookTargets(deps.config.webhookAllowAddresses);
  let delivered = 0;
  for (let i = 0; i < pushes.length; i += PARALLEL) {
    const results = await Promise.all(pushes.slice(i, i + PARALLEL).map((p) => push(deps, targets, vapid, p.device, p.payload)));
    delivered += results.filter(Boolean).length;
  }
  return delivered;
}

/** Pushes the notices started by `now` to at most `limit` recipients' devices; answers the notifications delivered. */
export async function pushNotices(deps: AppDeps, now: Date, limit: number): Promise<number> {
  const due = await deps.systemDb.$queryRaw<DuePush[]>`
    WITH next AS (
      SELECT r.id FROM notice_recipients r JOIN notices n ON n.id = r.notice_id
      WHERE r.push_due AND r.pushed_at IS NULL AND n.sent_at IS NOT NULL AND n.sent_at <= ${now} AND n.cancelled_at IS NULL
      ORDER BY n.urgent DESC, n.deliver_at, r.id
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    ), taken AS (
      UPDATE notice_recipients r SET pushed_at = ${now} FROM next WHERE r.id = next.id
      RETURNING r.notice_id, r.person_id, r.club_id
    )
    SELECT t.notice_id::text, n.title, n.body, n.urgent, c.full_name AS club_name,
           s.id::text AS subscription_id, s.endpoint, s.p256dh, s.auth
    FROM taken t JOIN notices n ON n.id = t.notice_id JOIN clubs c ON c.id = t.club_id
      JOIN people p ON p.id = t.person_id JOIN push_subscriptions s ON s.account_id = p.account_id`;
  return sendPushes(deps, due.map((p) => ({ device: p, payload: payloadOf(deps, p) })));
}
