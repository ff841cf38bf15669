// The eligibility list as a CSV file made in the browser (the page already holds every row): UTF-8 with a BOM,
// `;` between cells and CRLF rows, what Italian Excel opens as columns, like the server's exports (server/lib/csv.ts);
// dates as 01/03/2026; a cell that would start a formula is neutralised (schema/spreadsheet-cells.ts). Pure.
import { CERTIFICATE_STATE_LABELS, type CertificateState } from '../../../../schema/medical-certificates';
import { neutraliseCell } from '../../../../schema/spreadsheet-cells';

export const ELIGIBILITY_COLUMNS = ['Cognome', 'Nome', 'Codice fiscale', 'Data di nascita', 'Certificato', 'Scadenza', 'Può giocare'] as const;

export interface EligibilityCsvRow {
  lastname: string;
  firstname: string;
  taxIdCode: string;
  birthday: string | null | undefined;
  state: CertificateState;
  expiresOn: string | null | undefined;
  mayPlay: boolean;
}

const BOM = '\uFEFF';
const italianDay = (day: string | null | undefined) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');

function cell(value: string): string {
  const safe = neutraliseCell(value);
  return /[";,\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: readonly string[]) => `${cells.map(cell).join(';')}\r\n`;

export function eligibilityCsv(rows: readonly EligibilityCsvRow[]): string {
  return (
    BOM +
    line(ELIGIBILITY_COLUMNS) +
    rows
      .map((r) =>
        line([r.lastname, r.firstname, r.taxIdCode.toUpperCase(), italianDay(r.birthday), CERTIFICATE_STATE_LABELS[r.state], italianDay(r.expiresOn), r.mayPlay ? 'Sì' : 'No']),
      )
      .join('')
  );
}

/** idoneita-under-12-2026-03-01.csv */
export function eligibilityFileName(groupName: string, today: string): string {
  // Accents off (schema/text's foldText would do, but importing it splits a chunk out of the admin shell's).
  const folded = groupName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'categoria';
  return `idoneita-${slug}-${today}.csv`;
}
