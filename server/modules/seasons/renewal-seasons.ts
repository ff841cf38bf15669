// The two seasons of a renewal: the one renewed from and the one after it (prepared when missing).
import { addDays, addYears } from '../../../schema/club-time';
import { seasonLabelOf } from '../../../schema/season';
import type { RequestContext } from '../../context';
import type { ClubSeason } from '../../generated/prisma/client.js';
import { ConflictError, ValidationError } from '../../lib/errors';
import type { Db } from '../../lib/club-rows';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { dayOf } from '../../lib/date-columns';
import { findSeason, saveSeason, seasonOfToday } from './seasons.service';

/** The season renewed from: the one asked, or the current one. */
export async function renewalFromSeason(ctx: RequestContext, seasonId: unknown): Promise<ClubSeason> {
  if (seasonId === null || seasonId === undefined) return seasonOfToday(ctx);
  return findSeason(clubDb(ctx), clubMember(ctx).clubId, seasonId);
}

/** The season right after `from`, or null when not prepared yet. */
export function nextSeasonOf(db: Db, from: ClubSeason): Promise<ClubSeason | null> {
  return db.clubSeason.findFirst({ where: { startsOn: { gt: from.endsOn } }, orderBy: { startsOn: 'asc' } });
}

/** What the next season will be when prepared: `from`'s dates a year on. */
export function plannedNextSeason(from: ClubSeason): { label: string; startsOn: string; endsOn: string } {
  const bounds = { startsOn: addDays(dayOf(from.endsOn)!, 1), endsOn: addYears(dayOf(from.endsOn)!, 1) };
  return { ...bounds, label: seasonLabelOf(bounds) };
}

/**
 * The season after `from`, prepared (saveSeason, status preparing) when missing. Two renewals preparing it at once:
 * the loser of saveSeason's overlap check reads the winner's.
 */
export async function ensureNextSeason(ctx: RequestContext, from: ClubSeason): Promise<ClubSeason> {
  const db = clubDb(ctx);
  const found = await nextSeasonOf(db, from);
  if (found) return found;
  try {
    const planned = plannedNextSeason(from);
    return (await saveSeason(ctx, { startsOn: planned.startsOn, endsOn: planned.endsOn })).season;
  } catch (e) {
    const raced = await nextSeasonOf(db, from);
    if (raced && (e instanceof ValidationError || e instanceof ConflictError)) return raced;
    throw e;
  }
}
