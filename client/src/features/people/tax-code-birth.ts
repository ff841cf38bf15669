// What a codice fiscale says about a person's birth (date, sex, place) compared with what the form holds: empty
// fields are filled from the code, typed ones that disagree are listed for a warning. Pure functions (unit-tested in
// tests/client/tax-code-birth.test.ts); the birthplace's name comes from codice-fiscale-js, loaded on first use.
import { foldText } from '../../../../schema/text';
import { taxCodeBirthData, taxCodeBirthplace } from '../../../../schema/validation/tax-code';

/** The birth fields a code fills, as the form holds them (a birthplace abroad is the country, as Nazione di nascita). */
export interface BirthFromCode {
  birthday: string;
  typeGenderId: '1' | '2';
  /** The Italian town (null when born abroad or when the library does not list the code). */
  birthplace: string | null;
  /** "Italia", the country's name, or null when a foreign code is not listed. */
  birthNation: string | null;
}

export type BirthKey = keyof BirthFromCode;

export const BIRTH_LABELS: Record<BirthKey, string> = {
  birthday: 'Data di nascita',
  typeGenderId: 'Genere',
  birthplace: 'Luogo di nascita',
  birthNation: 'Nazione di nascita',
};

// Words written lower case inside a place's name ("San Giovanni in Persiceto", "Reggio nell'Emilia").
const PARTICLES = new Set(['di', 'del', 'della', 'dei', 'delle', 'in', 'sul', 'sulla', 'al', 'alla', 'e', 'nel', 'nell', 'de', 'd', 'sotto', 'sopra']);

/** ROMA -> Roma, SANT'ANGELO LODIGIANO -> Sant'Angelo Lodigiano, REPUBBLICA DI SAN MARINO -> Repubblica di San Marino. */
export function placeName(upper: string): string {
  return upper
    .toLowerCase()
    .split(/(\s+|'|-)/)
    .map((word, i) => (i > 0 && PARTICLES.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** The birth data of a valid person's code (null for an invalid or provisional one). `today` decides the century. */
export async function birthFromTaxCode(code: string, today = new Date()): Promise<BirthFromCode | null> {
  const data = taxCodeBirthData(code, today);
  if (!data) return null;
  const place = await taxCodeBirthplace(data.birthplaceCode).catch(() => null);
  return {
    birthday: data.birthday,
    typeGenderId: String(data.typeGenderId) as '1' | '2',
    birthplace: place && !data.bornAbroad ? placeName(place.name) : null,
    birthNation: data.bornAbroad ? (place ? placeName(place.name) : null) : 'Italia',
  };
}

/** The form's value for `key` and the code's agree (places compared without case, accents or province). */
function agrees(key: BirthKey, typed: string, fromCode: string): boolean {
  if (key === 'birthplace' || key === 'birthNation') return foldText(typed.replace(/\s*\([A-Za-z]{2}\)\s*$/, '')) === foldText(fromCode);
  return typed === fromCode;
}

/**
 * `profile` with its empty birth fields filled from `birth`, the fields so filled, and the typed ones that disagree
 * with the code (left as typed: the user decides).
 */
export function applyBirth<P extends Record<BirthKey, string>>(profile: P, birth: BirthFromCode): { profile: P; filled: BirthKey[]; mismatched: BirthKey[] } {
  const next: P = { ...profile };
  const filled: BirthKey[] = [];
  const mismatched: BirthKey[] = [];
  for (const key of Object.keys(BIRTH_LABELS) as BirthKey[]) {
    const fromCode = birth[key];
    if (fromCode === null) continue;
    const typed = profile[key].trim();
    if (!typed) {
      (next as Record<BirthKey, string>)[key] = fromCode;
      filled.push(key);
    } else if (!agrees(key, typed, fromCode)) mismatched.push(key);
  }
  return { profile: next, filled, mismatched };
}

/** `birth` in words: "nascita il 01/01/1980 a Roma, genere maschile". */
export function describeBirth(birth: BirthFromCode): string {
  const [y, m, d] = birth.birthday.split('-');
  const where = birth.birthplace ? ` a ${birth.birthplace}` : birth.birthNation && birth.birthNation !== 'Italia' ? ` in ${birth.birthNation}` : '';
  return `nascita il ${d}/${m}/${y}${where}, genere ${birth.typeGenderId === '1' ? 'maschile' : 'femminile'}`;
}
