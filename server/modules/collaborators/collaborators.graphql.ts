// GraphQL face of collaborators (the user menu's Collaboratori page and the /invito landing page). Thin adapters
// over collaborators.service.ts; no legacy REST route (the legacy clients had no such flow).
import { builder } from '../../graphql/builder';
import { clubDb } from '../../access/request-db';
import { CLUB_ROLES } from '../../access/permissions';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import {
  changeCollaboratorRole,
  inviteCollaborator,
  listCollaboratorsWhere,
  pendingInvitationsWhere,
  removeCollaborator,
  resendCollaboratorInvitation,
  revokeCollaboratorInvitation,
  transferClubOwnership,
} from './collaborators.service';
import { acceptInvitation } from '../invitations/invitations.service';
import { MSG } from '../../../schema/messages';

const CollaboratorRole = builder.enumType('CollaboratorRole', {
  description: 'owner, admin, segreteria, tesoriere, allenatore, lettura: what each may do is the permission matrix in docs/permissions.md.',
  values: CLUB_ROLES,
});

// A second view of Membership: never its token (the club token is its holder's own secret).
const Collaborator = builder.prismaObject('Membership', {
  variant: 'Collaborator',
  description: "A member of the club: an account with a role (and, for a coach, the groups they coach).",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The membership id: the argument of changeCollaboratorRole, removeCollaborator, transferClubOwnership.' }),
    role: t.expose('role', { type: CollaboratorRole }),
    groupIds: t.exposeIDList('groupIds', { description: 'For allenatore: the groups they coach.' }),
    email: t.string({ select: { account: { select: { email: true } } }, resolve: (m) => m.account.email }),
    name: t.string({
      select: { account: { select: { profile: { select: { firstname: true, lastname: true } } } } },
      resolve: (m) => (m.account.profile ? `${m.account.profile.firstname} ${m.account.profile.lastname}` : ''),
    }),
    isYou: t.boolean({ select: { accountId: true }, resolve: (m, _args, ctx) => m.accountId === ctx.viewer?.accountId }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CollaboratorInvitation = builder.prismaObject('CollaboratorInvitation', {
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.expose('role', { type: CollaboratorRole }),
    groupIds: t.exposeIDList('groupIds'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'The link stops working then (resend for 7 more days).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  collaborators: t.prismaField({
    type: [Collaborator],
    description: "The X-Club club's members, owners first. Needs collaborators.manage (owner, admin).",
    resolve: (query, _root, _args, ctx) =>
      clubDb(ctx).membership.findMany({ ...query, where: listCollaboratorsWhere(ctx), orderBy: [{ role: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] }),
  }),
  collaboratorInvitations: t.prismaField({
    type: [CollaboratorInvitation],
    description: 'Pending invitations (not accepted, revoked or expired), newest first. Needs collaborators.manage.',
    resolve: (query, _root, _args, ctx) =>
      clubDb(ctx).collaboratorInvitation.findMany({ ...query, where: pendingInvitationsWhere(ctx), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  }),
}));

const InvitationPayload = builder.objectRef<{ message: string; invitationId: string }>('CollaboratorInvitationPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    invitationId: t.exposeID('invitationId'),
  }),
});
const MembershipPayload = builder.objectRef<{ message: string; membershipId: string }>('CollaboratorPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    membershipId: t.exposeID('membershipId'),
  }),
});
const AcceptPayload = builder.objectRef<{ message: string; clubName: string; membershipId: string }>('AcceptCollaboratorInvitationPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    clubName: t.exposeString('clubName'),
    membershipId: t.exposeID('membershipId'),
  }),
});

const InviteCollaboratorInput = builder.inputType('InviteCollaboratorInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    role: t.field({ type: CollaboratorRole, required: true, description: 'Any role but owner (ownership is transferred, not given).' }),
    groupIds: t.idList({ description: 'Required for allenatore: athlete groups or categories of the club.' }),
  }),
});
const ChangeCollaboratorRoleInput = builder.inputType('ChangeCollaboratorRoleInput', {
  fields: (t) => ({
    role: t.field({ type: CollaboratorRole, required: true }),
    groupIds: t.idList(),
  }),
});

const refusals = [ValidationError, ConflictError, NotFoundError, RateLimitError, ForbiddenError, UnauthenticatedError];
const ids = (list: readonly (string | number)[] | null | undefined) => list?.map(String);

builder.mutationFields((t) => ({
  inviteCollaborator: t.field({
    type: InvitationPayload,
    description: 'Mails a single-use link, valid 7 days, to join the X-Club club with a role; replaces a pending invitation to the same address.',
    args: { input: t.arg({ type: InviteCollaboratorInput, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { input }, ctx) => inviteCollaborator(ctx, { ...input, groupIds: ids(input.groupIds) }),
  }),
  resendCollaboratorInvitation: t.field({
    type: InvitationPayload,
    description: 'Mails a pending invitation again with a new link (the previous one stops working), valid 7 days from now.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => resendCollaboratorInvitation(ctx, id),
  }),
  revokeCollaboratorInvitation: t.field({
    type: InvitationPayload,
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => revokeCollaboratorInvitation(ctx, id),
  }),
  acceptCollaboratorInvitation: t.field({
    type: AcceptPayload,
    description: 'The signed-in account joins the club of the invitation it received (token from /invito?token=...). Needs a session, not a club.',
    args: { token: t.arg.string({ required: true }) },
    errors: { types: refusals },
    // Through the invitation door (modules/invitations), keeping this mutation's one message for every bad link.
    resolve: async (_root, { token }, ctx) => {
      const joined = await acceptInvitation(ctx, token, { kind: 'collaborator', invalidMessage: MSG.collaboratorInviteInvalid });
      return { message: joined.message, clubName: joined.targetName, membershipId: joined.membershipId ?? '' };
    },
  }),
  changeCollaboratorRole: t.field({
    type: MembershipPayload,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ChangeCollaboratorRoleInput, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id, input }, ctx) => changeCollaboratorRole(ctx, id, { ...input, groupIds: ids(input.groupIds) }),
  }),
  removeCollaborator: t.field({
    type: MembershipPayload,
    description: "Removes a member (their next request for the club is refused); with the viewer's own membership id, leaves the club. The last owner cannot go.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => removeCollaborator(ctx, id),
  }),
  transferClubOwnership: t.field({
    type: MembershipPayload,
    description: 'Owner only: the member becomes owner, the current owner becomes admin.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => transferClubOwnership(ctx, id),
  }),
}));
