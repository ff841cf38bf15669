// GraphQL face of the invitation door (the client's /invito and /organizzazione/invito pages). Thin adapters over
// invitations.service.ts; no legacy REST route (the legacy clients had no invitations).
import { builder } from '../../graphql/builder';
import { ConflictError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { INVITATION_KIND_NAMES } from './invitation-kinds';
import { acceptInvitation, readInvitation, signUpWithInvitation, type Accepted, type InvitationPreview } from './invitations.service';

const InvitationKindEnum = builder.enumType('InvitationKind', {
  description: "collaborator: a club's collaborator (Collaboratori); organisationStaff: an organisation's staff. The next kinds (members, guardians) join this list.",
  values: INVITATION_KIND_NAMES,
});

const InvitationStateEnum = builder.enumType('InvitationState', {
  description: 'pending: it can be accepted; accepted: already used; expired: past its 7 days; revoked: cancelled, replaced by a newer one, or its club archived.',
  values: ['pending', 'accepted', 'expired', 'revoked'] as const,
});

const InvitationPreviewRef = builder.objectRef<InvitationPreview>('InvitationPreview').implement({
  description: 'What the holder of an invitation link may read about it before accepting: what the mail said, and whether it still works.',
  fields: (t) => ({
    kind: t.field({ type: InvitationKindEnum, resolve: (i) => i.kind }),
    state: t.field({ type: InvitationStateEnum, resolve: (i) => i.state }),
    email: t.exposeString('email', { description: 'The invited address: the account-only sign-up uses it, it cannot be changed.' }),
    targetName: t.exposeString('targetName', { description: 'The club (or organisation) the invitation opens.' }),
    roleLabel: t.exposeString('roleLabel', { description: 'The invited role, in Italian (Allenatore, Segreteria, Sola lettura, ...).' }),
    invitedBy: t.exposeString('invitedBy', { nullable: true, description: 'Who invited (first and last name); null when that account is gone.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    hasAccount: t.exposeBoolean('hasAccount', { description: 'The address already has an account: sign in and accept instead of signing up.' }),
  }),
});

const InvitationAcceptedRef = builder.objectRef<Accepted>('InvitationAccepted').implement({
  fields: (t) => ({
    kind: t.field({ type: InvitationKindEnum, resolve: (a) => a.kind }),
    message: t.exposeString('message'),
    targetId: t.exposeID('targetId', { description: 'The club or organisation joined.' }),
    targetName: t.exposeString('targetName'),
    membershipId: t.exposeID('membershipId', { nullable: true, description: 'collaborator: the new membership (selectable as the current club); null for other kinds.' }),
  }),
});

const InvitationSignUpPayload = builder.objectRef<{ token: string; accountId: string; joined: Accepted }>('InvitationSignUpPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Session token: send it as `Authorization: Bearer <token>`.' }),
    account: t.prismaField({
      type: 'Account',
      resolve: (query, payload, _args, ctx) => ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: payload.accountId } }),
    }),
    joined: t.field({ type: InvitationAcceptedRef, resolve: (p) => p.joined }),
  }),
});

const SignUpWithInvitationInput = builder.inputType('SignUpWithInvitationInput', {
  fields: (t) => ({
    token: t.string({ required: true, description: 'The token of the mailed link (?token=...).' }),
    firstname: t.string({ required: true }),
    lastname: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
  }),
});

builder.queryField('invitation', (t) =>
  t.field({
    type: InvitationPreviewRef,
    nullable: true,
    description: 'Reads an invitation link of any kind by its token, without a session: null when the token names no invitation.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => readInvitation(ctx, token),
  }),
);

builder.mutationFields((t) => ({
  signUpWithInvitation: t.field({
    type: InvitationSignUpPayload,
    description:
      "Creates an account (no club of its own) with the invitation's address, joins the invitation's club or organisation, and signs in. A used, expired or revoked invitation, or an address that already has an account, is refused.",
    args: { input: t.arg({ type: SignUpWithInvitationInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, RateLimitError] },
    resolve: (_root, { input }, ctx) => signUpWithInvitation(ctx, input),
  }),
  acceptInvitation: t.field({
    type: InvitationAcceptedRef,
    description: 'The signed-in account accepts an invitation of any kind with the token of its link.',
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, ConflictError, RateLimitError, UnauthenticatedError] },
    resolve: (_root, { token }, ctx) => acceptInvitation(ctx, token),
  }),
}));
