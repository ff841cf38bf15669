// The codice fiscale rule shared by the forms and the server (schema/validation/tax-code.ts): the check character
// and omocodia on real-shaped codes, foreign-born codes, provisional 11-digit codes, the messages each failure
// gives, the birth data read from a code with the century chosen from today, and the same rule in sign-up and the
// club's legal representative.
import { describe, expect, it } from 'vitest';
import cfModule from 'codice-fiscale-js';
import { MSG } from '../../schema/messages';
import { signUpProfileStep } from '../../schema/validation/auth';
import { clubInput } from '../../schema/validation/club';
import { fieldErrorsOf } from '../../schema/validation/fields';
import { taxIdCode } from '../../schema/validation/people';
import { isValidTaxCode, normalizeTaxCode, taxCodeBirthData, taxCodeBirthplace, taxCodeCheckCharacter, taxCodeProblem } from '../../schema/validation/tax-code';
import { computeTaxCode, createPeopleFactory } from '../../scripts/seed/fake-people';
import { taxCodeFor, withCheckCharacter } from '../support/tax-code-factories';

const CodiceFiscale = (cfModule as unknown as { CodiceFiscale?: typeof cfModule }).CodiceFiscale ?? cfModule;

/** The first message the field gives for `input`, or the normalised code when it passes. */
const field = (input: unknown) => {
  const parsed = taxIdCode.safeParse(input);
  return parsed.success ? parsed.data : parsed.error.issues[0].message;
};

describe('the rule', () => {
  it.each([
    ['a man born in Roma', 'RSSMRA80A01H501U', 'RSSMRA80A01H501U'],
    ['lower case and spaces, as typed', ' rssmra 80a01 h501u ', 'RSSMRA80A01H501U'],
    ['a woman (day + 40) born in Milano', 'VRDNNA85C41F205T', 'VRDNNA85C41F205T'],
    ['omocodia: the last digit replaced by a letter', 'RSSMRA80A01H50MM', 'RSSMRA80A01H50MM'],
    ['omocodia in the year', 'RSSMRAU0A01H501R', 'RSSMRAU0A01H501R'],
    ['born abroad (Romania, Z129)', 'PPSNIO90D03Z129D', 'PPSNIO90D03Z129D'],
    ['a provisional code (11 digits, partita IVA check digit)', '00743110157', '00743110157'],
    ['a wrong check character', 'RSSMRA80A01H501X', MSG.taxCodeCheckCharacter],
    ['two characters swapped', 'RSSMAR80A01H501U', MSG.taxCodeCheckCharacter],
    ['an omocodia letter with the original check character', 'RSSMRA80A01H50MU', MSG.taxCodeCheckCharacter],
    ['a 31 February, check character right', withCheckCharacter('RSSMRA80B31H501'), MSG.taxCodeBirthDate],
    ['day 35 (neither a man nor a woman)', withCheckCharacter('RSSMRA80A35H501'), MSG.taxCodeBirthDate],
    ['letters and digits out of place', 'TST0000000000001', MSG.taxCodeLayout],
    ['a month letter that does not exist', withCheckCharacter('RSSMRA80F01H501'), MSG.taxCodeLayout],
    ['a provisional code with a wrong check digit', '00743110158', MSG.taxCodeProvisionalCheckDigit],
    ['too short', 'RSSMRA80A01H501', MSG.invalidTaxCode],
    ['a symbol', 'RSSMRA80A01H501-', MSG.invalidTaxCode],
    ['12 digits', '007431101570', MSG.invalidTaxCode],
    ['empty', '', MSG.taxCodeRequired],
    ['blank', '   ', MSG.taxCodeRequired],
    ['missing', undefined, MSG.taxCodeRequired],
  ])('%s: %s', (_, input, expected) => {
    expect(field(input)).toBe(expected);
  });

  it('accepts every omocodia variant of a code and refuses each with any other check character', () => {
    const variants = CodiceFiscale.getOmocodie('RSSMRA80A01H501U');
    expect(variants).toHaveLength(127);
    for (const code of variants) {
      expect(isValidTaxCode(code), code).toBe(true);
      const wrong = code.slice(0, 15) + (code[15] === 'A' ? 'B' : 'A');
      expect(taxCodeProblem(wrong), wrong).toBe('checkCharacter');
    }
  });

  it("computes the check letter as codice-fiscale-js does, on every letter and digit in every position", () => {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (let position = 0; position < 15; position++) {
      for (const c of chars) {
        const first15 = `RSSMRA80A01H501`.slice(0, position) + c + `RSSMRA80A01H501`.slice(position + 1);
        expect(taxCodeCheckCharacter(first15), first15).toBe(CodiceFiscale.getCheckCode(first15));
      }
    }
    expect(taxCodeCheckCharacter('RSSMRA80A01H50-')).toBe('');
  });

  it('agrees with codice-fiscale-js on 2,000 generated people (Italian and foreign born) and their altered codes', () => {
    const factory = createPeopleFactory(12);
    for (let i = 0; i < 2000; i++) {
      const code = factory.person({ minAge: 3, maxAge: 90 }).taxIdCode;
      expect(isValidTaxCode(code), code).toBe(true);
      expect(CodiceFiscale.check(code)).toBe(true);
      const altered = code.slice(0, 15) + String.fromCharCode(65 + ((code.charCodeAt(15) - 65 + 1 + (i % 25)) % 26));
      expect(isValidTaxCode(altered)).toBe(CodiceFiscale.check(altered));
      expect(isValidTaxCode(altered)).toBe(false);
    }
  });

  it('the fixtures builder gives distinct valid codes', () => {
    const codes = Array.from({ length: 5000 }, (_, i) => taxCodeFor(i, i % 2 ? 'AB' : 'XYZ', { female: i % 3 === 0 }));
    expect(new Set(codes).size).toBe(5000);
    expect(codes.every(isValidTaxCode)).toBe(true);
    expect(normalizeTaxCode(' ab c ')).toBe('ABC');
  });
});

describe('birth data from a code', () => {
  const TODAY = new Date('2026-06-15T12:00:00Z');

  it('reads birth date, sex and birthplace of a man born in Roma', () => {
    expect(taxCodeBirthData('RSSMRA80A01H501U', TODAY)).toEqual({
      birthday: '1980-01-01',
      typeGenderId: 1,
      birthplaceCode: 'H501',
      bornAbroad: false,
    });
  });

  it('a woman: the day less 40; lower case and spaces accepted', () => {
    expect(taxCodeBirthData(' vrdnna85c41 f205t', TODAY)).toMatchObject({ birthday: '1985-03-01', typeGenderId: 2, birthplaceCode: 'F205' });
  });

  it('omocodia: the digits are restored before reading', () => {
    expect(taxCodeBirthData('RSSMRAU0A01H50MJ', TODAY)).toMatchObject({ birthday: '1980-01-01', typeGenderId: 1, birthplaceCode: 'H501' });
  });

  it('born abroad: the country code (Z...)', () => {
    expect(taxCodeBirthData('PPSNIO90D03Z129D', TODAY)).toEqual({ birthday: '1990-04-03', typeGenderId: 1, birthplaceCode: 'Z129', bornAbroad: true });
  });

  it("the birthplace's name from codice-fiscale-js's list, loaded on demand; null for a code it does not list", async () => {
    expect(await taxCodeBirthplace('H501')).toEqual({ name: 'ROMA', province: 'RM' });
    expect(await taxCodeBirthplace('f205')).toEqual({ name: 'MILANO', province: 'MI' });
    expect(await taxCodeBirthplace('Z129')).toEqual({ name: 'ROMANIA', province: 'EE' });
    expect(await taxCodeBirthplace('Z999')).toBeNull();
  });

  it('the century: a two-digit year not yet reached this century is the last one', () => {
    const born = (yy: string) => taxCodeBirthData(withCheckCharacter(`RSSMRA${yy}A01H501`), TODAY)?.birthday;
    expect(born('25')).toBe('2025-01-01'); // a child born last year
    expect(born('26')).toBe('2026-01-01'); // this year
    expect(born('27')).toBe('1927-01-01'); // "27" cannot be next year: an adult
    expect(born('30')).toBe('1930-01-01');
    expect(born('00')).toBe('2000-01-01');
    // The same code read in 2031: "30" is a child by then.
    expect(taxCodeBirthData(withCheckCharacter('RSSMRA30A01H501'), new Date('2031-01-01T00:00:00Z'))?.birthday).toBe('2030-01-01');
  });

  it('29 February exists in a leap year only', () => {
    expect(taxCodeBirthData(withCheckCharacter('RSSMRA00B29H501'), TODAY)?.birthday).toBe('2000-02-29');
    expect(taxCodeProblem(withCheckCharacter('RSSMRA01B29H501'))).toBe('birthDate');
  });

  it('a cadastral code missing from the library list still checks: the code is given', () => {
    expect(taxCodeBirthData(withCheckCharacter('RSSMRA80A01Z999'), TODAY)).toMatchObject({ birthplaceCode: 'Z999', bornAbroad: true });
  });

  it('null for a provisional, invalid or empty code', () => {
    for (const code of ['00743110157', 'RSSMRA80A01H501X', 'ABC', '']) expect(taxCodeBirthData(code, TODAY)).toBeNull();
  });

  it('matches what codice-fiscale-js computed the code from', async () => {
    const birthday = new Date('2012-09-30T00:00:00Z');
    const code = computeTaxCode('Giulia', 'Esposito', 2, birthday, 'Napoli', 'NA');
    const data = taxCodeBirthData(code, TODAY);
    expect(data).toMatchObject({ birthday: '2012-09-30', typeGenderId: 2, bornAbroad: false });
    expect(await taxCodeBirthplace(data!.birthplaceCode)).toEqual({ name: 'NAPOLI', province: 'NA' });
  });
});

describe('every form that takes a person\'s code', () => {
  it('sign-up: the founder\'s code is checked the same way', () => {
    const step = (taxIdCode: string) => signUpProfileStep.safeParse({ taxIdCode, firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: 1 });
    expect(step('rssmra80a01h501u').data?.taxIdCode).toBe('RSSMRA80A01H501U');
    expect(fieldErrorsOf(step('RSSMRA80A01H501X').error!)).toEqual({ taxIdCode: MSG.taxCodeCheckCharacter });
    expect(fieldErrorsOf(step('').error!)).toEqual({ taxIdCode: MSG.signupStep1 });
  });

  it("the club's legal representative: optional, checked when given", () => {
    expect(clubInput.safeParse({ fullName: 'ASD', legalRepresentativeFiscalCode: '' }).success).toBe(true);
    expect(clubInput.safeParse({ fullName: 'ASD', legalRepresentativeFiscalCode: 'rssmra80a01h501u' }).data?.legalRepresentativeFiscalCode).toBe('RSSMRA80A01H501U');
    expect(fieldErrorsOf(clubInput.safeParse({ fullName: 'ASD', legalRepresentativeFiscalCode: 'RSSMRA80A01H501X' }).error!)).toEqual({
      legalRepresentativeFiscalCode: MSG.taxCodeCheckCharacter,
    });
  });
});
