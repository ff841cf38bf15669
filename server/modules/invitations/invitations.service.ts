// The invitation door (issue 34 point 2): one way in for everyone who is not a club owner. A mailed link carries a
// single-use token; the door reads it before anything is clicked (what it opens, the role, who invited, and whether
// it still works), lets a person without an account create one with the invitation's own address (no club of their
// own), and lets a signed-in account accept it. Every kind of invitation goes through here (invitation-kinds.ts).
//
// Across tenants on purpose: the token names its club or organisation, and the person holding it belongs to neither
// yet. What the reading answers is only what the mail already said to its holder.
import { MSG } from '../../../schema/messages';
import { invitationSignUpInput } from '../../../schema/validation/invitations';
import { accountDb, invitationDb } from '../../access/cross-club';
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import { isUniqueViolation } from '../../db/sql-state';
import type { Prisma } from '../../generated/prisma/client.js';
import { ConflictError, ValidationError } from '../../lib/errors';
import { hashSecret } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { openSession } from '../accounts/sessions';
import { INVITATION_KIND_NAMES, INVITATION_KINDS, type DoorInvitation, type DoorJoined, type InvitationKind } from './invitation-kinds';

type Tx = Prisma.TransactionClient;

export type InvitationState = 'pending' | 'accepted' | 'expired' | 'revoked';

/** What anyone holding the link may read about it: nothing the mail did not say, plus its state. */
export interface InvitationPreview {
  kind: InvitationKind;
  state: InvitationState;
  email: string;
  targetName: string;
  roleLabel: string;
  invitedBy: string | null;
  expiresAt: Date;
  /** The address already has an account: the door offers signing in, not signing up. */
  hasAccount: boolean;
}

/** The Italian sentence of each state that is not pending (shown on load, and the refusal of a late click). */
export const STATE_MESSAGES: Record<Exclude<InvitationState, 'pending'>, string> = {
  accepted: MSG.invitationUsed,
  expired: MSG.invitationExpired,
  revoked: MSG.invitationRevoked,
};

/** The invitation of a token, of whichever kind (tokens are 256 random bits: one table holds it at most). */
async function findByToken(tx: Tx, token: unknown): Promise<{ kind: InvitationKind; invitation: DoorInvitation } | null> {
  if (typeof token !== 'string' || !token.trim() || token.length > 200) return null;
  const tokenHash = hashToken(token.trim());
  for (const kind of INVITATION_KIND_NAMES) {
    const invitation = await INVITATION_KINDS[kind].find(tx, tokenHash);
    if (invitation) return { kind, invitation };
  }
  return null;
}

function stateOf(invitation: DoorInvitation, now: Date): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt || invitation.targetClosed) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'pending';
}

async function personName(tx: Tx, accountId: string | null): Promise<string | null> {
  if (!accountId) return null;
  const profile = await tx.accountProfile.findUnique({ where: { accountId }, select: { firstname: true, lastname: true } });
  return profile ? `${profile.firstname} ${profile.lastname}`.trim() || null : null;
}

/** The door's first look at a link: null for a token that names no invitation. Needs no session. */
export async function readInvitation(ctx: RequestContext, token: unknown): Promise<InvitationPreview | null> {
  await ctx.deps.limits.consume('invitationRead', { ip: ctx.meta.ip });
  const db = invitationDb(ctx);
  const found = await findByToken(db, token);
  if (!found) return null;
  const { kind, invitation } = found;
  const [invitedBy, account] = await Promise.all([
    personName(db, invitation.invitedById),
    db.account.findUnique({ where: { email: invitation.email }, select: { id: true } }),
  ]);
  return {
    kind,
    state: stateOf(invitation, new Date()),
    email: invitation.email,
    targetName: invitation.targetName,
    roleLabel: invitation.roleLabel,
    invitedBy,
    expiresAt: invitation.expiresAt,
    hasAccount: account !== null,
  };
}

export type Accepted = DoorJoined & { kind: InvitationKind };

/**
 * Finds the token's invitation in `tx` and refuses it unless pending: `only` limits it to one kind (the older
 * per-kind mutations), `invalidMessage` replaces the per-state sentences (they answer one message for every bad link).
 */
async function pendingInvitation(tx: Tx, token: unknown, only?: { kind: InvitationKind; invalidMessage: string }) {
  const refuse = (message: string) => new ValidationError({ token: only?.invalidMessage ?? message }, only?.invalidMessage ?? message);
  const found = await findByToken(tx, token);
  if (!found || (only && found.kind !== only.kind)) throw refuse(MSG.invitationUnknown);
  const state = stateOf(found.invitation, new Date());
  if (state !== 'pending') throw refuse(STATE_MESSAGES[state]);
  return { ...found, refuse };
}

/** The signed-in account accepts the invitation it holds the link of, whatever its kind. */
export async function acceptInvitation(ctx: RequestContext, token: unknown, only?: { kind: InvitationKind; invalidMessage: string }): Promise<Accepted> {
  const { accountId } = requireSession(ctx);
  await ctx.deps.limits.consume('collaboratorAccept', { ip: ctx.meta.ip, account: accountId });
  return accountDb(ctx).db.$transaction(async (tx) => {
    const { kind, invitation, refuse } = await pendingInvitation(tx, token, only);
    const joined = await INVITATION_KINDS[kind].join(ctx, tx, invitation, accountId);
    if (!joined) throw refuse(MSG.invitationUsed);
    return { kind, ...joined };
  });
}

/**
 * The account-only sign-up of the door: a new account with the invitation's address (never one the caller sends),
 * its name and password, joined to the invitation's target and signed in, all in one transaction. It owns no club.
 * An address that already has an account is refused (sign in and accept instead).
 */
export async function signUpWithInvitation(ctx: RequestContext, raw: unknown): Promise<{ token: string; accountId: string; joined: Accepted }> {
  const input = parseInput(invitationSignUpInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('signup', { ip: ctx.meta.ip });
  // Hashed before the transaction: argon2 takes a while and holds no connection meanwhile.
  const passwordHash = await hashSecret(input.password);
  try {
    return await invitationDb(ctx).$transaction(async (tx) => {
      const { kind, invitation, refuse } = await pendingInvitation(tx, input.token);
      const email = invitation.email.trim().toLowerCase();
      if (await tx.account.findUnique({ where: { email }, select: { id: true } })) {
        throw new ConflictError(MSG.invitationAccountExists, { email: MSG.invitationAccountExists });
      }
      const account = await tx.account.create({
        data: { email, passwordHash, profile: { create: { firstname: input.firstname, lastname: input.lastname } } },
        select: { id: true },
      });
      const sessionToken = await openSession(ctx, account.id, tx);
      // The new account is the one acting from here on (the access log names it as who joined the club).
      const asAccount: RequestContext = { ...ctx, viewer: { accountId: account.id, sessionId: '', membership: null } };
      const joined = await INVITATION_KINDS[kind].join(asAccount, tx, invitation, account.id);
      if (!joined) throw refuse(MSG.invitationUsed);
      return { token: sessionToken, accountId: account.id, joined: { kind, ...joined } };
    });
  } catch (e) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the answer above.
    if (isUniqueViolation(e)) throw new ConflictError(MSG.invitationAccountExists, { email: MSG.invitationAccountExists });
    throw e;
  }
}
