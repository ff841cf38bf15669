// A connection page cut out of a list ordered in code: for an order Prisma cannot write (one computed from the rows,
// like a group's count of active members), with Prisma's own cursor/skip/take rules, so cursors and offsets
// (server/graphql/list-offset.ts) behave alike under every order of a list.

/** A connection page as Pothos plans it (after `withListOffset`): Prisma's cursor, skip and take. */
export interface PlannedPage {
  cursor?: { id?: string };
  skip?: number;
  take?: number;
}

/**
 * The ids Prisma would pick with `page` out of `ids`, already in order. The cursor's row is where the page starts
 * (skip 1 leaves it out); a negative take counts back from it, or from the end; a cursor naming no row of the list
 * gives an empty page.
 */
export function pageOfOrderedIds(ids: readonly string[], { cursor, skip = 0, take }: PlannedPage): string[] {
  let start = 0;
  let end = ids.length;
  if (cursor) {
    const at = cursor.id === undefined ? -1 : ids.indexOf(cursor.id);
    if (at < 0) return [];
    if (take !== undefined && take < 0) end = at + 1;
    else start = at;
  }
  if (take !== undefined && take < 0) {
    end = Math.max(0, end - skip);
    return ids.slice(Math.max(0, end + take), end);
  }
  start += skip;
  return ids.slice(start, take === undefined ? undefined : start + take);
}
