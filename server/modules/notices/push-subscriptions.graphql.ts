// GraphQL face of notifications on a device (web push, issue 39 point 2): the key a browser subscribes with, and the
// signed-in account's subscriptions. Thin adapters over push-subscriptions.service.ts.
import { builder } from '../../graphql/builder';
import { UnauthenticatedError, ValidationError } from '../../lib/errors';
import { deletePushSubscription, myPushDevices, pushPublicKey, savePushSubscription } from './push-subscriptions.service';

const PushPayload = builder.objectRef<{ message: string }>('PushSubscriptionPayload').implement({ fields: (t) => ({ message: t.exposeString('message') }) });

builder.queryFields((t) => ({
  pushPublicKey: t.string({
    description: "The installation's VAPID public key (base64url): a browser's pushManager.subscribe applicationServerKey.",
    resolve: (_r, _a, ctx) => pushPublicKey(ctx),
  }),
  myPushDevices: t.int({
    description: 'How many browsers of the signed-in account receive notifications.',
    errors: { types: [UnauthenticatedError] },
    resolve: (_r, _a, ctx) => myPushDevices(ctx),
  }),
}));

builder.mutationFields((t) => ({
  savePushSubscription: t.field({
    type: PushPayload,
    description: "Records this browser's push subscription (PushSubscription.toJSON(): endpoint, keys.p256dh, keys.auth) for the signed-in account: the notices its people receive are then also pushed here.",
    args: {
      input: t.arg({
        type: builder.inputType('PushSubscriptionInput', {
          fields: (f) => ({ endpoint: f.string({ required: true }), p256dh: f.string({ required: true }), auth: f.string({ required: true }), userAgent: f.string() }),
        }),
        required: true,
      }),
    },
    errors: { types: [ValidationError, UnauthenticatedError] },
    resolve: (_r, { input }, ctx) => savePushSubscription(ctx, input),
  }),
  deletePushSubscription: t.field({
    type: PushPayload,
    description: "Forgets this browser's subscription (notifications turned off here).",
    args: { endpoint: t.arg.string({ required: true }) },
    errors: { types: [UnauthenticatedError] },
    resolve: (_r, { endpoint }, ctx) => deletePushSubscription(ctx, endpoint),
  }),
}));
