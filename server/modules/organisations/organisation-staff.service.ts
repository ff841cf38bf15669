// An organisation's staff (issue 13 point 1): its admins invite accounts by email as admin or reader, with a
// single-use link valid 7 days (stored only as the token's hash) like a club's collaborators; any signed-in account
// holding the link joins; admins change roles and remove staff, and the organisation always keeps an admin.
import { staffAccessOf, staffAccessOfRecord } from '../../access/staff-scope';
import { z } from 'zod';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { requireSession } from '../../auth/policy';
import { isUuid } from '../../lib/club-rows';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';

export const STAFF_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The landing page of the mailed link (client route). */
export const STAFF_INVITE_PATH = '/organizzazione/invito';

export const STAFF_ROLE_LABELS = { admin: 'Amministratore', reader: 'Sola lettura' } as const;

export const STAFF_MSG = {
  notAdmin: ORGANISATION_REFUSAL.staff,
  emailInvalid: 'Indica un indirizzo email valido.',
  roleInvalid: 'Ruolo non valido: scegli admin o reader.',
  already: "Questa persona fa già parte dello staff dell'organizzazione.",
  sent: (email: string) => `Invito inviato a ${email}: il link vale 7 giorni.`,
  revoked: 'Invito annullato.',
  invalid: MSG.staffInviteInvalid,
  joined: (name: string) => `Ora fai parte dello staff di ${name}.`,
  lastAdmin: "L'organizzazione deve avere almeno un amministratore.",
  notFound: 'Persona dello staff non trovata.',
  mailSubject: (name: string) => `${name} ti invita nel suo staff su CampoBase`,
  mailBody: (name: string, role: string, url: string) =>
    `Ciao,\n\nsei invitato nello staff di ${name} su CampoBase con il ruolo ${role}.\n\n` +
    `Per accettare apri questo link (vale 7 giorni, una sola volta) e accedi, oppure registrati con questo indirizzo email:\n${url}\n\n` +
    `Se non ti aspettavi questo invito, ignora il messaggio: non succede nulla.\n\nIl team CampoBase\n`,
} as const;

const inviteInput = z.object({
  organisationId: z.string(),
  email: z.string({ error: STAFF_MSG.emailInvalid }).trim().toLowerCase().pipe(z.email({ error: STAFF_MSG.emailInvalid })),
  role: z.enum(['admin', 'reader'], { error: STAFF_MSG.roleInvalid }),
});

const pendingWhere = (now = new Date()) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

/**
 * Invites `email` to the staff; a pending invitation of the same address is replaced. The mail is written in the
 * same transaction: it exists iff the invitation is stored, and a throttled one (RateLimitError) stores nothing.
 */
export async function inviteOrganisationStaff(ctx: RequestContext, raw: { organisationId: unknown; email: unknown; role: unknown }) {
  const { accountId } = requireSession(ctx);
  const input = parseInput(inviteInput, raw, { summary: 'first' });
  const staff = staffAccessOf(ctx, input.organisationId);
  await ctx.deps.limits.consume('collaboratorInvite', { ip: ctx.meta.ip, account: accountId });
  const member = await staff.db.organisationStaff.findFirst({ where: { account: { email: input.email } }, select: { id: true } });
  if (member) throw new ConflictError(STAFF_MSG.already, { email: STAFF_MSG.already });
  const organisation = await staff.db.organisation.findUniqueOrThrow({ where: { id: input.organisationId }, select: { name: true } });
  // The mail is queued in the invitation's transaction (the outbox is no organisation's row): the app's client,
  // every statement naming the organisation the staff access was resolved for.
  const db = ctx.deps.db;
  const token = randomToken();
  const url = `${ctx.deps.config.publicUrl}${STAFF_INVITE_PATH}?token=${encodeURIComponent(token)}`;
  const invitation = await db.$transaction(async (tx) => {
    await ctx.deps.mailer.send(
      { to: input.email, subject: STAFF_MSG.mailSubject(organisation.name), text: STAFF_MSG.mailBody(organisation.name, STAFF_ROLE_LABELS[input.role], url) },
      { account: accountId, ip: ctx.meta.ip },
      { tx },
    );
    await tx.organisationStaffInvitation.updateMany({ where: { organisationId: input.organisationId, email: input.email, ...pendingWhere() }, data: { revokedAt: new Date() } });
    return tx.organisationStaffInvitation.create({
      data: { organisationId: input.organisationId, email: input.email, role: input.role, tokenHash: hashToken(token), invitedById: accountId, expiresAt: new Date(Date.now() + STAFF_INVITE_TTL_MS) },
      select: { id: true },
    });
  });
  return { message: STAFF_MSG.sent(input.email), invitationId: invitation.id };
}

/** The staff and the pending invitations, for the organisation's staff. */
export async function organisationStaffList(ctx: RequestContext, organisationId: string) {
  const { db } = staffAccessOf(ctx, organisationId);
  const [staff, invitations] = await Promise.all([
    db.organisationStaff.findMany({
      orderBy: { createdAt: 'asc' },
      select: { role: true, createdAt: true, account: { select: { id: true, email: true, profile: { select: { firstname: true, lastname: true } } } } },
    }),
    db.organisationStaffInvitation.findMany({ where: pendingWhere(), orderBy: { createdAt: 'desc' }, select: { id: true, email: true, role: true, expiresAt: true } }),
  ]);
  return {
    staff: staff.map((s) => ({
      accountId: s.account.id,
      email: s.account.email,
      name: [s.account.profile?.firstname, s.account.profile?.lastname].filter(Boolean).join(' ') || null,
      role: s.role,
      since: s.createdAt,
    })),
    invitations,
  };
}

export async function revokeOrganisationStaffInvitation(ctx: RequestContext, id: unknown) {
  const { db } = staffAccessOfRecord(ctx, 'organisationStaffInvitation', id);
  const invitation = await db.organisationStaffInvitation.findFirst({ where: { id: id as string, acceptedAt: null, revokedAt: null }, select: { id: true } });
  if (!invitation) throw new NotFoundError();
  await db.organisationStaffInvitation.update({ where: { id: invitation.id }, data: { revokedAt: new Date() } });
  return { message: STAFF_MSG.revoked, invitationId: invitation.id };
}

/**
 * The invitation door's `join` for organisation staff (modules/invitations): `accountId` joins the staff with the
 * invited role within the door's transaction `tx`. Null when a concurrent acceptance used the invitation first.
 */
export async function joinOrganisationStaffByInvitation(
  _ctx: RequestContext,
  tx: Prisma.TransactionClient,
  invitation: { id: string; targetId: string; targetName: string },
  accountId: string,
): Promise<{ targetId: string; targetName: string; membershipId: null; message: string } | null> {
  const organisationId = invitation.targetId;
  if (await tx.organisationStaff.findUnique({ where: { organisationId_accountId: { organisationId, accountId } } })) throw new ConflictError(STAFF_MSG.already);
  // Conditional, so two acceptances racing make one member.
  const { count } = await tx.organisationStaffInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: new Date(), acceptedById: accountId } });
  if (count !== 1) return null;
  const { role } = await tx.organisationStaffInvitation.findUniqueOrThrow({ where: { id: invitation.id }, select: { role: true } });
  await tx.organisationStaff.create({ data: { organisationId, accountId, role } });
  return { targetId: organisationId, targetName: invitation.targetName, membershipId: null, message: STAFF_MSG.joined(invitation.targetName) };
}

/** Changes a staff member's role, or removes them (role null); the last admin can be neither demoted nor removed. */
export async function changeOrganisationStaff(ctx: RequestContext, organisationId: string, memberAccountId: string, role: 'admin' | 'reader' | null) {
  const { db } = staffAccessOf(ctx, organisationId);
  if (!isUuid(memberAccountId)) throw new NotFoundError(STAFF_MSG.notFound);
  return db.$transaction(async (tx) => {
    const member = await tx.organisationStaff.findUnique({ where: { organisationId_accountId: { organisationId, accountId: memberAccountId } }, select: { id: true, role: true } });
    if (!member) throw new NotFoundError(STAFF_MSG.notFound);
    if (member.role === 'admin' && role !== 'admin') {
      const admins = await tx.organisationStaff.count({ where: { organisationId, role: 'admin' } });
      if (admins <= 1) throw new ValidationError({ role: STAFF_MSG.lastAdmin }, STAFF_MSG.lastAdmin);
    }
    if (role) await tx.organisationStaff.update({ where: { id: member.id }, data: { role } });
    else await tx.organisationStaff.delete({ where: { id: member.id } });
    return { accountId: memberAccountId, role };
  });
}
