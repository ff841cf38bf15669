// The codice fiscale, one rule for every path (forms, GraphQL, REST, the import; issue 12 point 4, issue 14 point 1).
// A person's code has 16 characters whose last is a check letter over the first 15 (DM 23/12/1976); omocodia
// (digits replaced by letters when two people would share a code) keeps it valid. A provisional code (11 digits,
// given before the definitive one, or to people without it) carries the partita IVA check digit.
//
// Why the check is computed here and codice-fiscale-js is only loaded on demand: the library is one 317 KB bundle
// (about 90 KB compressed), most of it the list of Italian towns, and these rules are imported by the login, sign-up,
// people and settings pages. Imported statically it joined the login page's scripts. The check letter is the
// official table below (the library's own constants); tests/client/tax-code.test.ts holds it to the library's
// check() on every omocodia variant and on thousands of generated codes, and `taxCodeBirthplace` asks the library
// for a birthplace's name.
import { z } from 'zod';
import { MSG } from '../messages';
import { requiredText } from './fields';

/** What people type: any case, with spaces. Stored and compared upper case without them. */
export const normalizeTaxCode = (s: string): string => s.toUpperCase().replace(/\s+/g, '');

/** The shape alone: 16 letters or digits, or 11 digits (what the lists' lookups accept while typing). */
export const TAX_CODE_PATTERN = /^([A-Z0-9]{16}|\d{11})$/;

/**
 * Where each character goes in a person's code: surname and name letters, year (2), month letter, day (2, +40 for
 * women), the birthplace's cadastral code (a letter and 3 digits: Z for a foreign country), the check letter. The
 * seven digit positions may hold omocodia letters (L M N P Q R S T U V for 0..9).
 */
const PERSON_CODE_LAYOUT = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const OMOCODIA_DIGITS = 'LMNPQRSTUV';
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14];
const MONTH_LETTERS = 'ABCDEHLMPRST';

/**
 * Partita IVA check digit (also that of an 11-digit provisional codice fiscale): odd positions summed, even
 * positions doubled with 9 subtracted above 9; the check digit brings the total to a multiple of 10.
 */
export function isValidPartitaIva(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

// The value of each character in an odd (1st, 3rd, ...) and in an even position; the check letter is the sum's
// remainder by 26 (A = 0).
const ODD_VALUES: Record<string, number> = {};
const EVEN_VALUES: Record<string, number> = {};
const ODD_TABLE = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
for (let i = 0; i < 26; i++) {
  const letter = String.fromCharCode(65 + i);
  ODD_VALUES[letter] = ODD_TABLE[i];
  EVEN_VALUES[letter] = i;
  if (i < 10) {
    ODD_VALUES[String(i)] = ODD_TABLE[i];
    EVEN_VALUES[String(i)] = i;
  }
}

/** The check letter of the first 15 characters of a person's code (upper case letters and digits). */
export function taxCodeCheckCharacter(first15: string): string {
  const code = first15.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += (i % 2 === 0 ? ODD_VALUES : EVEN_VALUES)[code[i]] ?? NaN;
  return Number.isNaN(sum) ? '' : String.fromCharCode(65 + (sum % 26));
}

/** Why a (normalised) code is refused, or null when it is valid. */
export type TaxCodeProblem = 'shape' | 'layout' | 'checkCharacter' | 'birthDate' | 'provisionalCheckDigit';

export function taxCodeProblem(code: string): TaxCodeProblem | null {
  if (!TAX_CODE_PATTERN.test(code)) return 'shape';
  if (code.length === 11) return isValidPartitaIva(code) ? null : 'provisionalCheckDigit';
  if (!PERSON_CODE_LAYOUT.test(code)) return 'layout';
  if (taxCodeCheckCharacter(code.slice(0, 15)) !== code[15]) return 'checkCharacter';
  // A right check letter over an impossible date (day 35, 31 February) is still a code nobody was ever given.
  return decodeBirth(code, new Date()) ? null : 'birthDate';
}

export const isValidTaxCode = (code: string): boolean => taxCodeProblem(normalizeTaxCode(code)) === null;

/** What a valid 16-character code says about the person. */
export interface TaxCodeBirthData {
  /** YYYY-MM-DD. */
  birthday: string;
  /** As the person forms store it: 1 male, 2 female. */
  typeGenderId: 1 | 2;
  /** Cadastral code of the birthplace (H501 Roma), digits restored if omocodia replaced them. */
  birthplaceCode: string;
  /** Born abroad: the cadastral code is a country's (Z...). */
  bornAbroad: boolean;
}

const restoreDigits = (s: string) => s.replace(/[LMNPQRSTUV]/g, (c) => String(OMOCODIA_DIGITS.indexOf(c)));

function decodeBirth(code: string, today: Date): { birthday: string; typeGenderId: 1 | 2; birthplaceCode: string } | null {
  const plain = code.split('');
  for (const i of DIGIT_POSITIONS) plain[i] = restoreDigits(plain[i]);
  const yy = Number(plain[6] + plain[7]);
  const month = MONTH_LETTERS.indexOf(code[8]) + 1;
  let day = Number(plain[9] + plain[10]);
  const typeGenderId = day > 40 ? 2 : 1;
  if (day > 40) day -= 40;
  // Two digits for the year: a year not yet reached this century means the last one (a child born 2025 is "25"
  // only until 2125; an adult born 1930 is "30" from 2030 on). Nobody living is 100 years older than the choice.
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const year = century + yy > thisYear ? century - 100 + yy : century + yy;
  if (month < 1 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  const birthplaceCode = code[11] + restoreDigits(code.slice(12, 15));
  return { birthday: date.toISOString().slice(0, 10), typeGenderId, birthplaceCode };
}

/**
 * Birth date, sex and birthplace code read from a valid person's code (any case, spaces allowed), or null for a
 * provisional or invalid code. `today` decides the century (see decodeBirth).
 */
export function taxCodeBirthData(input: string, today = new Date()): TaxCodeBirthData | null {
  const code = normalizeTaxCode(input);
  if (code.length !== 16 || taxCodeProblem(code) !== null) return null;
  const decoded = decodeBirth(code, today);
  return decoded && { ...decoded, bornAbroad: decoded.birthplaceCode.startsWith('Z') };
}

/**
 * The birthplace's name and province (EE abroad) from its cadastral code, as codice-fiscale-js lists them, or null
 * for a code missing from the list (a town since merged, a typo that still checks). Loads the library (and its list
 * of towns) on first use: a separate chunk in the browser.
 */
export async function taxCodeBirthplace(birthplaceCode: string): Promise<{ name: string; province: string } | null> {
  type Library = typeof import('codice-fiscale-js').default;
  // The package's types declare a default export; at run time the CommonJS module exports { CodiceFiscale }, which
  // Node and Vite hand over as `default` (or as the namespace itself).
  const loaded = (await import('codice-fiscale-js')) as unknown as { default?: { CodiceFiscale?: Library }; CodiceFiscale?: Library };
  const CodiceFiscale = loaded.default?.CodiceFiscale ?? loaded.CodiceFiscale ?? (loaded.default as unknown as Library);
  const first15 = `AAAAAA00A01${birthplaceCode.toUpperCase()}`;
  try {
    const place = CodiceFiscale.computeInverse(first15 + taxCodeCheckCharacter(first15));
    return { name: place.birthplace, province: place.birthplaceProvincia };
  } catch {
    return null;
  }
}

const PROBLEM_MESSAGE: Record<TaxCodeProblem, string> = {
  shape: MSG.invalidTaxCode,
  layout: MSG.taxCodeLayout,
  checkCharacter: MSG.taxCodeCheckCharacter,
  birthDate: MSG.taxCodeBirthDate,
  provisionalCheckDigit: MSG.taxCodeProvisionalCheckDigit,
};

/** The check on a normalised string, with the message of its first problem. */
const checkedTaxCode = z.string().superRefine((code, ctx) => {
  const problem = taxCodeProblem(code);
  if (problem) ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGE[problem] });
});

/** A required codice fiscale (person forms, account profile, sign-up): blank fails with `requiredMessage`. */
export const taxCodeField = (requiredMessage: string) =>
  requiredText(requiredMessage).transform(normalizeTaxCode).pipe(checkedTaxCode);

/** An optional one (a club's legal representative): blank is not given. */
export const optionalTaxCodeField = z.preprocess(
  (v) => (typeof v === 'string' ? normalizeTaxCode(v) || undefined : v === null ? undefined : v),
  z.string({ error: MSG.invalidTaxCode }).pipe(checkedTaxCode).optional(),
);
