// Age categories by birth date (issue 35 point 3), the arithmetic only: a category holds the ages reached on the
// club's reference day of a season (CategoryRule). Federations differ in that day: FIGC-style counts the calendar
// year the season starts in (age on 31 December, so a category is whole birth years), others the age on 1 January
// or on the season's first day. Shared by the categories page and the renewal, which must agree.
import { addDays, addYears } from '../../../schema/club-time';

export interface CategoryRuleDays {
  /** 1-12 with referenceDay; both null: the season's first day. */
  referenceMonth: number | null;
  referenceDay: number | null;
  /** The day in the calendar year the season ends (else the one it starts). */
  inEndYear: boolean;
}

/** No rule saved: 31 December of the season's first year (FIGC-style: "Under 10" = born in start year - 9 or later). */
export const DEFAULT_CATEGORY_RULE: CategoryRuleDays = { referenceMonth: 12, referenceDay: 31, inEndYear: false };

export interface AgeBand {
  ageMin: number | null;
  ageMax: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The reference day of a season under a rule (31 February would be 28/29 February). */
export function referenceDateOf(rule: CategoryRuleDays, season: { startsOn: string; endsOn: string }): string {
  if (rule.referenceMonth === null || rule.referenceDay === null) return season.startsOn;
  const year = Number((rule.inEndYear ? season.endsOn : season.startsOn).slice(0, 4));
  const last = new Date(Date.UTC(year, rule.referenceMonth, 0)).getUTCDate();
  return `${year}-${pad(rule.referenceMonth)}-${pad(Math.min(rule.referenceDay, last))}`;
}

/** Completed years on `day` of someone born on `birthday` (both YYYY-MM-DD): the birthday itself counts. */
export function ageOn(birthday: string, day: string): number {
  return Number(day.slice(0, 4)) - Number(birthday.slice(0, 4)) - (birthday.slice(5) > day.slice(5) ? 1 : 0);
}

/** The birth dates a band holds on a reference day: bornFrom..bornTo inclusive, null where the band is open. */
export function birthBandOf(band: AgeBand, referenceDate: string): { bornFrom: string | null; bornTo: string | null } {
  return {
    bornFrom: band.ageMax === null ? null : addDays(addYears(referenceDate, -(band.ageMax + 1)), 1),
    bornTo: band.ageMin === null ? null : addYears(referenceDate, -band.ageMin),
  };
}

export const hasBand = (band: AgeBand) => band.ageMin !== null || band.ageMax !== null;

export const bandHolds = (band: AgeBand, age: number) => hasBand(band) && (band.ageMin === null || band.ageMin <= age) && (band.ageMax === null || age <= band.ageMax);

/**
 * The category an age falls in: the first of `categories` (listed youngest first, as the server orders them)
 * whose band holds it, so overlapping "Under" bands pick the youngest that fits.
 */
export function categoryForAge<C extends AgeBand>(categories: readonly C[], age: number): C | null {
  return categories.find((c) => bandHolds(c, age)) ?? null;
}

/** The band a name like "Under 10", "U10" or "U-10" says: ages up to 9. Null for any other name. */
export function bandFromName(name: string): AgeBand | null {
  const match = /^\s*(?:under|u)\s*-?\s*(\d{1,2})\s*$/i.exec(name);
  return match && Number(match[1]) > 0 ? { ageMin: null, ageMax: Number(match[1]) - 1 } : null;
}
