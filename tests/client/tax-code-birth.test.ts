// The person form's birth data from the codice fiscale (client/src/features/people/tax-code-birth.ts): what a code
// fills (date, sex, town or country, with the century chosen from today), which typed values it contradicts (places
// compared without case, accents or province), and place names written as Italians write them.
import { describe, expect, it } from 'vitest';
import { emptyValues } from '../../client/src/features/people/person-form-values';
import { applyBirth, birthFromTaxCode, describeBirth, placeName } from '../../client/src/features/people/tax-code-birth';
import { withCheckCharacter } from '../support/tax-code-factories';

const TODAY = new Date('2026-06-15T12:00:00Z');
const profile = (values: Record<string, string> = {}) => ({ ...emptyValues('athlete').profile, ...values });

describe('birthFromTaxCode', () => {
  it('a woman born in Milano; a man born in Roma in 2010 (this century, being a child)', async () => {
    expect(await birthFromTaxCode('VRDNNA85C41F205T', TODAY)).toEqual({ birthday: '1985-03-01', typeGenderId: '2', birthplace: 'Milano', birthNation: 'Italia' });
    expect(await birthFromTaxCode(withCheckCharacter('BNCLCU10A01H501'), TODAY)).toMatchObject({ birthday: '2010-01-01', typeGenderId: '1', birthplace: 'Roma' });
  });

  it('born abroad: no town, the country as the birth nation; a country code not listed gives neither', async () => {
    expect(await birthFromTaxCode('PPSNIO90D03Z129D', TODAY)).toEqual({ birthday: '1990-04-03', typeGenderId: '1', birthplace: null, birthNation: 'Romania' });
    expect(await birthFromTaxCode(withCheckCharacter('RSSMRA80A01Z999'), TODAY)).toMatchObject({ birthplace: null, birthNation: null });
  });

  it('an invalid or provisional code gives nothing', async () => {
    expect(await birthFromTaxCode('RSSMRA80A01H501X', TODAY)).toBeNull();
    expect(await birthFromTaxCode('12345678903', TODAY)).toBeNull();
  });
});

describe('applyBirth', () => {
  const roma = { birthday: '1980-01-01', typeGenderId: '1', birthplace: 'Roma', birthNation: 'Italia' } as const;

  it('fills the empty fields and says which; nothing else changes', () => {
    const result = applyBirth(profile({ firstname: 'Mario' }), roma);
    expect(result.filled).toEqual(['birthday', 'typeGenderId', 'birthplace', 'birthNation']);
    expect(result.mismatched).toEqual([]);
    expect(result.profile).toMatchObject({ firstname: 'Mario', birthday: '1980-01-01', typeGenderId: '1', birthplace: 'Roma', birthNation: 'Italia' });
  });

  it('lists typed values that disagree and leaves them as typed; agreeing places ignore case, accents and the province', () => {
    const typed = profile({ birthday: '1980-01-02', typeGenderId: '2', birthplace: 'ROMA (RM)', birthNation: 'italia' });
    const result = applyBirth(typed, roma);
    expect(result.mismatched).toEqual(['birthday', 'typeGenderId']);
    expect(result.filled).toEqual([]);
    expect(result.profile).toEqual(typed);
    expect(applyBirth(profile({ birthplace: 'Forlì' }), { ...roma, birthplace: 'Forli' }).mismatched).toEqual([]);
    expect(applyBirth(profile({ birthplace: 'Milano' }), roma).mismatched).toEqual(['birthplace']);
  });

  it('a value the code does not give (a foreign town) is neither filled nor contradicted', () => {
    const result = applyBirth(profile({ birthplace: 'Bucarest' }), { birthday: '1990-04-03', typeGenderId: '1', birthplace: null, birthNation: 'Romania' });
    expect(result.mismatched).toEqual([]);
    expect(result.filled).toEqual(['birthday', 'typeGenderId', 'birthNation']);
  });
});

describe('wording', () => {
  it('place names as written in Italian', () => {
    expect(placeName('ROMA')).toBe('Roma');
    expect(placeName("SANT'ANGELO LODIGIANO")).toBe("Sant'Angelo Lodigiano");
    expect(placeName('SAN GIOVANNI IN PERSICETO')).toBe('San Giovanni in Persiceto');
    expect(placeName("REGGIO NELL'EMILIA")).toBe("Reggio nell'Emilia");
    expect(placeName('CASTEL SAN PIETRO TERME')).toBe('Castel San Pietro Terme');
  });

  it('the birth in words', () => {
    expect(describeBirth({ birthday: '1985-03-01', typeGenderId: '2', birthplace: 'Milano', birthNation: 'Italia' })).toBe('nascita il 01/03/1985 a Milano, genere femminile');
    expect(describeBirth({ birthday: '1990-04-03', typeGenderId: '1', birthplace: null, birthNation: 'Romania' })).toBe('nascita il 03/04/1990 in Romania, genere maschile');
  });
});
