// GraphQL face of how mail reaches a person (issue 39 points 2-3): the staff's view and unblock on a person's page,
// the person's own settings in their area, and the mail link's unsubscribe (no session: the token is the proof).
// Thin adapters over mail-status.service.ts; who may call each field is the operation table's.
import { builder } from '../../graphql/builder';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import {
  clearEmailBlock,
  clearMyEmailBlock,
  myMailSettings,
  personMailStatus,
  resubscribeByToken,
  saveMyMailSettings,
  unsubscribeByToken,
  type MailStatusView,
  type MyMailSettings,
} from './mail-status.service';

const errors = [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError];

const mailStatusFields = builder.objectRef<MailStatusView>('MailStatus').implement({
  description: "How mail reaches a person: notices by e-mail or not, and whether their address is failing (bounces).",
  fields: (t) => ({
    personId: t.exposeID('personId'),
    email: t.exposeString('email', { nullable: true }),
    noticesByEmail: t.exposeBoolean('noticesByEmail', { description: 'False: they turned notices by e-mail off (required and urgent ones are mailed all the same).' }),
    blocked: t.exposeBoolean('blocked', { description: 'The address failed permanently 3 times: nothing is mailed to it until the block is cleared or the address changed.' }),
    blockedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.blockedAt }),
    failures: t.exposeInt('failures', { description: 'Permanent failures of the current address.' }),
    lastFailure: t.exposeString('lastFailure', { nullable: true, description: "The reason of the last failure, as the recipient's mail server gave it." }),
    lastFailureAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.lastFailureAt }),
    lastFailurePermanent: t.exposeBoolean('lastFailurePermanent', { nullable: true, description: 'False: temporary (a full mailbox), which never blocks.' }),
    complainedAt: t.field({ type: 'DateTime', nullable: true, description: 'When their mail provider reported a notice as unwanted (notices by e-mail were turned off).', resolve: (s) => s.complainedAt }),
  }),
});

const MyMailSettingsRef = builder.objectRef<MyMailSettings>('MyMailSettings').implement({
  description: "The signed-in account's own person in one club: how mail reaches them.",
  fields: (t) => ({
    clubName: t.exposeString('clubName'),
    status: t.field({ type: mailStatusFields, resolve: (s) => s }),
  }),
});

const MessageRef = builder.objectRef<{ message: string }>('MailLinkPayload').implement({ fields: (t) => ({ message: t.exposeString('message') }) });

builder.queryFields((t) => ({
  personMailStatus: t.field({
    type: mailStatusFields,
    description: 'How mail reaches the person of this role: notices by e-mail, the failures and block of their address.',
    args: { roleId: t.arg.id({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { roleId }, ctx) => personMailStatus(ctx, roleId),
  }),
  myMailSettings: t.field({
    type: [MyMailSettingsRef],
    description: "The account's own person in each club of its family: notices by e-mail, and their address's state.",
    errors: { types: [ForbiddenError, UnauthenticatedError] },
    resolve: (_r, _a, ctx) => myMailSettings(ctx),
  }),
}));

builder.mutationFields((t) => ({
  clearEmailBlock: t.field({
    type: builder.objectRef<{ message: string; status: MailStatusView }>('ClearEmailBlockPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), status: f.field({ type: mailStatusFields, resolve: (p) => p.status }) }),
    }),
    description: "Unblocks the address of the person of this role and forgets its failures (ValidationError when it is not failing).",
    args: { roleId: t.arg.id({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { roleId }, ctx) => clearEmailBlock(ctx, roleId),
  }),
  saveMyMailSettings: t.field({
    type: builder.objectRef<{ message: string; settings: MyMailSettings }>('SaveMyMailSettingsPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), settings: f.field({ type: MyMailSettingsRef, resolve: (p) => p.settings }) }),
    }),
    description: 'Turns notices by e-mail off or on for one of the account\'s own people (required and urgent ones are mailed all the same).',
    args: {
      input: t.arg({
        type: builder.inputType('MyMailSettingsInput', { fields: (f) => ({ personId: f.id({ required: true }), noticesByEmail: f.boolean({ required: true }) }) }),
        required: true,
      }),
    },
    errors: { types: errors },
    resolve: (_r, { input }, ctx) => saveMyMailSettings(ctx, input),
  }),
  clearMyEmailBlock: t.field({
    type: builder.objectRef<{ message: string; settings: MyMailSettings }>('ClearMyEmailBlockPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), settings: f.field({ type: MyMailSettingsRef, resolve: (p) => p.settings }) }),
    }),
    description: "Unblocks the address of one of the account's own people (they fixed their mailbox).",
    args: { personId: t.arg.id({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { personId }, ctx) => clearMyEmailBlock(ctx, personId),
  }),
  unsubscribeByToken: t.field({
    type: MessageRef,
    description: "Turns notices by e-mail off for the recipient a notice mail's link names (required and urgent ones still go). The mail's List-Unsubscribe one-click does the same by POST.",
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [NotFoundError] },
    resolve: (_r, { token }, ctx) => unsubscribeByToken(ctx, token),
  }),
  resubscribeByToken: t.field({
    type: MessageRef,
    description: 'Turns them on again from the same link.',
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [NotFoundError] },
    resolve: (_r, { token }, ctx) => resubscribeByToken(ctx, token),
  }),
}));
