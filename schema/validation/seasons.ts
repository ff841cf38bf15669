// Seasons, the membership register (libro soci) and cards (issue 35 points 1-2): the inputs' rules, Italian messages.
import { z } from 'zod';
import { MSG } from '../messages';
import { blankToUndefined, INT4_MAX, isoDate, optionalText, requiredText } from './fields';

const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional());
const requiredId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }));
const day = (message: string) => z.preprocess(blankToUndefined, isoDate(message));
const optionalDay = z.preprocess(blankToUndefined, isoDate(MSG.dateInvalid).optional());

export const SEASON_STATUSES = ['preparing', 'open', 'closed'] as const;
export const MEMBER_EXIT_CAUSES = ['recesso', 'decadenza', 'esclusione', 'decesso'] as const;

/** "2025/26" (the years it spans) or "2026" (a season of one calendar year). */
const SEASON_LABEL = /^(\d{4})(\/\d{2})?$/;

/** The days from `from` to `to` (YYYY-MM-DD), `to` excluded. */
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const saveSeasonInput = z
  .object({
    id: optionalId,
    label: z.preprocess(blankToUndefined, z.string().trim().regex(SEASON_LABEL, { error: MSG.seasonLabelFormat }).optional()),
    startsOn: z.preprocess(blankToUndefined, isoDate(MSG.seasonStartsOnRequired).optional()),
    endsOn: z.preprocess(blankToUndefined, isoDate(MSG.seasonEndsOnRequired).optional()),
    status: z.preprocess(blankToUndefined, z.enum(SEASON_STATUSES, { error: MSG.seasonStatusInvalid }).optional()),
  })
  .superRefine((v, ctx) => {
    if ((v.startsOn === undefined) !== (v.endsOn === undefined)) {
      const path = v.startsOn === undefined ? 'startsOn' : 'endsOn';
      ctx.addIssue({ code: 'custom', path: [path], message: path === 'startsOn' ? MSG.seasonStartsOnRequired : MSG.seasonEndsOnRequired });
    } else if (v.startsOn && v.endsOn) {
      if (v.endsOn <= v.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: MSG.seasonEndsBeforeStart });
      // At most a year: 1 September to 31 August is 364 or 365 days after its first day.
      else if (daysBetween(v.startsOn, v.endsOn) > 365) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: MSG.seasonTooLong });
    }
  });
export type SaveSeasonInput = z.output<typeof saveSeasonInput>;

/**
 * An admission's fields and their rule, shared by the admission form (admitMemberInput) and the import's register
 * columns (server/modules/imports/import-season.ts), so both refuse the same values with the same messages.
 */
export const admissionFields = {
  admittedOn: day(MSG.memberAdmittedOnRequired),
  boardDecision: optionalText.pipe(z.string().max(500, { error: MSG.textTooLong }).optional()),
  boardDecisionOn: optionalDay,
};
const decisionBeforeAdmission = { path: ['boardDecisionOn'], error: MSG.memberBoardDecisionBeforeAdmission };
const decidedInTime = (v: { admittedOn: string; boardDecisionOn?: string }) => !v.boardDecisionOn || v.boardDecisionOn <= v.admittedOn;

export const admitMemberInput = z.object({ personId: requiredId, ...admissionFields }).refine(decidedInTime, decisionBeforeAdmission);
/** An admission without its person (the import's register columns of a row). */
export const admissionValues = z.object(admissionFields).refine(decidedInTime, decisionBeforeAdmission);
export type AdmitMemberInput = z.output<typeof admitMemberInput>;

export const recordMemberExitInput = z.object({
  memberId: requiredId,
  exitOn: day(MSG.memberExitOnRequired),
  cause: z.preprocess(blankToUndefined, z.enum(MEMBER_EXIT_CAUSES, { error: MSG.memberExitCauseRequired })),
});
export type RecordMemberExitInput = z.output<typeof recordMemberExitInput>;

/** A season's quota in euro cents (the forms and the import send cents: euroToCents reads what was typed or written). */
export const quotaCents = z.preprocess(blankToUndefined, z.number({ error: MSG.quotaInvalid }).int({ error: MSG.quotaInvalid }).min(0, { error: MSG.quotaInvalid }).max(INT4_MAX, { error: MSG.quotaInvalid }).optional());

export const renewMembershipInput = z.object({
  memberId: requiredId,
  seasonId: requiredId,
  renewedOn: day(MSG.memberRenewedOnRequired),
  quotaCents,
});
export type RenewMembershipInput = z.output<typeof renewMembershipInput>;

/** A card's fields and their rule, shared by the card form (saveCardInput) and the import's card columns. */
export const cardFields = {
  body: requiredText(MSG.cardBodyRequired).pipe(z.string().max(100, { error: MSG.textTooLong })),
  number: requiredText(MSG.cardNumberRequired).pipe(z.string().max(50, { error: MSG.textTooLong })),
  startsOn: day(MSG.cardStartsOnRequired),
  expiresOn: day(MSG.cardExpiresOnRequired),
};
const expiresAfterStart = { path: ['expiresOn'], error: MSG.cardExpiresBeforeStart };
const validFor = (v: { startsOn: string; expiresOn: string }) => v.expiresOn >= v.startsOn;

export const saveCardInput = z.object({ id: optionalId, personId: requiredId, seasonId: requiredId, ...cardFields }).refine(validFor, expiresAfterStart);
/** A card without its person and season (the import's card columns of a row; the season is the import's). */
export const cardValues = z.object(cardFields).refine(validFor, expiresAfterStart);

/** A register number from a paper register or a file: a whole number from 1 (the club's numbering starts there). */
export const registerNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
  z.number({ error: MSG.registerNumberInvalid }).int({ error: MSG.registerNumberInvalid }).min(1, { error: MSG.registerNumberInvalid }).max(INT4_MAX, { error: MSG.registerNumberInvalid }).optional(),
);

/**
 * Euro as typed or written in a file ("25", "25,5", "25.50", "€ 1.200,00") in cents; blank is no quota, anything
 * else NaN (refused with MSG.quotaInEuro). The renewal dialog and the import's quota column read amounts with it.
 */
export function euroToCents(text: string): number | undefined {
  const t = text.replace(/€|\s/g, '');
  if (!t) return undefined;
  const normalised = /,\d{1,2}$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Math.round(Number(normalised) * 100) : Number.NaN;
}
export type SaveCardInput = z.output<typeof saveCardInput>;
