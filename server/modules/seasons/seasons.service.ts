// A club's seasons (issue 35 point 1): 1 September to 31 August by default, the club's own dates otherwise, never
// overlapping. The current one is the season holding the club's today on the app clock (deps.now); a club gets it
// lazily, the first time anything needs it, continuing the dates of its last season. Past seasons are closed
// (read-only); the next one may be prepared ahead.
import { MSG } from '../../../schema/messages';
import { addDays, addYears, clubDate } from '../../../schema/club-time';
import { defaultSeasonBounds, seasonLabelOf } from '../../../schema/season';
import { saveSeasonInput } from '../../../schema/validation/seasons';
import type { RequestContext } from '../../context';
import type { ClubSeason } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';

/** The club's today on the app clock. */
export const clubToday = (ctx: Pick<RequestContext, 'deps'>) => clubDate(ctx.deps.now());

type Bounds = { startsOn: string; endsOn: string };
const boundsOf = (s: ClubSeason): Bounds => ({ startsOn: dayOf(s.startsOn)!, endsOn: dayOf(s.endsOn)! });

/** Serialises the changes to one club's seasons (lazy creation, prepare, edit): the overlap check holds. */
const lockSeasons = (tx: Db, clubId: string) => tx.$executeRaw(clubSql(clubId)`SELECT pg_advisory_xact_lock(hashtextextended('seasons:' || ${CLUB}::text, 0))`);

/**
 * The season a club without one holding `today` gets: its last season's dates a whole number of years on (the
 * day after it when that would start later than today), else 1 September - 31 August; cut short before a season
 * already prepared.
 */
export function seasonAround(today: string, seasons: readonly Bounds[]): Bounds {
  const previous = seasons.filter((s) => s.endsOn < today).at(-1);
  let bounds: Bounds;
  if (previous) {
    let years = 1;
    while (addYears(previous.endsOn, years) < today) years++;
    bounds = { startsOn: addYears(previous.startsOn, years), endsOn: addYears(previous.endsOn, years) };
    if (bounds.startsOn > today || bounds.startsOn <= previous.endsOn) bounds.startsOn = addDays(previous.endsOn, 1);
  } else {
    bounds = defaultSeasonBounds(today);
  }
  const next = seasons.find((s) => s.startsOn > today);
  if (next && bounds.endsOn >= next.startsOn) bounds.endsOn = addDays(next.startsOn, -1);
  if (previous && bounds.startsOn <= previous.endsOn) bounds.startsOn = addDays(previous.endsOn, 1);
  return bounds;
}

const holding = (day: string) => ({ startsOn: { lte: dateColumn(day) }, endsOn: { gte: dateColumn(day) } });

/**
 * The club's current season, created (and the past ones closed) on first need: for a write, and for a read only on
 * the first request of a day no season holds (a new club has its first season from sign-up, and an edit that leaves
 * today uncovered fills the gap in its own transaction), so a plain query writes nothing.
 */
export async function currentSeason(ctx: RequestContext): Promise<ClubSeason> {
  const today = clubToday(ctx);
  const found = await clubDb(ctx).clubSeason.findFirst({ where: holding(today) });
  if (found?.status === 'open') return found;
  return ensureCurrentSeason(ctx, today);
}

/**
 * For a read: the season holding the club's today as it is (open, or closed by hand); written only on the day
 * the seasons turn (none holds today yet, or the prepared one starts today and opens).
 */
export async function seasonOfToday(ctx: RequestContext): Promise<ClubSeason> {
  const today = clubToday(ctx);
  const found = await clubDb(ctx).clubSeason.findFirst({ where: holding(today) });
  return found && found.status !== 'preparing' ? found : ensureCurrentSeason(ctx, today);
}

function ensureCurrentSeason(ctx: RequestContext, today: string): Promise<ClubSeason> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    await lockSeasons(tx, clubId);
    return seasonHolding(tx, clubId, today);
  });
}

/** A new club's season: the one holding its today, open (1 September - 31 August). */
export function firstSeasonOf(ctx: Pick<RequestContext, 'deps'>) {
  const bounds = seasonAround(clubToday(ctx), []);
  return { label: seasonLabelOf(bounds), startsOn: dateColumn(bounds.startsOn), endsOn: dateColumn(bounds.endsOn), status: 'open' as const };
}

/**
 * In a transaction holding the club's season lock: closes the seasons ended before `today` and answers the one
 * holding it, opening a prepared one or creating it (seasonAround) when none does.
 */
async function seasonHolding(tx: Db, clubId: string, today: string): Promise<ClubSeason> {
  // Seasons ended before today are past: read-only from now on.
  await tx.clubSeason.updateMany({ where: { clubId, endsOn: { lt: dateColumn(today) }, status: { not: 'closed' } }, data: { status: 'closed' } });
  const current = await tx.clubSeason.findFirst({ where: { clubId, ...holding(today) } });
  if (current) return current.status === 'preparing' ? tx.clubSeason.update({ where: { id: current.id }, data: { status: 'open' } }) : current;
  const seasons = (await tx.clubSeason.findMany({ where: { clubId }, orderBy: { startsOn: 'asc' } })).map(boundsOf);
  const bounds = seasonAround(today, seasons);
  return tx.clubSeason.create({ data: { clubId, label: await freeLabel(tx, clubId, seasonLabelOf(bounds)), startsOn: dateColumn(bounds.startsOn), endsOn: dateColumn(bounds.endsOn), status: 'open' } });
}

/** The label, or the label with its start when a season of another length already took it ("2026 (2)"). */
async function freeLabel(tx: Db, clubId: string, label: string): Promise<string> {
  const taken = new Set((await tx.clubSeason.findMany({ where: { clubId, label: { startsWith: label } }, select: { label: true } })).map((s) => s.label));
  let candidate = label;
  for (let n = 2; taken.has(candidate); n++) candidate = `${label} (${n})`;
  return candidate;
}

/** Every season of the club, the latest first (the current one created first if none holds today). */
export async function listSeasons(ctx: RequestContext): Promise<ClubSeason[]> {
  await seasonOfToday(ctx);
  return clubDb(ctx).clubSeason.findMany({ orderBy: { startsOn: 'desc' } });
}

/** A season of the club, or NotFound (another club's id answers like an unknown one). */
export async function findSeason(db: Db, clubId: string, id: unknown): Promise<ClubSeason> {
  const season = await db.clubSeason.findFirst({ where: clubRowWhere(clubId, id) });
  if (!season) throw new NotFoundError();
  return season;
}

/** Refuses a change to what a closed season holds. */
export function assertSeasonWritable(season: ClubSeason): void {
  if (season.status === 'closed') throw new ConflictError(MSG.seasonClosedReadOnly, { seasonId: MSG.seasonClosedReadOnly });
}

/**
 * Prepares the next season (no id: by default the one after the latest, same dates a year on, status preparing)
 * or edits one (its label, dates, status); a closed season is read-only. Dates never overlap another season's.
 */
export async function saveSeason(ctx: RequestContext, raw: unknown): Promise<{ season: ClubSeason; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(saveSeasonInput, raw);
  const db = clubDb(ctx);
  if (!input.id) await currentSeason(ctx); // the next is the one after the current
  return db.$transaction(async (tx) => {
    await lockSeasons(tx, clubId);
    const existing = input.id ? await findSeason(tx, clubId, input.id) : null;
    if (existing) assertSeasonWritable(existing);
    const seasons = await tx.clubSeason.findMany({ where: existing ? { id: { not: existing.id } } : {}, orderBy: { startsOn: 'asc' } });
    const latest = seasons.at(-1);
    const bounds: Bounds =
      input.startsOn && input.endsOn
        ? { startsOn: input.startsOn, endsOn: input.endsOn }
        : existing
          ? boundsOf(existing)
          : { startsOn: addDays(dayOf(latest!.endsOn)!, 1), endsOn: addYears(dayOf(latest!.endsOn)!, 1) };
    const clash = seasons.find((s) => dayOf(s.startsOn)! <= bounds.endsOn && dayOf(s.endsOn)! >= bounds.startsOn);
    if (clash) throw new ValidationError({ startsOn: MSG.seasonOverlaps(clash.label) }, MSG.seasonOverlaps(clash.label));
    const label = input.label ?? (existing && !input.startsOn ? existing.label : seasonLabelOf(bounds));
    if (seasons.some((s) => s.label === label)) throw new ConflictError(MSG.seasonLabelTaken, { label: MSG.seasonLabelTaken });
    const data = { label, startsOn: dateColumn(bounds.startsOn), endsOn: dateColumn(bounds.endsOn) };
    if (existing) {
      const season = await tx.clubSeason.update({ where: { id: existing.id }, data: { ...data, ...(input.status ? { status: input.status } : {}) } });
      // New dates that leave today in no season: the gap gets its season now, not on the next read.
      await seasonHolding(tx, clubId, clubToday(ctx));
      return { season, message: MSG.seasonSaved };
    }
    const status = input.status ?? (bounds.startsOn > clubToday(ctx) ? 'preparing' : 'open');
    const season = await tx.clubSeason.create({ data: { ...data, clubId, status } });
    return { season, message: MSG.seasonPrepared(season.label) };
  });
}

