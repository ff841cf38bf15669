// Raw SQL on club data binds the club through this helper only (issue 34 point 1; eslint.config.js refuses any other
// raw statement outside its allowlist): write `${CLUB}` where the statement compares with the club, and the helper
// puts the scope's club there as a uuid parameter. A statement without `${CLUB}` is refused before it runs, and the
// club-scoped client (club-scope.ts) refuses a statement whose parameters do not include its own club, so a statement
// built for another club matches nothing: it never runs.
//
//   const rows = await clubDb(ctx).$queryRaw<Row[]>(clubSql(ctx)`SELECT id FROM groups WHERE club_id = ${CLUB} AND ...`);
import { requireClub } from '../auth/policy';
import type { Scope } from '../context';
import { Prisma } from '../generated/prisma/client.js';
import { MissingClubScopeError } from './club-scope';

/** Where the statement names the club: replaced by the scope's club, as a uuid parameter. */
export const CLUB: unique symbol = Symbol('CLUB');

/**
 * The tag for a raw statement on club data: `club` is the request's scope (its member's club) or, inside a service
 * that already holds it, the club id read from that scope.
 */
export function clubSql(club: Scope | string): (strings: TemplateStringsArray, ...values: unknown[]) => Prisma.Sql {
  const clubId = typeof club === 'string' ? club : requireClub(club).clubId;
  return (strings, ...values) => {
    if (!values.includes(CLUB)) throw new MissingClubScopeError('Raw SQL without ${CLUB}');
    return Prisma.sql(strings, ...values.map((value) => (value === CLUB ? Prisma.sql`${clubId}::uuid` : (value as Prisma.Sql))));
  };
}
