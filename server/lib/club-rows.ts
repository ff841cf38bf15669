// Helpers every club-scoped service uses to name its rows: an id of another club, or a malformed id, names no
// row at all, exactly like an unknown id, so a refusal never tells whether the row exists.
import type { Prisma } from '../generated/prisma/client.js';

/** What the services accept as a database handle: the client or an open transaction. */
export type Db = Prisma.TransactionClient;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else names no row (and would make PostgreSQL fail instead of answer). */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/** The `where` of one club-owned row by id; a malformed id matches nothing, like an unknown one. */
export function clubRowWhere(clubId: string, id: unknown): { id: string | { in: string[] }; clubId: string } {
  return { id: isUuid(id) ? id : { in: [] }, clubId };
}
