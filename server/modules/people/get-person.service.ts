// Single reads: a role by id, a profile by tax code. Unknown ids and ids of another club answer null alike.
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { NotFoundError } from '../../lib/errors';
import type { PersonKindKey } from '../../../schema/constants';
import { clubRoleWhere } from './people.policy';
import { clubDb } from '../../access/request-db';
import { authorizeMember, authorizePeopleKinds } from '../../access/authorize';

/** `args` carries the selection (GraphQL's planned query, or the legacy record's include). */
type RoleArgs = Omit<Prisma.PersonRoleFindFirstArgs, 'where'>;
type PersonArgs = Omit<Prisma.PersonFindFirstArgs, 'where'>;

/** A role of the viewer's club (of this kind when given), archived included; null otherwise. */
export function getPersonRole<A extends RoleArgs>(ctx: RequestContext, id: unknown, args?: A, kind?: PersonKindKey) {
  // Of the kind asked for (legacy routes), else among the kinds the viewer may read: any other is like unknown.
  const { clubId, kinds } = kind ? { ...authorizeMember(ctx, `people.${kind}.read`), kinds: kind } : authorizePeopleKinds(ctx, 'read');
  return clubDb(ctx).personRole.findFirst({ ...args, where: clubRoleWhere(clubId, id, kinds) }) as Promise<Prisma.PersonRoleGetPayload<A> | null>;
}

/** Like getPersonRole, but NotFoundError when there is no such role (legacy `single`). */
export async function requirePersonRole<A extends RoleArgs>(ctx: RequestContext, id: unknown, args?: A, kind?: PersonKindKey) {
  const role = await getPersonRole(ctx, id, args, kind);
  if (!role) throw new NotFoundError();
  return role;
}

/** Tax codes are stored upper-cased without spaces; a lookup accepts them as typed. */
export const normalizeTaxCode = (raw: string) => raw.toUpperCase().replace(/\s+/g, '');

/** The club's profile with this tax code, to reuse it for another role without retyping (null when none). */
export function findPersonByTaxCode<A extends PersonArgs>(ctx: RequestContext, taxIdCode: string, args?: A) {
  const { clubId } = authorizePeopleKinds(ctx, 'write');
  return clubDb(ctx).person.findFirst({ ...args, where: { clubId, taxIdCode: normalizeTaxCode(taxIdCode) } }) as Promise<Prisma.PersonGetPayload<A> | null>;
}
