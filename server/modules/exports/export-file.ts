// Writing an export: a header row, then rows added chunk by chunk, as CSV (UTF-8 with BOM, `;`, CRLF: what Italian
// Excel opens as columns, server/lib/csv.ts) or XLSX (SheetJS, xlsx only: its .xls writer exploded past 15 GB at
// 65k rows, STACK.md). Text cells are neutralised against formula injection in both formats
// (schema/spreadsheet-cells.ts); the import restores them. Dates are written as the template asks: gg/mm/aaaa text
// in CSV, real date cells formatted dd/mm/yyyy in XLSX (an Excel serial, which the import reads back exactly).
import * as XLSX from '@e965/xlsx';
import { neutraliseCell } from '../../../schema/spreadsheet-cells';
import { CSV_BOM, csvRow } from '../../lib/csv';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', xlsx: XLSX_CONTENT_TYPE };

/** A calendar date (YYYY-MM-DD), written as a date rather than as text. */
export interface DateCell {
  date: string;
}
export type ExportCell = string | number | DateCell | null;

export const dateCell = (value: Date | null | undefined): DateCell | null => (value ? { date: value.toISOString().slice(0, 10) } : null);

const italianDate = ({ date }: DateCell) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** Days since 1899-12-30: Excel's serial of a date (1900 system), computed in UTC so no time zone shifts it. */
const excelSerial = ({ date }: DateCell) => (Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) - Date.UTC(1899, 11, 30)) / 86_400_000;

const csvText = (cell: ExportCell): string => (cell === null ? '' : typeof cell === 'object' ? italianDate(cell) : String(cell));

function xlsxCell(cell: ExportCell): XLSX.CellObject | null {
  if (cell === null || cell === '') return null;
  if (typeof cell === 'number') return { t: 'n', v: cell };
  if (typeof cell === 'object') return { t: 'n', v: excelSerial(cell), z: 'dd/mm/yyyy' };
  return { t: 's', v: neutraliseCell(cell) };
}

/** An export being written: `add` each chunk of rows, then `finish` for the file's bytes. */
export interface ExportWriter {
  add(rows: ReadonlyArray<readonly ExportCell[]>): void;
  finish(): Buffer;
}

function csvWriter(headers: readonly string[]): ExportWriter {
  const parts: string[] = [CSV_BOM + csvRow([...headers])];
  return {
    add: (rows) => void parts.push(rows.map((r) => csvRow(r.map(csvText))).join('')),
    finish: () => Buffer.from(parts.join(''), 'utf8'),
  };
}

function xlsxWriter(headers: readonly string[], sheetName: string): ExportWriter {
  const sheet = XLSX.utils.aoa_to_sheet([headers.map((h) => neutraliseCell(h))], { dense: true });
  let next = 1;
  return {
    add(rows) {
      // Cells as objects (null = no cell): SheetJS keeps them as given.
      XLSX.utils.sheet_add_aoa(sheet, rows.map((r) => r.map((c) => xlsxCell(c) ?? undefined)), { origin: { r: next, c: 0 } });
      next += rows.length;
    },
    finish() {
      // The range covers every written row and every column, blank trailing cells included.
      sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, next - 1), c: Math.max(0, headers.length - 1) } });
      sheet['!cols'] = headers.map((h) => ({ wch: Math.max(12, h.length + 2) }));
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    },
  };
}

export function exportWriter(format: ExportFormat, headers: readonly string[], sheetName: string): ExportWriter {
  return format === 'csv' ? csvWriter(headers) : xlsxWriter(headers, sheetName);
}
