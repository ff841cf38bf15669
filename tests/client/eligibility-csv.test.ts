// The eligibility CSV made in the browser: BOM, `;` and CRLF as the server's exports, Italian dates and labels,
// quoting and formula neutralising, and the file name.
import { describe, expect, it } from 'vitest';
import { eligibilityCsv, eligibilityFileName } from '../../client/src/features/certificates/eligibility-csv';

describe('eligibility CSV', () => {
  it('writes the header and one row per athlete as Italian Excel reads it', () => {
    const csv = eligibilityCsv([
      { lastname: 'Bianchi', firstname: 'Nicolò', taxIdCode: 'bncncl10a01f205t', birthday: '2010-01-01', state: 'expiring', expiresOn: '2026-03-20', mayPlay: true },
      { lastname: "D'Amico; Rossi", firstname: '=1+1', taxIdCode: 'DMCLRA15A41F205X', birthday: null, state: 'missing', expiresOn: null, mayPlay: false },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Cognome;Nome;Codice fiscale;Data di nascita;Certificato;Scadenza;Può giocare',
      'Bianchi;Nicolò;BNCNCL10A01F205T;01/01/2010;In scadenza;20/03/2026;Sì',
      `"D'Amico; Rossi";'=1+1;DMCLRA15A41F205X;;Mancante;;No`,
      '',
    ]);
  });

  it('names the file after the category and the day', () => {
    expect(eligibilityFileName('Under 12 – Femminile', '2026-03-01')).toBe('idoneita-under-12-femminile-2026-03-01.csv');
    expect(eligibilityFileName('***', '2026-03-01')).toBe('idoneita-categoria-2026-03-01.csv');
  });
});
