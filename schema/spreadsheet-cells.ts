// Formula injection (OWASP "CSV injection"): a cell starting with = + - @ (or a tab or carriage return) runs as a
// formula when a spreadsheet opens the file. Every file the product writes (exports, the access log, leads) passes
// its text cells through neutraliseCell, which prefixes an apostrophe; the import passes every text cell it reads
// through restoreCell, so an exported file imports as the original text. Shared by the server and the client.

const FORMULA_START = /^[=+\-@\t\r]/;
/** A normalised phone number (+393331234567): digits after a plus cannot form a formula, so it is left alone. */
const PLAIN_PHONE = /^\+\d+$/;

/** The text a spreadsheet shows as text: prefixed with ' when it would start a formula. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_PHONE.test(value) ? `'${value}` : value;
}

/** The original text of a neutralised cell (an apostrophe followed by what would start a formula); others unchanged. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
