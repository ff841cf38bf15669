// Every read and write of a person goes through the viewer's club: an id of another club behaves exactly like
// an unknown id, so a user of another club learns nothing.
import type { PersonKindKey } from '../../../schema/constants';
import type { Prisma } from '../../generated/prisma/client.js';
import { NotFoundError } from '../../lib/errors';
import { isUuid, type Db } from '../../lib/club-rows';

/** The client or an open transaction. */

/** The `where` of one role of the club (of one kind when given); a malformed id matches nothing. */
export function clubRoleWhere(clubId: string, id: unknown, kind?: PersonKindKey): Prisma.PersonRoleWhereInput {
  // An impossible id rather than the raw value: a non-uuid would make PostgreSQL fail instead of answer.
  return { id: isUuid(id) ? id : '00000000-0000-0000-0000-000000000000', clubId, ...(kind ? { kind } : {}) };
}

/** The role with this id in the club (and of this kind when given), or NotFoundError. */
export async function findClubRole(db: Db, clubId: string, id: unknown, kind?: PersonKindKey) {
  const role = isUuid(id) ? await db.personRole.findFirst({ where: clubRoleWhere(clubId, id, kind), include: { person: true } }) : null;
  if (!role) throw new NotFoundError();
  return role;
}

