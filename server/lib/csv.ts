// CSV files for spreadsheets (the leads export, the access log export). No CSV writer is installed, so the few
// rules are applied here: RFC 4180 quoting, CRLF rows, a UTF-8 byte-order mark (Excel otherwise misreads accents)
// and semicolons between cells (what Excel expects with Italian regional settings, where the comma is the
// decimal mark).
import { neutraliseCell } from '../../schema/spreadsheet-cells';

export const CSV_DELIMITER = ';';
export const CSV_BOM = '\uFEFF';

/** Italian time, written so that Excel reads it as a date and sorts it: 2026-03-01 14:05. */
export const SORTABLE_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * One cell. A value starting with = + - @ (or a tab or carriage return) would run as a formula in a spreadsheet,
 * so it is prefixed with an apostrophe (schema/spreadsheet-cells.ts); phone numbers (+393331234567) are left alone.
 */
export function csvCell(value: string): string {
  const safe = neutraliseCell(value);
  return /[";,\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(CSV_DELIMITER)}\r\n`;
