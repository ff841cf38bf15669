// Applies the permission table (permissions.ts) to an actor. Who may call each operation is decided once, by the
// operation table in front of both faces (operation-rules.ts, operation-access.ts); services ask here only for what
// that table cannot say: a second permission that depends on the data (health fields, a Gruppi column), the person
// kinds a role may use (row-level narrowing), the paths outside the table (file downloads, CSV exports), and an
// organisation's staff role, which depends on the organisation the call names or the record it touches.
import { MSG } from '../../schema/messages';
import { requireClub } from '../auth/policy';
import type { RequestContext } from '../context';
import { ForbiddenError } from '../lib/errors';
import { memberActor, type Actor } from './actor';
import { PERSON_KINDS } from '../../schema/constants';
import { organisationRoleAllows, roleAllows, type OrganisationPermission, type OrganisationRole, type Permission } from './permissions';
import type { PrismaClient } from '../generated/prisma/client.js';
import { isUuid } from '../lib/club-rows';

/** Whether `actor` holds `permission`. The system may do anything; an API key only what a later issue grants. */
export function can(actor: Actor, permission: Permission): boolean {
  switch (actor.kind) {
    case 'system':
      return true;
    case 'member':
      return roleAllows(actor.role, permission);
    case 'apiKey':
    case 'staff': // an organisation's staff hold organisation permissions (authorizeOrganisation), none of a club
    case 'family': // members and guardians hold the family table's permissions (access/cross-club.ts familyDoor), none of a club's staff
      return false;
  }
}

/** Throws ForbiddenError (the role's refusal, in Italian) unless `actor` holds `permission`. */
export function authorize(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw new ForbiddenError(MSG.permissionDenied);
}

/**
 * The request's member in its club, allowed `permission`: the usual first line of a club service. Refuses like
 * requireClub (no session: UNAUTHENTICATED; no club: FORBIDDEN) and then by role.
 */
export function authorizeMember(ctx: RequestContext, permission: Permission): Extract<Actor, { kind: 'member' }> {
  requireClub(ctx);
  const actor = memberActor(ctx)!;
  authorize(actor, permission);
  return actor;
}

/**
 * The request's member in its club, for a service behind the operation table (which has checked the role already):
 * no permission asked here, but a call without a session or a club still refuses like requireClub (UNAUTHENTICATED,
 * FORBIDDEN), so a service called from elsewhere never acts without a member.
 */
export function clubMember(ctx: RequestContext): Extract<Actor, { kind: 'member' }> {
  requireClub(ctx);
  return memberActor(ctx)!;
}

/**
 * The person kinds the request's member may `action` (read, write, archive), refusing when there is none: for an
 * operation on a role whose kind is not known beforehand (`person(id)`), which then looks among these kinds only,
 * so a role of another kind answers like an unknown id.
 */
export function authorizePeopleKinds(ctx: RequestContext, action: 'read' | 'write' | 'archive') {
  requireClub(ctx);
  const actor = memberActor(ctx)!;
  const kinds = PERSON_KINDS.filter((kind) => can(actor, `people.${kind}.${action}`));
  if (!kinds.length) throw new ForbiddenError(MSG.permissionDenied);
  return { ...actor, kinds };
}

/**
 * The account's staff role in the organisation, refusing with `refusal` (ForbiddenError) unless that role holds
 * `permission` (permissions.ts ORGANISATION_ROLE_PERMISSIONS). An unknown or malformed organisation id is refused the
 * same way, so the answer never tells which organisations exist. Read on every call: a removal takes effect at once.
 */
export async function authorizeOrganisation(
  db: PrismaClient,
  accountId: string,
  organisationId: string,
  permission: OrganisationPermission,
  refusal: string,
): Promise<OrganisationRole> {
  const staff = isUuid(organisationId)
    ? await db.organisationStaff.findUnique({ where: { organisationId_accountId: { organisationId, accountId } }, select: { role: true } })
    : null;
  if (!staff || !organisationRoleAllows(staff.role, permission)) throw new ForbiddenError(refusal);
  return staff.role;
}
