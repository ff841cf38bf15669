// The club's own data (spec §3 Club) and its settings: one rule set for the edit form (/modifica-club), the
// settings page (/impostazioni), GraphQL updateClub / updateClubSettings and legacy /api/club/update.
import { z } from 'zod';
import { CLUB_TYPE_VALUES, HEX_COLOR, SPORT_VALUES } from '../constants';
import { MSG } from '../messages';
import { blankToUndefined, optionalEmail, optionalText, phone, requiredText } from './fields';
import { addressInput } from './people';
import { isValidPartitaIva, optionalTaxCodeField, TAX_CODE_PATTERN } from './tax-code';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : typeof v === 'number' ? String(v) : blankToUndefined(v));
const text = (max: number) => optionalText.pipe(z.string().max(max, { error: MSG.textTooLong }).optional());

export { isValidPartitaIva };

/** "IT 012 345 678 90" -> "01234567890": the country prefix and spaces are what people paste. */
const vatDigits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s.]/g, '').replace(/^IT/i, '') || undefined : trimmed(v));

export const vatNumber = z.preprocess(
  vatDigits,
  z
    .string({ error: MSG.vatFormat })
    .regex(/^\d{11}$/, { error: MSG.vatFormat })
    .refine(isValidPartitaIva, { error: MSG.vatChecksum })
    .optional(),
);

/**
 * The club's codice fiscale: 11 digits (an entity's) or 16 characters (a person's). Only the format is checked:
 * entity codes issued long ago do not always carry the partita IVA check digit.
 */
const clubFiscalCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() || undefined : trimmed(v)),
  z.string({ error: MSG.clubFiscalCodeInvalid }).regex(TAX_CODE_PATTERN, { error: MSG.clubFiscalCodeInvalid }).optional(),
);

/** The legal representative's own codice fiscale: a person's, check character included. */
const personFiscalCode = optionalTaxCodeField;



export const foundationYear = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b.trim()) : b;
  },
  z
    .number({ error: MSG.invalidFoundation })
    .int({ error: MSG.invalidFoundation })
    .min(1800, { error: MSG.invalidFoundation })
    .refine((y) => y <= new Date().getFullYear(), { error: MSG.invalidFoundation })
    .optional(),
);

const color = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : blankToUndefined(v)),
  z.string({ error: MSG.colorInvalid }).regex(HEX_COLOR, { error: MSG.colorInvalid }).optional(),
);

/** "2025/26": a start year and the last two digits of the next one. Empty means "the current season". */
const seasonLabel = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') || undefined : blankToUndefined(v)),
  z
    .string({ error: MSG.seasonLabelInvalid })
    .regex(/^\d{4}\/\d{2}$/, { error: MSG.seasonLabelInvalid })
    .refine((s) => (Number(s.slice(0, 4)) + 1) % 100 === Number(s.slice(5)), { error: MSG.seasonLabelInvalid })
    .optional(),
);

/** Settings (/impostazioni): the season label and the two club colours. */
export const clubSettingsInput = z.object({
  seasonLabel,
  primaryColor: color,
  secondaryColor: color,
});
export type ClubSettingsInput = z.output<typeof clubSettingsInput>;

const address = z.preprocess(blankToUndefined, addressInput.optional());

/** Every club field of spec §3 (plus the settings): what /modifica-club sends. Error paths as the keys. */
export const clubInput = z.object({
  fullName: requiredText(MSG.clubNameRequired).pipe(z.string().max(200, { error: MSG.textTooLong })),
  typeClub: z.preprocess(blankToUndefined, z.enum(CLUB_TYPE_VALUES, { error: MSG.clubTypeInvalid }).optional()),
  sport: z.preprocess(blankToUndefined, z.enum(SPORT_VALUES, { error: MSG.invalidSport }).optional()),
  foundation: foundationYear,
  companyName: text(200),
  vatNumber,
  fiscalCode: clubFiscalCode,
  legalRepresentativeNameSurname: text(200),
  legalRepresentativeFiscalCode: personFiscalCode,
  emailPrimary: optionalEmail,
  emailSecondary: optionalEmail,
  phonePrimary: phone(MSG.phonePrimaryDigits),
  phoneSecondary: phone(MSG.phoneSecondaryDigits),
  legalAddress: address,
  clubAddress: address,
  ...clubSettingsInput.shape,
});
export type ClubInput = z.output<typeof clubInput>;

/** The address fields, for code that walks them (clearing emptied ones on an edit). */
export const CLUB_ADDRESS_FIELDS = Object.keys(addressInput.shape) as (keyof z.output<typeof addressInput>)[];
