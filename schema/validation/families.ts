// Families (issue 36 point 1): a minor's guardians, the inputs' rules and Italian messages shared by the server and
// the person page's form.
import { z } from 'zod';
import { MSG } from '../messages';
import { blankToUndefined, optionalEmail, optionalText, phone } from './fields';
import { flag as choice } from './people';
import { optionalTaxCodeField } from './tax-code';

export const GUARDIAN_RELATIONSHIPS = ['genitore', 'tutore', 'altro'] as const;
export type GuardianRelationship = (typeof GUARDIAN_RELATIONSHIPS)[number];

export const GUARDIAN_RELATIONSHIP_LABELS: Record<GuardianRelationship, string> = {
  genitore: 'Genitore',
  tutore: 'Tutore',
  altro: 'Altro familiare',
};

/** The age of majority in Italy. */
export const AGE_OF_MAJORITY = 18;

/** Under 18 on `today` (by the exact birthday, not the calendar-year age the categories use); unknown birthday: not. */
export function isMinorOn(birthday: string | null | undefined, today: string): boolean {
  if (!birthday) return false;
  const adultFrom = `${Number(birthday.slice(0, 4)) + AGE_OF_MAJORITY}${birthday.slice(4, 10)}`;
  return today < adultFrom;
}

const requiredId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }));
const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional());
const name = optionalText.pipe(z.string().max(100, { error: MSG.textTooLong }).optional());

/** A guardian the club does not have yet: a person of the registry; the tax code only if known. */
export const newGuardianInput = z.object({
  firstname: name,
  lastname: name,
  taxIdCode: optionalTaxCodeField,
  emailPrimary: optionalEmail,
  phonePrimary: phone(MSG.phonePrimaryDigits),
});

/**
 * Creates (no id) or edits a guardianship. The guardian is a person already in the registry (`guardianId`) or a new
 * one (`guardian`); on an edit only the relationship and the choices change.
 */
export const saveGuardianshipInput = z
  .object({
    id: optionalId,
    minorId: requiredId,
    guardianId: optionalId,
    guardian: z.preprocess(blankToUndefined, newGuardianInput.optional()),
    relationship: z.enum(GUARDIAN_RELATIONSHIPS, { error: MSG.guardianRelationshipInvalid }),
    canPickUp: choice,
    receivesCommunications: choice,
    pays: choice,
  })
  .superRefine((v, ctx) => {
    if (v.id) return;
    if (!v.guardianId && !(v.guardian?.firstname && v.guardian?.lastname)) ctx.addIssue({ code: 'custom', path: ['guardian'], message: MSG.guardianMissing });
    else if (v.guardianId && v.guardianId === v.minorId) ctx.addIssue({ code: 'custom', path: ['guardianId'], message: MSG.guardianSelf });
  });
export type SaveGuardianshipInput = z.output<typeof saveGuardianshipInput>;
