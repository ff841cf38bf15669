// People, groups and service contexts for the people tests: made through the real services (people) or plain rows
// (groups and memberships, which belong to another module and only serve as fixtures here).
import type { PersonKindKey } from '../../schema/constants';
import type { AppDeps, RequestContext } from '../../server/context';
import { savePerson, type PersonFiles } from '../../server/modules/people/save-person.service';
import { serviceContext, type TestClub } from './factories';
import { taxCodeFor } from './tax-code-factories';

/** A service context acting as the club's owner, as a GraphQL or REST request of that club would. */
export async function clubContext(deps: AppDeps, club: TestClub): Promise<RequestContext> {
  const membership = await deps.systemDb.membership.findFirstOrThrow({ where: { accountId: club.accountId, clubId: club.clubId } });
  const session = await deps.systemDb.session.findFirstOrThrow({ where: { accountId: club.accountId } });
  return serviceContext(deps, {
    accountId: club.accountId,
    sessionId: session.id,
    membership: { id: membership.id, clubId: membership.clubId, role: membership.role, token: membership.token },
  });
}

let taxSequence = 0;
/** A distinct, valid 16-character tax code on every call (upper case); `prefix` gives its first letters. */
export function nextTaxCode(prefix = 'TST'): string {
  taxSequence += 1;
  return taxCodeFor(taxSequence, prefix);
}

export interface PersonOverrides {
  profile?: Record<string, unknown>;
  details?: Record<string, unknown>;
  notePrivate?: string;
  isActive?: boolean;
}

/** The service input of a valid new person (gender set, as athletes, coaches and members need it). */
export function personInput({ profile = {}, details = {}, ...rest }: PersonOverrides = {}) {
  return {
    profile: { firstname: 'Mario', lastname: 'Rossi', taxIdCode: nextTaxCode(), typeGenderId: 1, ...profile },
    details,
    ...rest,
  };
}

/** Creates a role through savePerson and answers its ids. */
export async function createPerson(ctx: RequestContext, kind: PersonKindKey, overrides: PersonOverrides = {}, files?: PersonFiles) {
  const saved = await savePerson(ctx, kind, personInput(overrides), files);
  const role = await ctx.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: saved.roleId }, include: { person: true } });
  return { roleId: role.id, personId: role.personId, taxIdCode: role.person.taxIdCode!, saved };
}

/** A group row of the club with these roles as members (fixture). */
export async function createGroupWith(deps: AppDeps, clubId: string, type: PersonKindKey, name: string, roleIds: string[] = []) {
  const group = await deps.systemDb.group.create({ data: { clubId, type, name } });
  if (roleIds.length) await deps.systemDb.groupMember.createMany({ data: roleIds.map((roleId) => ({ clubId, groupId: group.id, roleId })) });
  return group;
}
