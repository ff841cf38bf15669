// The kinds of invitation the door (invitations.service.ts) opens. Each kind says how to find an invitation by its
// token's hash, what to show about it (the target's name, the role's Italian label, who invited) and how an account
// joins its target. The door itself knows no kind: reading a link, the account-only sign-up and accepting are the
// same for all of them.
//
// A new kind (the next issue's members and guardians: a family account joining a club's person) is one more entry
// here: its table of invitations (email, tokenHash, expiresAt, acceptedAt, revokedAt, the target), the mail's link
// pointing at the door's page (`path`), and `join` creating the access it grants. The GraphQL enum, the query, the
// sign-up, the accept mutation and the client's page follow from this table unchanged.
import { CLUB_ROLE_LABELS } from '../../access/permissions';
import type { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../context';
import { COLLABORATOR_INVITE_PATH, joinClubByInvitation } from '../collaborators/collaborators.service';
import { joinOrganisationStaffByInvitation, STAFF_INVITE_PATH, STAFF_ROLE_LABELS } from '../organisations/organisation-staff.service';
import { linkPersonToAccount, PERSON_LINK_PATH } from '../people/person-link.service';
import { FAMILY_MSG } from '../../../schema/messages-family';

type Tx = Prisma.TransactionClient;

/** An invitation as the door sees it, whatever its kind. */
export interface DoorInvitation {
  id: string;
  email: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  /** The club (or organisation) the invitation opens. */
  targetId: string;
  targetName: string;
  /** An archived club: its invitations are void. */
  targetClosed: boolean;
  roleLabel: string;
  invitedById: string | null;
}

/** What joining gave the account: where the client goes next. */
export interface DoorJoined {
  targetId: string;
  targetName: string;
  /** The club membership (collaborators: the client makes it the current club); null for other kinds. */
  membershipId: string | null;
  message: string;
}

export interface InvitationKindDef {
  /** The client's page of the mailed link (the door, the same page for every kind). */
  path: string;
  find(tx: Tx, tokenHash: string): Promise<DoorInvitation | null>;
  /**
   * Makes `accountId` a member of the target within `tx`, the invitation marked used conditionally (two acceptances
   * racing make one member): null when another acceptance won. ConflictError when the account already is one.
   */
  join(ctx: RequestContext, tx: Tx, invitation: DoorInvitation, accountId: string): Promise<DoorJoined | null>;
}

export const INVITATION_KINDS = {
  collaborator: {
    path: COLLABORATOR_INVITE_PATH,
    async find(tx, tokenHash) {
      const row = await tx.collaboratorInvitation.findUnique({ where: { tokenHash }, include: { club: { select: { fullName: true, archivedAt: true } } } });
      return row && { ...row, targetId: row.clubId, targetName: row.club.fullName, targetClosed: row.club.archivedAt !== null, roleLabel: CLUB_ROLE_LABELS[row.role] };
    },
    join: joinClubByInvitation,
  },
  organisationStaff: {
    path: STAFF_INVITE_PATH,
    async find(tx, tokenHash) {
      const row = await tx.organisationStaffInvitation.findUnique({ where: { tokenHash }, include: { organisation: { select: { name: true } } } });
      return row && { ...row, targetId: row.organisationId, targetName: row.organisation.name, targetClosed: false, roleLabel: STAFF_ROLE_LABELS[row.role] };
    },
    join: joinOrganisationStaffByInvitation,
  },
  // A club's person (a member, an athlete of age, a guardian) opening the personal area (issue 36 point 4): the
  // person-link invitation, mailed by the staff or with a registration's approval. Joining links the person.
  family: {
    path: PERSON_LINK_PATH,
    async find(tx, tokenHash) {
      const row = await tx.personLinkInvitation.findUnique({ where: { tokenHash }, include: { club: { select: { fullName: true, archivedAt: true } }, person: { select: { firstname: true, lastname: true } } } });
      return (
        row && {
          ...row,
          // usedAt without acceptedAt: a newer link replaced this one.
          revokedAt: row.acceptedAt ? null : row.usedAt,
          targetId: row.clubId,
          targetName: row.club.fullName,
          targetClosed: row.club.archivedAt !== null,
          roleLabel: FAMILY_MSG.familyInvitationRole(`${row.person.firstname} ${row.person.lastname}`),
        }
      );
    },
    async join(ctx, tx, invitation, accountId) {
      const { personId } = await tx.personLinkInvitation.findUniqueOrThrow({ where: { id: invitation.id }, select: { personId: true } });
      if (!(await linkPersonToAccount(ctx, tx, { id: invitation.id, clubId: invitation.targetId, personId }, accountId))) return null;
      return { targetId: invitation.targetId, targetName: invitation.targetName, membershipId: null, message: FAMILY_MSG.familyJoined(invitation.targetName) };
    },
  },
} satisfies Record<string, InvitationKindDef>;

export type InvitationKind = keyof typeof INVITATION_KINDS;
export const INVITATION_KIND_NAMES = Object.keys(INVITATION_KINDS) as InvitationKind[];
