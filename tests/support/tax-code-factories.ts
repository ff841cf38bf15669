// Valid codici fiscali for fixtures: every path checks the check character (schema/validation/tax-code.ts), so
// tests build their codes here instead of inventing strings. Pure (no server imports): browser tests use it too.
import { taxCodeCheckCharacter } from '../../schema/validation/tax-code';

const MONTH_LETTERS = 'ABCDEHLMPRST';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The first 15 characters of a code with its check letter appended (`withCheckCharacter('RSSMRA80A01H501')`). */
export const withCheckCharacter = (first15: string): string => {
  const code = first15.toUpperCase();
  return code + taxCodeCheckCharacter(code);
};

/**
 * A valid code, distinct for every seed (0 and up): `surname` gives the first letters (padded with X, as the
 * rule does for short surnames), the seed the birth date (1950-1999, so an adult), then the name letters.
 * Born in Roma (H501); `female` adds 40 to the day, as the codes of women do.
 */
export function taxCodeFor(seed: number, surname = 'TST', { female = false }: { female?: boolean } = {}): string {
  let n = Math.floor(Math.abs(seed));
  const day = (n % 28) + 1;
  n = Math.floor(n / 28);
  const month = MONTH_LETTERS[n % 12];
  n = Math.floor(n / 12);
  const year = 50 + (n % 50);
  n = Math.floor(n / 50);
  const name = n === 0 ? 'MRA' : [2, 1, 0].map((p) => LETTERS[Math.floor(n / 26 ** p) % 26]).join('');
  const surnameCode = `${surname.toUpperCase().replace(/[^A-Z]/g, '')}XXX`.slice(0, 3);
  return withCheckCharacter(`${surnameCode}${name}${year}${month}${String(female ? day + 40 : day).padStart(2, '0')}H501`);
}

/** A valid code for someone born on `birthday` (YYYY-MM-DD, in Roma), e.g. a minor: `name` gives the name letters. */
export function taxCodeBornOn(birthday: string, surname = 'TST', { female = false, name = 'MRA' }: { female?: boolean; name?: string } = {}): string {
  const [year, month, day] = birthday.split('-').map(Number);
  const surnameCode = `${surname.toUpperCase().replace(/[^A-Z]/g, '')}XXX`.slice(0, 3);
  const nameCode = `${name.toUpperCase().replace(/[^A-Z]/g, '')}XXX`.slice(0, 3);
  return withCheckCharacter(`${surnameCode}${nameCode}${String(year % 100).padStart(2, '0')}${MONTH_LETTERS[month - 1]}${String(female ? day + 40 : day).padStart(2, '0')}H501`);
}
