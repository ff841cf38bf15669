// The one gate: every service asks here before it reads or changes club data. Permissions are data
// (permissions.ts); this only applies them to the actor.
import { MSG } from '../../schema/messages';
import { requireClub } from '../auth/policy';
import type { RequestContext } from '../context';
import { ForbiddenError } from '../lib/errors';
import { memberActor, type Actor } from './actor';
import { PERSON_KINDS } from '../../schema/constants';
import { roleAllows, type Permission } from './permissions';

/** Whether `actor` holds `permission`. The system may do anything; an API key only what a later issue grants. */
export function can(actor: Actor, permission: Permission): boolean {
  switch (actor.kind) {
    case 'system':
      return true;
    case 'member':
      return roleAllows(actor.role, permission);
    case 'apiKey':
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
