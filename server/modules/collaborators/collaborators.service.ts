// Collaborators of a club: invitations by email with a role (a single-use, hashed link valid 7 days), the
// members list, role changes, removal, leaving, and ownership transfer. The club always keeps an owner.
// Memberships are the access grant itself (not club-owned data in the scoped sense), so every statement on them
// names the club explicitly; invitations are club-owned and go through the request's club-scoped client.
import { MSG } from '../../../schema/messages';
import { changeCollaboratorRoleInput, inviteCollaboratorInput } from '../../../schema/validation/collaborators';
import { writeAccessLogInTransaction } from '../../access/access-log';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { CLUB_ROLE_LABELS, type ClubRole } from '../../access/permissions';
import { clubDb } from '../../access/request-db';
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';

export const COLLABORATOR_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The landing page of the mailed link (client route). */
export const COLLABORATOR_INVITE_PATH = '/invito';

type Tx = Prisma.TransactionClient;

/** Pending: not accepted, not revoked, not expired. */
const pendingWhere = (now = new Date()) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

/** Group ids must be athlete groups (or categories) of the club, not archived. */
async function checkCoachGroups(tx: Tx, clubId: string, role: ClubRole, groupIds: string[] | undefined): Promise<string[]> {
  if (role !== 'allenatore') return [];
  const ids = [...new Set(groupIds ?? [])];
  const found = await tx.group.count({ where: { id: { in: ids }, clubId, type: 'athlete', archivedAt: null } });
  if (found !== ids.length) throw new ValidationError({ groupIds: MSG.collaboratorGroupsInvalid }, MSG.invalidFields);
  return ids;
}

/**
 * Sends the invitation mail within the transaction `tx` that stores the invitation: the mail exists iff that commits,
 * and a throttled mail (RateLimitError) rolls the whole change back. What it reads is read through `tx` (on PGlite
 * any other statement would wait for this very transaction).
 */
async function sendInvitationMail(ctx: RequestContext, tx: Tx, clubId: string, invitation: { email: string; role: ClubRole }, token: string) {
  const { accountId } = requireSession(ctx);
  const club = await tx.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
  const inviter = await tx.accountProfile.findUnique({ where: { accountId }, select: { firstname: true, lastname: true } });
  const url = `${ctx.deps.config.publicUrl}${COLLABORATOR_INVITE_PATH}?token=${encodeURIComponent(token)}`;
  const name = inviter ? `${inviter.firstname} ${inviter.lastname}` : club.fullName;
  await ctx.deps.mailer.send(
    {
      to: invitation.email,
      subject: MSG.collaboratorMailSubject(club.fullName),
      text: MSG.collaboratorMailBody(club.fullName, name, CLUB_ROLE_LABELS[invitation.role], url),
    },
    { club: clubId, account: accountId, ip: ctx.meta.ip },
    { tx },
  );
}

/**
 * Invites `email` with a role (and, for a coach, the groups they coach). A pending invitation for the same address
 * is replaced. The mail is written in the same transaction: a throttled one (RateLimitError) leaves the pending one
 * as it was.
 */
export async function inviteCollaborator(ctx: RequestContext, raw: unknown): Promise<{ message: string; invitationId: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(inviteCollaboratorInput, raw);
  await ctx.deps.limits.consume('collaboratorInvite', { ip: ctx.meta.ip, account: accountId });
  const db = clubDb(ctx);
  const member = await db.membership.findFirst({ where: { clubId, account: { email: input.email } }, select: { id: true } });
  if (member) throw new ConflictError(MSG.collaboratorAlready, { email: MSG.collaboratorAlready });
  const groupIds = await checkCoachGroups(db, clubId, input.role, input.groupIds);

  const token = randomToken();
  const invitation = await db.$transaction(async (tx) => {
    await sendInvitationMail(ctx, tx, clubId, input, token);
    await tx.collaboratorInvitation.updateMany({ where: { email: input.email, ...pendingWhere() }, data: { revokedAt: new Date() } });
    const created = await tx.collaboratorInvitation.create({
      data: {
        clubId,
        email: input.email,
        role: input.role,
        groupIds,
        tokenHash: hashToken(token),
        invitedById: accountId,
        expiresAt: new Date(Date.now() + COLLABORATOR_INVITE_TTL_MS),
      },
    });
    describeChange(tx, { action: 'collaborator_invited', entityType: 'invitation', entityId: created.id, entityLabel: input.email, detail: CLUB_ROLE_LABELS[input.role] });
    return created;
  });
  return { message: MSG.collaboratorInviteSent(input.email), invitationId: invitation.id };
}

/** A pending invitation of the club, or NotFoundError (another club's id, used, revoked or unknown alike). */
async function pendingInvitation(ctx: RequestContext, id: unknown) {
  const invitation = isUuid(id) ? await clubDb(ctx).collaboratorInvitation.findFirst({ where: { id, acceptedAt: null, revokedAt: null } }) : null;
  if (!invitation) throw new NotFoundError();
  return invitation;
}

/** Sends the invitation again with a new link (the old one stops working) valid 7 days from now. */
export async function resendCollaboratorInvitation(ctx: RequestContext, id: unknown): Promise<{ message: string; invitationId: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const invitation = await pendingInvitation(ctx, id);
  await ctx.deps.limits.consume('collaboratorInvite', { ip: ctx.meta.ip, account: accountId });
  const token = randomToken();
  await clubDb(ctx).$transaction(async (tx) => {
    await sendInvitationMail(ctx, tx, clubId, invitation, token);
    await tx.collaboratorInvitation.update({
      where: { id: invitation.id },
      data: { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + COLLABORATOR_INVITE_TTL_MS) },
    });
    describeChange(tx, {
      action: 'collaborator_invited',
      entityType: 'invitation',
      entityId: invitation.id,
      entityLabel: invitation.email,
      detail: `${CLUB_ROLE_LABELS[invitation.role]}, nuovo invio`,
    });
  });
  return { message: MSG.collaboratorInviteSent(invitation.email), invitationId: invitation.id };
}

export async function revokeCollaboratorInvitation(ctx: RequestContext, id: unknown): Promise<{ message: string; invitationId: string }> {
  clubMember(ctx);
  const invitation = await pendingInvitation(ctx, id);
  await clubDb(ctx).$transaction(async (tx) => {
    await tx.collaboratorInvitation.update({ where: { id: invitation.id }, data: { revokedAt: new Date() } });
    describeChange(tx, { action: 'collaborator_invitation_revoked', entityType: 'invitation', entityId: invitation.id, entityLabel: invitation.email });
  });
  return { message: MSG.collaboratorInviteRevoked, invitationId: invitation.id };
}

/**
 * The invitation door's `join` for collaborators (modules/invitations): `accountId` becomes a member of the
 * invitation's club with the invited role, within `tx` (the door's transaction, which has also checked the
 * invitation's state and, for a sign-up, created the account). Any account holding the link may join (the link is
 * the proof, as for a password reset). Null when a concurrent acceptance used the invitation first.
 */
export async function joinClubByInvitation(
  ctx: RequestContext,
  tx: Tx,
  invitation: { id: string; email: string; targetId: string; targetName: string },
  accountId: string,
): Promise<{ targetId: string; targetName: string; membershipId: string; message: string } | null> {
  const clubId = invitation.targetId;
  const already = await tx.membership.findUnique({ where: { accountId_clubId: { accountId, clubId } } });
  if (already) throw new ConflictError(MSG.collaboratorAlready);
  // Conditional, so two acceptances racing make one member.
  const { count } = await tx.collaboratorInvitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null },
    data: { acceptedAt: new Date(), acceptedById: accountId },
  });
  if (count !== 1) return null;
  const { role, groupIds } = await tx.collaboratorInvitation.findUniqueOrThrow({ where: { id: invitation.id }, select: { role: true, groupIds: true } });
  const membership = await tx.membership.create({ data: { accountId, clubId, role, groupIds, token: randomToken() } });
  // Not through the club client (the account is no member yet): the line is written here, in the same transaction.
  await writeAccessLogInTransaction(tx, ctx, clubId, [
    { action: 'collaborator_joined', entityType: 'collaborator', entityId: membership.id, entityLabel: invitation.email, detail: CLUB_ROLE_LABELS[role] },
  ]);
  return { targetId: clubId, targetName: invitation.targetName, membershipId: membership.id, message: MSG.collaboratorJoined(invitation.targetName) };
}

/** A membership of the viewer's club, or NotFoundError. */
async function clubMembership(tx: Tx, clubId: string, id: unknown) {
  const membership = isUuid(id) ? await tx.membership.findFirst({ where: { id, clubId } }) : null;
  if (!membership) throw new NotFoundError();
  return membership;
}

/** A collaborator's name for the log (their email when they have no profile). */
async function collaboratorName(tx: Tx, accountId: string): Promise<string> {
  const account = await tx.account.findUnique({ where: { id: accountId }, select: { email: true, profile: { select: { firstname: true, lastname: true } } } });
  return account?.profile ? `${account.profile.firstname} ${account.profile.lastname}` : (account?.email ?? '');
}

async function refuseLastOwner(tx: Tx, clubId: string, membership: { role: ClubRole }) {
  if (membership.role !== 'owner') return;
  const owners = await tx.membership.count({ where: { clubId, role: 'owner' } });
  if (owners <= 1) throw new ConflictError(MSG.collaboratorLastOwner);
}

/** Changes a collaborator's role (not to or from owner: that is a transfer) and, for a coach, their groups. */
export async function changeCollaboratorRole(
  ctx: RequestContext,
  membershipId: unknown,
  raw: unknown,
): Promise<{ message: string; membershipId: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(changeCollaboratorRoleInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const membership = await clubMembership(tx, clubId, membershipId);
    if (membership.role === 'owner') throw new ConflictError(MSG.collaboratorOwnerByTransfer);
    const groupIds = await checkCoachGroups(tx, clubId, input.role, input.groupIds);
    await tx.membership.update({ where: { id: membership.id }, data: { role: input.role, groupIds } });
    describeChange(tx, {
      action: 'role_changed',
      entityType: 'collaborator',
      entityId: membership.id,
      entityLabel: await collaboratorName(tx, membership.accountId),
      detail: `${CLUB_ROLE_LABELS[membership.role]} → ${CLUB_ROLE_LABELS[input.role]}`,
    });
    return { message: MSG.collaboratorRoleChanged, membershipId: membership.id };
  });
}

/**
 * Removes a collaborator (or, with their own membership id, lets the viewer leave: no permission needed for that).
 * Their next request for the club is refused. The last owner can neither be removed nor leave.
 */
export async function removeCollaborator(ctx: RequestContext, membershipId: unknown): Promise<{ message: string; membershipId: string }> {
  const viewer = requireSession(ctx);
  const leaving = viewer.membership?.id === membershipId;
  // Leaving needs no permission, removing another collaborators.manage: the operation table says both (ownMembership).
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const membership = await clubMembership(tx, clubId, membershipId);
    // Only an owner removes an owner (an admin cannot push the owners out).
    if (membership.role === 'owner' && !leaving && viewer.membership?.role !== 'owner') throw new ConflictError(MSG.collaboratorOwnerByTransfer);
    await refuseLastOwner(tx, clubId, membership);
    await tx.membership.delete({ where: { id: membership.id } });
    describeChange(tx, {
      action: leaving ? 'collaborator_left' : 'collaborator_removed',
      entityType: 'collaborator',
      entityId: membership.id,
      entityLabel: await collaboratorName(tx, membership.accountId),
      detail: CLUB_ROLE_LABELS[membership.role],
    });
    return { message: leaving ? MSG.collaboratorLeft : MSG.collaboratorRemoved, membershipId: membership.id };
  });
}

/** The owner hands the club to another collaborator, who becomes owner; the previous owner becomes admin. */
export async function transferClubOwnership(ctx: RequestContext, membershipId: unknown): Promise<{ message: string; membershipId: string }> {
  const { clubId, membershipId: ownId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const target = await clubMembership(tx, clubId, membershipId);
    if (target.id === ownId) return { message: MSG.collaboratorRoleChanged, membershipId: target.id };
    await tx.membership.update({ where: { id: target.id }, data: { role: 'owner', groupIds: [] } });
    await tx.membership.update({ where: { id: ownId }, data: { role: 'admin', groupIds: [] } });
    const profile = await tx.accountProfile.findUnique({ where: { accountId: target.accountId }, select: { firstname: true, lastname: true } });
    const name = profile ? `${profile.firstname} ${profile.lastname}` : '';
    describeChange(tx, { action: 'ownership_transferred', entityType: 'collaborator', entityId: target.id, entityLabel: name, detail: `${CLUB_ROLE_LABELS[target.role]} → ${CLUB_ROLE_LABELS.owner}` });
    return { message: MSG.ownershipTransferred(name), membershipId: target.id };
  });
}

/** The club's members and pending invitations, for the Collaboratori page. */
export function listCollaboratorsWhere(ctx: RequestContext) {
  const { clubId } = clubMember(ctx);
  return { clubId };
}

export function pendingInvitationsWhere(ctx: RequestContext) {
  const { clubId } = clubMember(ctx);
  return { clubId, ...pendingWhere() };
}
