// Who is acting, resolved once per request (or per job and script): every service decision starts from here.
//   member  an account acting in one club with its membership's role (the request's X-Club);
//   apiKey  an organisation's key reading the clubs that consented (federations and leagues, issue 13:
//           server/modules/organisations/api-keys.service.ts resolves it, server/modules/federation/ serves it);
//   staff   an account acting as staff of one organisation on its portal (access/staff-scope.ts resolves it for
//           the organisation the operation names, with the staff role there);
//   family  an account in the personal area (issue 36 point 5): the people linked to it and the minors they are
//           guardians of, with its relation to each (access/cross-club.ts familyReach, permissions.ts's family table);
//   system  jobs, scripts and migrations, acting for the product itself.
import type { OrganisationScope } from '../../schema/organisation-scopes';
import type { RequestContext } from '../context';
import type { ClubRole, FamilyRelation, OrganisationRole } from './permissions';

export type Actor =
  | { kind: 'member'; accountId: string; sessionId: string; clubId: string; membershipId: string; role: ClubRole }
  | { kind: 'apiKey'; organisationId: string; keyId: string; prefix: string; clubIds: readonly string[]; scopes: readonly OrganisationScope[] }
  | { kind: 'staff'; accountId: string; organisationId: string; role: OrganisationRole }
  | { kind: 'family'; accountId: string; personId: string; relation: FamilyRelation }
  | { kind: 'system'; reason: string; clubId?: string };

/** A signed-in account that named a club, or null (anonymous, or signed in without a club). */
export function memberActor(ctx: RequestContext): Extract<Actor, { kind: 'member' }> | null {
  const membership = ctx.viewer?.membership;
  if (!ctx.viewer || !membership) return null;
  return {
    kind: 'member',
    accountId: ctx.viewer.accountId,
    sessionId: ctx.viewer.sessionId,
    clubId: membership.clubId,
    membershipId: membership.id,
    role: membership.role,
  };
}

export const systemActor = (reason: string, clubId?: string): Actor => ({ kind: 'system', reason, clubId });
