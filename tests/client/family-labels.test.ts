// The personal area's words: who a person is to the account, a change's values as the family reads them, the names
// of downloaded files.
import { describe, expect, it } from 'vitest';
import { changeValue, fieldLabel, RELATION_LABELS, slug } from '../../client/src/features/family-area/family-labels';

describe('family area labels', () => {
  it("says who a person is to the account (what it may do is the server's `may`)", () => {
    expect(RELATION_LABELS).toEqual({ titolare: 'Tu', minore: 'Tu', genitore: 'Figlio/a' });
  });

  it('shows a change in Italian: the field, a day as dd/mm/yyyy, nothing as a dash', () => {
    expect(fieldLabel('birthplace')).toBe('Luogo di nascita');
    expect(fieldLabel('taxIdCode')).toBe('Codice fiscale');
    expect(fieldLabel('sconosciuto')).toBe('sconosciuto');
    expect(changeValue('birthday', '2013-03-10')).toBe('10/03/2013');
    expect(changeValue('birthplace', null)).toBe('—');
    expect(changeValue('birthplace', 'Roma')).toBe('Roma');
  });

  it('names files after a title without accents or punctuation', () => {
    expect(slug('Iscrizioni Under 14 2026/27')).toBe('iscrizioni-under-14-2026-27');
    expect(slug('Nicolò Bianchi')).toBe('nicolo-bianchi');
    expect(slug('///')).toBe('documento');
  });
});
