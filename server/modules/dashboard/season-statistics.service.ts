// The dashboard's season figures (issue 35 point 1): for the chosen season and the one before it, in one request,
// the soci in the membership register during the season, the renewals recorded for it, the admissions and exits
// dated in it, and its cards by body. "During the season" is season-filter.ts's definition, shared with the lists.
import type { RequestContext } from '../../context';
import type { ClubSeason } from '../../generated/prisma/client.js';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { registerDuringWhere, seasonOfClub } from '../seasons/season-filter';
import { seasonOfToday } from '../seasons/seasons.service';

export interface CardBodyCount {
  body: string;
  count: number;
}

export interface SeasonFigures {
  season: ClubSeason;
  /** Soci in the register during the season: admitted by its last day, not left before its first. */
  members: number;
  /** Renewals recorded for the season. */
  renewals: number;
  /** Admissions dated in the season. */
  admissions: number;
  /** Exits dated in the season. */
  exits: number;
  /** The season's cards by body (federation or EPS), the most first, then by name. */
  cards: CardBodyCount[];
}

export interface SeasonStatistics {
  season: SeasonFigures;
  /** The season before it (the latest one starting earlier); null for the club's first season. */
  previous: SeasonFigures | null;
}

async function figuresOf(ctx: RequestContext, clubId: string, season: ClubSeason): Promise<SeasonFigures> {
  const db = clubDb(ctx);
  const within = { gte: season.startsOn, lte: season.endsOn };
  const [members, renewals, admissions, exits, cards] = await Promise.all([
    db.registerMember.count({ where: { clubId, ...registerDuringWhere(season) } }),
    db.registerMemberSeason.count({ where: { clubId, seasonId: season.id } }),
    db.registerMember.count({ where: { clubId, admittedOn: within } }),
    db.registerMember.count({ where: { clubId, exitOn: within } }),
    db.card.groupBy({ by: ['body'], where: { clubId, seasonId: season.id }, _count: { _all: true } }),
  ]);
  const byBody = cards
    .map((c) => ({ body: c.body, count: c._count._all }))
    .sort((a, b) => b.count - a.count || a.body.localeCompare(b.body, 'it'));
  return { season, members, renewals, admissions, exits, cards: byBody };
}

/**
 * The figures of a season (the current one without `seasonId`) and of the one before it; null for an unknown
 * season or another club's (answered like an unknown id). Needs members.read.
 */
export async function seasonStatistics(ctx: RequestContext, seasonId: unknown): Promise<SeasonStatistics | null> {
  const { clubId } = authorizeMember(ctx, 'members.read');
  const db = clubDb(ctx);
  const season = seasonId === undefined || seasonId === null || seasonId === '' ? await seasonOfToday(ctx) : await seasonOfClub(db, clubId, seasonId);
  if (!season) return null;
  const before = await db.clubSeason.findFirst({ where: { clubId, startsOn: { lt: season.startsOn } }, orderBy: { startsOn: 'desc' } });
  const [figures, previous] = await Promise.all([figuresOf(ctx, clubId, season), before ? figuresOf(ctx, clubId, before) : null]);
  return { season: figures, previous };
}
