// Linking a club's person record to the person's own account, the only way Person.accountId is ever set (and so
// the only way a club's notifications reach an account): the club asks, a single-use link goes to the email on the
// club's own record, and the person, signed in to their account, confirms. Nobody is linked by a tax code typed
// into a profile.
import { writeAccessLogInTransaction } from '../../access/access-log';
import { accountDb } from '../../access/cross-club';
import { clubDb } from '../../access/request-db';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { authorizePeopleKinds } from '../../access/authorize';

type Tx = Prisma.TransactionClient;

export const PERSON_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The mailed link's page: the invitation door (modules/invitations, the `family` kind), which lets a person without
 * an account create one. Links mailed before it pointed at /collega-profilo, which still confirms them.
 */
export const PERSON_LINK_PATH = '/invito';

/**
 * Mails the person `personId` of the viewer's club a link to confirm that the record is theirs; a newer invitation
 * replaces any pending one. Another club's person id is NotFoundError, like an unknown one. The mail is throttled
 * per club and per recipient (RateLimitError, nothing stored).
 */
export async function invitePersonLink(ctx: RequestContext, personId: unknown): Promise<{ message: string; email: string }> {
  // The record must hold a role the viewer may edit.
  const { clubId, accountId, kinds } = authorizePeopleKinds(ctx, 'write');
  const { mailer } = ctx.deps;
  const db = clubDb(ctx);
  const person = isUuid(personId)
    ? await db.person.findFirst({
        where: { id: personId, clubId, roles: { some: { kind: { in: kinds } } } },
        select: { id: true, firstname: true, emailPrimary: true, club: { select: { fullName: true } } },
      })
    : null;
  if (!person) throw new NotFoundError();
  const email = person.emailPrimary?.trim();
  if (!email) throw new ValidationError({ emailPrimary: MSG.personLinkNoEmail }, MSG.personLinkNoEmail);
  await ctx.deps.limits.consume('personLinkInvite', { ip: ctx.meta.ip, account: accountId });

  const token = randomToken();
  const url = personLinkUrl(ctx, token);
  // The mail is written with the invitation: it exists iff the invitation is stored, and a throttled one
  // (RateLimitError) leaves the pending invitation as it was.
  await db.$transaction(async (tx) => {
    await mailer.send(
      { to: email, subject: MSG.personLinkMailSubject(person.club.fullName), text: MSG.personLinkMailBody(person.club.fullName, person.firstname, url) },
      { club: clubId, account: accountId },
      { tx },
    );
    await tx.personLinkInvitation.updateMany({ where: { personId: person.id, usedAt: null }, data: { usedAt: new Date() } });
    await tx.personLinkInvitation.create({
      data: { clubId, personId: person.id, email, tokenHash: hashToken(token), invitedById: accountId, expiresAt: new Date(Date.now() + PERSON_LINK_TTL_MS) },
    });
  });
  return { message: MSG.personLinkInviteSent(email), email };
}

/**
 * The signed-in account confirms an invitation it received: the person record becomes its own (replacing an earlier
 * link). Single use, 7 days; an unknown, used, replaced or expired token all answer the same ValidationError.
 */
export async function acceptPersonLink(ctx: RequestContext, token: unknown): Promise<{ message: string; clubName: string; personId: string }> {
  const { accountId, db } = accountDb(ctx);
  await ctx.deps.limits.consume('personLinkAccept', { ip: ctx.meta.ip, account: accountId });
  const invalid = () => new ValidationError({ token: MSG.personLinkInvalid }, MSG.personLinkInvalid);
  if (typeof token !== 'string' || !token.trim() || token.length > 200) throw invalid();

  // Across clubs on purpose (access/cross-club.ts): the token names the club, and the person who holds it belongs to none yet.
  return db.$transaction(async (tx) => {
    const invitation = await tx.personLinkInvitation.findUnique({
      where: { tokenHash: hashToken(token.trim()) },
      select: { id: true, clubId: true, personId: true, expiresAt: true, usedAt: true, club: { select: { fullName: true, archivedAt: true } } },
    });
    if (!invitation || invitation.usedAt || invitation.expiresAt <= new Date() || invitation.club.archivedAt) throw invalid();
    if (!(await linkPersonToAccount(ctx, tx, invitation, accountId))) throw invalid();
    return { message: MSG.personLinkAccepted(invitation.club.fullName), clubName: invitation.club.fullName, personId: invitation.personId };
  });
}

/**
 * Marks the invitation used (conditionally: two confirmations racing link once) and makes the person the account's,
 * replacing an earlier link, with the access-log line in the same transaction. False when another confirmation won.
 * Also the invitation door's `family` kind (modules/invitations): the personal area opens with it.
 */
export async function linkPersonToAccount(ctx: RequestContext, tx: Tx, invitation: { id: string; clubId: string; personId: string }, accountId: string): Promise<boolean> {
  const { count } = await tx.personLinkInvitation.updateMany({
    where: { id: invitation.id, usedAt: null },
    data: { usedAt: new Date(), acceptedAt: new Date(), acceptedById: accountId },
  });
  if (count !== 1) return false;
  await tx.person.update({ where: { id: invitation.personId }, data: { accountId } });
  // Not through the club client (the account need not be a member): the line is written here, in the same transaction.
  await writeAccessLogInTransaction(tx, ctx, invitation.clubId, [
    { action: 'update', entityType: 'person', entityId: invitation.personId, personId: invitation.personId, detail: 'Profilo collegato a un account' },
  ]);
  return true;
}

/**
 * A person-link invitation written inside the caller's transaction (a registration's approval: the registrant's
 * access to the personal area), replacing any pending one; answers the door's URL to mail.
 */
export async function createPersonLinkInvitation(ctx: RequestContext, tx: Tx, link: { clubId: string; personId: string; email: string; invitedById: string | null }): Promise<string> {
  const token = randomToken();
  await tx.personLinkInvitation.updateMany({ where: { personId: link.personId, usedAt: null }, data: { usedAt: new Date() } });
  await tx.personLinkInvitation.create({ data: { ...link, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + PERSON_LINK_TTL_MS) } });
  return personLinkUrl(ctx, token);
}

/** The mailed link: the invitation door, which signs in or creates an account and then links. */
export const personLinkUrl = (ctx: RequestContext, token: string) => `${ctx.deps.config.publicUrl}${PERSON_LINK_PATH}?token=${encodeURIComponent(token)}`;
