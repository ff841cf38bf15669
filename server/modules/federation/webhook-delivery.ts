// Webhook deliveries (issue 13 point 5). A scan, every WEBHOOK_SCAN_SECONDS once across the instances with the job
// queue (jobs/periodic.ts), follows the change feed (person_role_changes) from each webhook's own position, through
// the same rule as the sync (only transactions that have all ended), over the clubs whose affiliation shares people
// data: it records deliveries of up to 100 changes and moves the position, in one transaction with the webhook's row
// locked (two scans never take one webhook together), then enqueues them. The job queue POSTs each delivery, signed with HMAC-SHA256, and
// retries a failure with exponential backoff; the delivery row keeps the status, attempts and last answer. Deliveries
// reach public addresses only (webhook-target.ts).
import { createHmac, randomUUID } from 'node:crypto';
import type { JobWithMetadata } from 'pg-boss';
import type { AppDeps } from '../../context';
import { Prisma } from '../../generated/prisma/client.js';
import { startPeriodicTask, type PeriodicTask } from '../../jobs/periodic';
import type { JobQueue } from '../../jobs/queue';
import { PEOPLE_DATA_SCOPES } from '../../../schema/organisation-scopes';
import type { FeedRow } from './federation.service';
import { WebhookTargets } from './webhook-target';
import { webhookBox, type WebhookEvent } from './webhooks.service';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Attempts after the first before a delivery is marked failed (delays: retry seconds × 2^n). */
export const WEBHOOK_RETRIES = 8;
const RECORDS_PER_DELIVERY = 100;
const FEED_ROWS_PER_SCAN = 1000;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookRecord {
  event: WebhookEvent;
  id: string;
  personId: string;
  clubId: string;
  kind: string;
  status: 'active' | 'archived' | 'deleted';
  changedAt: string;
}

interface ScannedRow extends FeedRow {
  exists: boolean;
  created_xid: bigint | null;
}

function recordOf(row: ScannedRow): WebhookRecord {
  const status = row.deleted || !row.exists ? 'deleted' : row.archived_at ? 'archived' : 'active';
  // A role created by the transaction that last changed it was created by that change.
  const event: WebhookEvent = status === 'deleted' ? 'deleted' : status === 'archived' ? 'archived' : row.created_xid === row.change_xid ? 'created' : 'changed';
  return { event, id: row.role_id, personId: row.person_id, clubId: row.club_id, kind: row.kind, status, changedAt: row.changed_at.toISOString() };
}

/** Records the deliveries of one webhook's new changes and moves its position; answers the new deliveries' ids. */
async function scanWebhook(deps: AppDeps, webhookId: string): Promise<string[]> {
  return deps.systemDb.$transaction(
    async (tx) => {
      const [hook] = await tx.$queryRaw<Array<{ organisation_id: string; events: string[]; cursor_xid: bigint; cursor_role_id: string }>>`
        SELECT organisation_id::text, events, cursor_xid, cursor_role_id::text FROM organisation_webhooks
        WHERE id = ${webhookId}::uuid AND disabled_at IS NULL FOR UPDATE SKIP LOCKED`;
      if (!hook) return [];
      const clubs = (
        await tx.affiliation.findMany({
          where: { organisationId: hook.organisation_id, status: 'active', club: { archivedAt: null }, scopes: { hasSome: [...PEOPLE_DATA_SCOPES] } },
          select: { clubId: true },
        })
      ).map((a) => a.clubId);
      const rows = clubs.length
        ? await tx.$queryRaw<ScannedRow[]>`
            SELECT c.role_id::text, c.club_id::text, c.person_id::text, c.kind::text, c.change_xid, c.changed_at, c.deleted,
                   r.archived_at, r.id IS NOT NULL AS exists, c.created_xid
            FROM person_role_changes c LEFT JOIN person_roles r ON r.id = c.role_id AND NOT c.deleted
            WHERE c.club_id = ANY(${clubs}::uuid[])
              AND c.change_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
              AND (c.change_xid, c.role_id) > (${hook.cursor_xid}, ${hook.cursor_role_id}::uuid)
            ORDER BY c.change_xid, c.role_id
            LIMIT ${FEED_ROWS_PER_SCAN}`
        : [];
      if (!rows.length) return [];
      const wanted = rows.map(recordOf).filter((r) => hook.events.includes(r.event));
      const ids: string[] = [];
      for (let i = 0; i < wanted.length; i += RECORDS_PER_DELIVERY) {
        const records = wanted.slice(i, i + RECORDS_PER_DELIVERY);
        const id = randomUUID();
        const payload = { id, type: 'people.changes', organisationId: hook.organisation_id, createdAt: new Date().toISOString(), records };
        await tx.webhookDelivery.create({ data: { id, webhookId, payload: payload as unknown as Prisma.InputJsonValue, records: records.length } });
        ids.push(id);
      }
      const last = rows.at(-1)!;
      await tx.organisationWebhook.update({ where: { id: webhookId }, data: { cursorXid: last.change_xid, cursorRoleId: last.role_id } });
      return ids;
    },
    { timeout: 60_000 },
  );
}

/** One pass over every active webhook; the new deliveries are enqueued once recorded. */
export async function scanWebhooks(deps: AppDeps, jobs: JobQueue): Promise<number> {
  const hooks = await deps.systemDb.organisationWebhook.findMany({ where: { disabledAt: null }, select: { id: true } });
  let created = 0;
  for (const { id } of hooks) {
    let ids: string[];
    // A webhook far behind is caught up in several passes of FEED_ROWS_PER_SCAN rows.
    do {
      ids = await scanWebhook(deps, id);
      for (const deliveryId of ids) await jobs.send(WEBHOOK_QUEUE, { deliveryId });
      created += ids.length;
    } while (ids.length);
  }
  // Deliveries recorded but never enqueued (the process stopped in between) are enqueued again: delivery is idempotent.
  const orphans = await deps.systemDb.webhookDelivery.findMany({
    where: { status: 'pending', lastAttemptAt: null, createdAt: { lt: new Date(Date.now() - 5 * 60_000) } },
    select: { id: true },
    take: 100,
  });
  for (const { id } of orphans) await jobs.send(WEBHOOK_QUEUE, { deliveryId: id });
  return created;
}

/** The signature header of `body` sent at `timestamp` (seconds): `t=<timestamp>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What the organisation reads of a failed attempt: never why (an address refused, a connection refused, a timeout),
 * which would let it map the server's network; the status of a receiver that answered is kept apart (lastStatus). */
export const DELIVERY_FAILED = 'consegna non riuscita';

async function deliver(deps: AppDeps, targets: WebhookTargets, job: JobWithMetadata<{ deliveryId: string }>): Promise<void> {
  const delivery = await deps.systemDb.webhookDelivery.findUnique({
    where: { id: job.data.deliveryId },
    select: { id: true, status: true, attempts: true, payload: true, webhook: { select: { url: true, secretSealed: true, disabledAt: true } } },
  });
  if (!delivery || delivery.status !== 'pending') return; // delivered, failed or gone: nothing to do again
  const final = job.retryCount >= job.retryLimit;
  let status: number | null = null;
  let error: string | null = null;
  let detail = '';
  if (delivery.webhook.disabledAt) {
    error = 'webhook disattivato';
  } else {
    try {
      const body = JSON.stringify(delivery.payload);
      const secret = (await webhookBox({ deps })).open(delivery.webhook.secretSealed);
      status = await targets.post(new URL(delivery.webhook.url), body, {
        'content-type': 'application/json',
        'user-agent': 'CampoBase-Webhooks/1',
        'campobase-event': 'people.changes',
        'campobase-delivery': delivery.id,
        'campobase-signature': signWebhook(secret, Math.floor(Date.now() / 1000), body),
      }, AbortSignal.timeout(DELIVERY_TIMEOUT_MS));
      if (status < 200 || status > 299) detail = `HTTP ${status}`;
    } catch (e) {
      detail = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError' ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : String((e as Error).message ?? e).slice(0, 300);
    }
    if (detail) {
      error = DELIVERY_FAILED;
      // The reason is the operator's, in the log; the organisation sees only DELIVERY_FAILED (and a reached status).
      deps.log.warn({ deliveryId: delivery.id, reason: detail }, 'webhook delivery failed');
    }
  }
  const delivered = !error;
  await deps.systemDb.webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      attempts: delivery.attempts + 1,
      lastStatus: status,
      lastError: error,
      lastAttemptAt: new Date(),
      status: delivered ? 'delivered' : final || delivery.webhook.disabledAt ? 'failed' : 'pending',
      deliveredAt: delivered ? new Date() : null,
    },
  });
  // Thrown so that the queue retries it later (with backoff), unless this was the last attempt.
  if (!delivered && !final && !delivery.webhook.disabledAt) throw new Error(`webhook delivery ${delivery.id}: ${detail || error}`);
}

export const WEBHOOK_SCAN_QUEUE = 'webhook-scan';

/** Starts the delivery worker and the periodic scan (once per WEBHOOK_SCAN_SECONDS across instances); answers how to stop them. */
export async function startWebhooks(deps: AppDeps, jobs: JobQueue): Promise<{ scan: PeriodicTask; stop: () => void; scanNow: () => Promise<number> }> {
  const targets = new WebhookTargets(deps.config.webhookAllowAddresses);
  await jobs.createQueue(WEBHOOK_QUEUE, { retryLimit: WEBHOOK_RETRIES, retryDelay: deps.config.webhookRetrySeconds, retryBackoff: true });
  await jobs.work<{ deliveryId: string }>(WEBHOOK_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => deliver(deps, targets, job));
  // A scan asked for directly (scanNow) and the periodic job's never overlap in this process.
  let running: Promise<number> | null = null;
  const scanNow = () => {
    running ??= scanWebhooks(deps, jobs).finally(() => (running = null));
    return running;
  };
  const scan = await startPeriodicTask(jobs, { queue: WEBHOOK_SCAN_QUEUE, everySeconds: deps.config.webhookScanSeconds, run: scanNow, log: deps.log });
  return { scan, stop: scan.stop, scanNow };
}
