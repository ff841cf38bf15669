// Who is "in a season" (issue 35 point 1), decided here once for the people lists, their exports and the
// dashboard's season figures: a person with a renewal in that season, a card of it, or an entry of the membership
// register during it (admitted by its last day and not left before its first, as memberRegisterWhere reads the
// register of a season). Without a season the lists keep the whole registry, as before seasons existed.
import type { RequestContext } from '../../context';
import type { ClubSeason, Prisma } from '../../generated/prisma/client.js';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';

/** A season as the filters need it: its id and its first and last day (Date columns). */
export type SeasonWindow = Pick<ClubSeason, 'id' | 'startsOn' | 'endsOn'>;

/** The register entries that were open during the season: admitted by its end, not left before its start. */
export function registerDuringWhere(season: SeasonWindow): Prisma.RegisterMemberWhereInput {
  return { admittedOn: { lte: season.endsOn }, OR: [{ exitOn: null }, { exitOn: { gte: season.startsOn } }] };
}

/** The people in the season: a renewal in it, a card of it, or in the register during it. */
export function personInSeasonWhere(season: SeasonWindow): Prisma.PersonWhereInput {
  return {
    OR: [
      { cards: { some: { seasonId: season.id } } },
      { registerMemberships: { some: { seasons: { some: { seasonId: season.id } } } } },
      { registerMemberships: { some: registerDuringWhere(season) } },
    ],
  };
}

/**
 * The season a filter names, or null: an unknown id, a malformed one or another club's season matches nobody (the
 * answer is the same as for an id that does not exist).
 */
export async function seasonOfClub(db: Db, clubId: string, seasonId: unknown): Promise<ClubSeason | null> {
  return db.clubSeason.findFirst({ where: clubRowWhere(clubId, seasonId) });
}

/** The `season` a people filter carries once its `seasonId` is read: undefined for no filter, null for no such season. */
export type ResolvedSeason = SeasonWindow | null | undefined;

/**
 * Reads the season named by `filters.seasonId` (absent, null or '' = the whole registry) and hands the filters back
 * with it as `season`, for the synchronous `where` builders (peopleListWhere).
 */
export async function withSeasonFilter<F extends { seasonId?: unknown }>(ctx: RequestContext, filters: F): Promise<F & { season: ResolvedSeason }> {
  const { seasonId } = filters;
  if (seasonId === undefined || seasonId === null || seasonId === '') return { ...filters, season: undefined };
  return { ...filters, season: await seasonOfClub(clubDb(ctx), clubMember(ctx).clubId, seasonId) };
}

/** The role condition of a resolved season filter: nothing without one, nobody for an unknown season. */
export function roleInSeasonWhere(season: ResolvedSeason): Prisma.PersonRoleWhereInput {
  if (season === undefined) return {};
  if (season === null) return { id: { in: [] } };
  return { person: personInSeasonWhere(season) };
}
