// Organisations' webhooks (issue 13 point 5), managed by the organisation's admins from the portal: an HTTPS
// endpoint, the events it wants (people created, changed, archived, deleted in the affiliated clubs), and a signing
// secret answered once and kept sealed (the server reads it back to sign each delivery). A new webhook starts at the
// current end of the change feed: it is told of what changes from now on.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { requireSession } from '../../auth/policy';
import { snapshotXmin } from '../../access/cross-club';
import { staffAccessOf, staffAccessOfRecord } from '../../access/staff-scope';
import type { RequestContext } from '../../context';
import { ValidationError } from '../../lib/errors';
import { loadSecretBox } from '../../lib/secret-box';
import { parseInput } from '../../lib/validate';
import { WebhookTargets } from './webhook-target';
import { ORGANISATION_RECORD_NOT_FOUND, ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';

export const WEBHOOK_EVENTS = ['created', 'changed', 'archived', 'deleted'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Webhooks per organisation. */
export const WEBHOOKS_MAX = 10;

export const WEBHOOK_MSG = {
  notAdmin: ORGANISATION_REFUSAL.webhooks,
  urlInvalid: "Indica l'indirizzo HTTPS completo del tuo servizio (https://…), senza credenziali, al massimo 500 caratteri.",
  eventsInvalid: 'Scegli almeno un evento: nuovo tesserato, modifica, archiviazione, eliminazione.',
  tooMany: `Un'organizzazione può avere al massimo ${WEBHOOKS_MAX} webhook attivi.`,
  notFound: ORGANISATION_RECORD_NOT_FOUND.webhook,
} as const;

/** The installation's box for secrets the server must read back (the same key as the two-factor secrets). */
export const webhookBox = (ctx: Pick<RequestContext, 'deps'>) => loadSecretBox({ configuredKey: ctx.deps.config.twoFactorKey, dataDir: ctx.deps.config.dataDir });

function urlAllowed(value: string, targets: WebhookTargets): boolean {
  try {
    const url = new URL(value);
    return targets.schemeAllowed(url) && !url.username && !url.password && value.length <= 500;
  } catch {
    return false;
  }
}

const createInput = (targets: WebhookTargets) =>
  z.object({
    organisationId: z.string(),
    url: z.string({ error: WEBHOOK_MSG.urlInvalid }).trim().refine((u) => urlAllowed(u, targets), WEBHOOK_MSG.urlInvalid),
    events: z.array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.eventsInvalid }), { error: WEBHOOK_MSG.eventsInvalid }).min(1, WEBHOOK_MSG.eventsInvalid),
  });

const VIEW = { id: true, url: true, events: true, createdAt: true, disabledAt: true } as const;
const WITH_DELIVERIES = {
  ...VIEW,
  deliveries: {
    orderBy: [{ createdAt: 'desc' as const }, { id: 'asc' as const }],
    take: 20,
    select: { id: true, status: true, records: true, attempts: true, lastStatus: true, lastError: true, createdAt: true, deliveredAt: true },
  },
};

/** A new webhook and its signing secret (`whsec_` + 256 random bits), answered only now. */
export async function createWebhook(ctx: RequestContext, raw: { organisationId: unknown; url: unknown; events: unknown }) {
  requireSession(ctx);
  const input = parseInput(createInput(new WebhookTargets(ctx.deps.config.webhookAllowAddresses)), raw, { summary: 'first' });
  const { actor, db } = staffAccessOf(ctx, input.organisationId);
  const active = await db.organisationWebhook.count({ where: { disabledAt: null } });
  if (active >= WEBHOOKS_MAX) throw new ValidationError({ url: WEBHOOK_MSG.tooMany }, WEBHOOK_MSG.tooMany);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const box = await webhookBox(ctx);
  // From the feed's current end: every transaction below xmin has ended, so nothing older is still to come.
  const xmin = await snapshotXmin(ctx);
  const webhook = await db.organisationWebhook.create({
    data: {
      organisationId: input.organisationId,
      url: input.url,
      events: [...new Set(input.events)],
      secretSealed: box.seal(secret),
      cursorXid: xmin,
      cursorRoleId: '00000000-0000-0000-0000-000000000000',
      createdById: actor.accountId,
    },
    select: VIEW,
  });
  return { webhook, secret };
}

/** The organisation's webhooks with their latest deliveries, for its staff. */
export async function listWebhooks(ctx: RequestContext, organisationId: string) {
  const { db } = staffAccessOf(ctx, organisationId);
  return db.organisationWebhook.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: WITH_DELIVERIES,
  });
}

/** Stops a webhook at once (its deliveries still pending are dropped); disabling it again changes nothing. */
export async function disableWebhook(ctx: RequestContext, id: unknown) {
  const { db } = staffAccessOfRecord(ctx, 'organisationWebhook', id);
  const found = await db.organisationWebhook.findUniqueOrThrow({ where: { id: id as string }, select: { disabledAt: true } });
  return db.organisationWebhook.update({ where: { id: id as string }, data: { disabledAt: found.disabledAt ?? new Date() }, select: WITH_DELIVERIES });
}
