// The personal area's notifications on a device (web push, issue 39 point 2): the browser subscribes with the
// installation's VAPID public key and the account records the subscription; unsubscribing deletes it. A subscription
// is the account's: the delivery pushes a notice to every device of the account of each recipient (notice-push.ts).
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { pushSubscriptionInput } from '../../../schema/validation/notices';
import { accountDb, takePushEndpoint } from '../../access/cross-club';
import type { RequestContext, Scope } from '../../context';
import { ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { loadVapidKeys } from '../../lib/vapid-keys';
import { WebhookTargets } from '../federation/webhook-target';

/** The key browsers subscribe with (applicationServerKey). */
export async function pushPublicKey(scope: Pick<Scope, 'deps'>): Promise<string> {
  return (await loadVapidKeys(scope.deps.config)).publicKey;
}

/** Records this browser's subscription for the signed-in account (a browser another account had is taken over). */
export async function savePushSubscription(ctx: RequestContext, raw: unknown): Promise<{ message: string }> {
  const { accountId, db } = accountDb(ctx);
  const input = parseInput(pushSubscriptionInput, raw);
  // The push service is reached like a webhook: https (or a test receiver's admitted address), never the local network.
  if (!new WebhookTargets(ctx.deps.config.webhookAllowAddresses).schemeAllowed(new URL(input.endpoint))) {
    throw new ValidationError({ endpoint: NOTICE_MSG.pushInvalid }, NOTICE_MSG.pushInvalid);
  }
  await takePushEndpoint(ctx, input.endpoint);
  const data = { p256dh: input.p256dh, auth: input.auth, userAgent: input.userAgent ?? null, lastError: null };
  await db.$transaction(async (tx) => {
    const updated = await tx.pushSubscription.updateMany({ where: { accountId, endpoint: input.endpoint }, data });
    if (!updated.count) await tx.pushSubscription.create({ data: { accountId, endpoint: input.endpoint, ...data } });
  });
  return { message: NOTICE_MSG.pushSaved };
}

/** Forgets this browser's subscription (the person turned notifications off here). */
export async function deletePushSubscription(ctx: RequestContext, endpoint: unknown): Promise<{ message: string }> {
  const { accountId, db } = accountDb(ctx);
  if (typeof endpoint === 'string') await db.pushSubscription.deleteMany({ where: { accountId, endpoint } });
  return { message: NOTICE_MSG.pushRemoved };
}

/** How many devices of the account receive notifications. */
export async function myPushDevices(ctx: RequestContext): Promise<number> {
  const { accountId, db } = accountDb(ctx);
  return db.pushSubscription.count({ where: { accountId } });
}
