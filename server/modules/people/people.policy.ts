// Every read and write of a person goes through the viewer's club: an id of another club behaves exactly like
// an unknown id, so a user of another club learns nothing.
import type { PersonKindKey } from '../../../schema/constants';
import type { Prisma } from '../../generated/prisma/client.js';
import { NotFoundError } from '../../lib/errors';
import { isUuid, type Db } from '../../lib/club-rows';

/** The client or an open transaction. */

/** A kind, or the kinds the viewer may use (a role of any other kind is then like an unknown id). */
export type KindFilter = PersonKindKey | readonly PersonKindKey[];

/** The `where` of one role of the club (of that kind or those kinds when given); a malformed id matches nothing. */
export function clubRoleWhere(clubId: string, id: unknown, kind?: KindFilter): Prisma.PersonRoleWhereInput {
  // An impossible id rather than the raw value: a non-uuid would make PostgreSQL fail instead of answer.
  const kindWhere = kind === undefined ? {} : typeof kind === 'string' ? { kind } : { kind: { in: [...kind] } };
  return { id: isUuid(id) ? id : '00000000-0000-0000-0000-000000000000', clubId, ...kindWhere };
}

/** The role with this id in the club (and of that kind or those kinds when given), or NotFoundError. */
export async function findClubRole(db: Db, clubId: string, id: unknown, kind?: KindFilter) {
  const role = isUuid(id) ? await db.personRole.findFirst({ where: clubRoleWhere(clubId, id, kind), include: { person: true } }) : null;
  if (!role) throw new NotFoundError();
  return role;
}

/**
 * A person's roles of one kind in the order that names "the" role of that kind: the active one first (at most one,
 * a partial unique index), then the most recently archived. Archived roles stay beside a new registration (issue 15).
 */
export const CURRENT_ROLE_FIRST = [
  { archivedAt: { sort: 'desc', nulls: 'first' } },
  { createdAt: 'desc' },
  { id: 'desc' },
] as const satisfies Prisma.PersonRoleOrderByWithRelationInput[];
