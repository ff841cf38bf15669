// The club's categories by age (issue 35 point 3): the reference day of the season the ages are counted on
// (CategoryRule) and each category's age band, read and saved together from the categories page. The arithmetic is
// in categories-age.ts, shared with the renewal.
import { z } from 'zod';
import type { RequestContext } from '../../context';
import type { ClubSeason } from '../../generated/prisma/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { isUuid, type Db } from '../../lib/club-rows';
import { dayOf } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { CATEGORY_ORDER } from '../groups/list-groups.service';
import { birthBandOf, DEFAULT_CATEGORY_RULE, referenceDateOf, type AgeBand, type CategoryRuleDays } from './categories-age';
import { seasonOfToday } from './seasons.service';

export const CATEGORY_MSG = {
  saved: 'Categorie salvate.',
  referenceIncomplete: 'Indica sia il giorno sia il mese della data di riferimento.',
  referenceInvalid: 'Data di riferimento non valida.',
  ageInvalid: "Indica un'età tra 0 e 99 anni.",
  bandReversed: "L'età minima non può superare la massima.",
} as const;

const age = z.number({ error: CATEGORY_MSG.ageInvalid }).int(CATEGORY_MSG.ageInvalid).min(0, CATEGORY_MSG.ageInvalid).max(99, CATEGORY_MSG.ageInvalid).nullish();

const settingsInput = z
  .object({
    referenceMonth: z.number().int().min(1, CATEGORY_MSG.referenceInvalid).max(12, CATEGORY_MSG.referenceInvalid).nullish(),
    referenceDay: z.number().int().min(1, CATEGORY_MSG.referenceInvalid).max(31, CATEGORY_MSG.referenceInvalid).nullish(),
    inEndYear: z.boolean().nullish(),
    bands: z
      .array(z.object({ groupId: z.string(), ageMin: age, ageMax: age }).refine((b) => b.ageMin == null || b.ageMax == null || b.ageMin <= b.ageMax, { message: CATEGORY_MSG.bandReversed, path: ['ageMin'] }))
      .max(200)
      .nullish(),
  })
  .refine((i) => (i.referenceMonth == null) === (i.referenceDay == null), { message: CATEGORY_MSG.referenceIncomplete, path: ['referenceDay'] })
  .refine((i) => i.referenceMonth == null || i.referenceDay! <= new Date(Date.UTC(2024, i.referenceMonth, 0)).getUTCDate(), { message: CATEGORY_MSG.referenceInvalid, path: ['referenceDay'] });

/** The club's rule, or the default (31 December of the season's first year). */
export async function categoryRuleOf(db: Db): Promise<CategoryRuleDays> {
  const rule = await db.categoryRule.findFirst();
  return rule ? { referenceMonth: rule.referenceMonth, referenceDay: rule.referenceDay, inEndYear: rule.inEndYear } : DEFAULT_CATEGORY_RULE;
}

export interface CategoryBandRow extends AgeBand {
  id: string;
  name: string;
  isActive: boolean;
  bornFrom: string | null;
  bornTo: string | null;
}

/** The club's categories (not archived), youngest first, each with the birth dates its band holds in `season`. */
export async function categoryBandsFor(db: Db, rule: CategoryRuleDays, season: Pick<ClubSeason, 'startsOn' | 'endsOn'>): Promise<CategoryBandRow[]> {
  const referenceDate = referenceDateOf(rule, { startsOn: dayOf(season.startsOn)!, endsOn: dayOf(season.endsOn)! });
  const groups = await db.group.findMany({ where: { type: 'athlete', archivedAt: null }, orderBy: CATEGORY_ORDER, select: { id: true, name: true, isActive: true, ageMin: true, ageMax: true } });
  return groups.map((g) => ({ ...g, ...birthBandOf(g, referenceDate) }));
}

export interface CategorySettings extends CategoryRuleDays {
  season: ClubSeason;
  referenceDate: string;
  categories: CategoryBandRow[];
}

/** The rule and the categories' bands as they read in the current season. */
export async function categorySettings(ctx: RequestContext): Promise<CategorySettings> {
  authorizeMember(ctx, 'groups.read');
  const db = clubDb(ctx);
  const [season, rule] = await Promise.all([seasonOfToday(ctx), categoryRuleOf(db)]);
  const referenceDate = referenceDateOf(rule, { startsOn: dayOf(season.startsOn)!, endsOn: dayOf(season.endsOn)! });
  return { ...rule, season, referenceDate, categories: await categoryBandsFor(db, rule, season) };
}

/**
 * Saves the reference day and the bands sent (a category not sent keeps its band), in one transaction. A band
 * names a category of the club that is not archived; any other id (another club's too) is NotFound.
 */
export async function saveCategorySettings(ctx: RequestContext, raw: unknown): Promise<{ message: string }> {
  const { clubId } = authorizeMember(ctx, 'groups.write');
  const input = parseInput(settingsInput, raw);
  const bands = input.bands ?? [];
  if (new Set(bands.map((b) => b.groupId)).size !== bands.length) throw new ValidationError({ bands: CATEGORY_MSG.ageInvalid }, CATEGORY_MSG.ageInvalid);
  const db = clubDb(ctx);
  await db.$transaction(async (tx) => {
    const rule = { referenceMonth: input.referenceMonth ?? null, referenceDay: input.referenceDay ?? null, inEndYear: input.inEndYear ?? false };
    await tx.categoryRule.upsert({ where: { clubId }, create: { clubId, ...rule }, update: rule });
    if (!bands.length) return;
    const ids = bands.map((b) => b.groupId);
    if (!ids.every(isUuid)) throw new NotFoundError();
    const found = await tx.group.count({ where: { id: { in: ids }, type: 'athlete', archivedAt: null } });
    if (found !== ids.length) throw new NotFoundError();
    // A club has tens of categories: one short update each.
    for (const band of bands) await tx.group.updateMany({ where: { id: band.groupId }, data: { ageMin: band.ageMin ?? null, ageMax: band.ageMax ?? null } });
  });
  return { message: CATEGORY_MSG.saved };
}
