// The error file of an import (issue 12 point 4): the invalid rows as the file had them (every original column, in
// the file's order) followed by Riga, Campo, Errore. A row with several errors takes one line per error: the first
// carries the row's cells, the next ones only the three error columns, so the file, once fixed and uploaded again,
// imports (the three columns and the lines holding only them are dropped when read: withoutErrorColumns).
// CSV with `;`, UTF-8 with BOM and CRLF: what Italian Excel opens as columns.
import { ERROR_FILE_COLUMNS, errorFileName, type ImportColumn } from '../../../schema/import-columns';
import type { PersonKindKey } from '../../../schema/constants';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { dateValue, type ColumnMapping, type RowError } from './import-rows';
import { turnTaker } from './import-write';
import type { Cell } from './read-import-file';

/** A file to hand back (the shape of the GraphQL DownloadFile, which the faces answer it as). */
export interface DownloadFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface InvalidRow {
  line: number;
  cells: readonly Cell[];
  errors: readonly RowError[];
}

/** yyyy-mm-dd as the Italian gg/mm/aaaa (how a workbook's date serial is written back). */
const italianDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso);

/** A cell as text: as the file had it; a workbook's numbers written plainly, and its date serials as dates. */
function cellText(cell: Cell, column: ImportColumn | undefined, date1904: boolean): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (column?.type === 'date') return italianDate(dateValue(cell, date1904) ?? String(cell));
    return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  }
  if (typeof cell === 'boolean') return cell ? 'VERO' : 'FALSO';
  return cell;
}

/** The error file of `rows`; other requests are let in as it is written (up to 100,000 rows: turnTaker). */
export async function errorFile(kind: PersonKindKey, headers: readonly string[], mapping: ColumnMapping, rows: readonly InvalidRow[], date1904: boolean): Promise<DownloadFile> {
  const turn = turnTaker();
  const columnAt = new Map(mapping.columns.map((c) => [c.index, c.column]));
  const blank = headers.map(() => '');
  const lines = [[...headers, ...ERROR_FILE_COLUMNS]];
  for (const row of rows) {
    await turn();
    const cells = headers.map((_h, i) => cellText(row.cells[i] ?? null, columnAt.get(i), date1904));
    const errors = row.errors.length ? row.errors : [{ row: row.line, column: null, field: null, message: '' }];
    errors.forEach((e, i) => lines.push([...(i === 0 ? cells : blank), String(row.line), e.column ?? '', e.message]));
  }
  // Every cell (the file's own headers and text included) goes through the CSV writer, which neutralises what would
  // start a formula once opened in Excel (schema/spreadsheet-cells.ts); the import restores it.
  const text: string[] = [CSV_BOM];
  for (const line of lines) {
    await turn();
    text.push(csvRow(line));
  }
  return { filename: errorFileName(kind), contentType: 'text/csv; charset=utf-8', content: Buffer.from(text.join(''), 'utf8') };
}
