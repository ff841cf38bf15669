// GraphQL face of organisations' webhooks (issue 13 point 5), for the organisation's staff sessions: the list with
// each webhook's latest deliveries (staff), create and disable (admins). Thin adapters over webhooks.service.ts.
import { requireSession } from '../../auth/policy';
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { createWebhook, disableWebhook, listWebhooks, WEBHOOK_EVENTS } from './webhooks.service';

const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'created: a new record; changed: an edit of the record, its person, details, address or categories; archived; deleted.',
  values: WEBHOOK_EVENTS,
});

type Listed = Awaited<ReturnType<typeof listWebhooks>>[number];
const DeliveryRef = builder.objectRef<Listed['deliveries'][number]>('WebhookDelivery').implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Also sent as CampoBase-Delivery and in the payload: dedupe by it.' }),
    status: t.exposeString('status', { description: 'pending (waiting or retrying), delivered, failed (no more attempts).' }),
    records: t.exposeInt('records'),
    attempts: t.exposeInt('attempts'),
    lastStatus: t.exposeInt('lastStatus', { nullable: true, description: "The receiver's last HTTP status." }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
  }),
});

type WebhookView = Pick<Listed, 'id' | 'url' | 'events' | 'createdAt' | 'disabledAt'> & { deliveries?: Listed['deliveries'] };
const WebhookRef = builder.objectRef<WebhookView>('OrganisationWebhook').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.field({ type: [WebhookEventEnum], resolve: (w) => w.events as (typeof WEBHOOK_EVENTS)[number][] }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    deliveries: t.field({ type: [DeliveryRef], description: 'The latest 20, newest first.', resolve: (w) => w.deliveries ?? [] }),
  }),
});

const CreatedWebhookRef = builder.objectRef<{ webhook: WebhookView; secret: string }>('CreatedWebhook').implement({
  fields: (t) => ({
    webhook: t.field({ type: WebhookRef, resolve: (c) => c.webhook }),
    secret: t.exposeString('secret', { description: 'The signing secret, shown only now.' }),
  }),
});

const refusals = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];

builder.queryField('organisationWebhooks', (t) =>
  t.field({
    type: [WebhookRef],
    description: "The organisation's webhooks with their latest deliveries, for its staff.",
    args: { organisationId: t.arg.id({ required: true }) },
    resolve: (_root, { organisationId }, ctx) => listWebhooks(ctx, String(organisationId)),
  }),
);

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreatedWebhookRef,
    description: 'Registers an HTTPS endpoint for these events in the affiliated clubs; the signing secret is answered once. Organisation admins only.',
    args: { organisationId: t.arg.id({ required: true }), url: t.arg.string({ required: true }), events: t.arg({ type: [WebhookEventEnum], required: true }) },
    errors: { types: refusals },
    resolve: (_root, { organisationId, url, events }, ctx) => {
      requireSession(ctx);
      return createWebhook(ctx, { organisationId: String(organisationId), url, events });
    },
  }),
  disableWebhook: t.field({
    type: WebhookRef,
    description: 'Stops a webhook at once. Organisation admins only.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => disableWebhook(ctx, String(id)),
  }),
}));
