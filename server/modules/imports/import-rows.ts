// From a table of cells to validated person inputs: headers mapped to the kind's columns (schema/import-columns.ts:
// header names and synonyms, then the content for a tax-code column without a known header), cells converted as
// the columns say (dates, gender), and every row parsed with the same zod schema as the person forms
// (savePersonInput), so a row gets exactly the Italian messages the form would give.
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import { BIRTH_PROVINCE_COLUMN, columnForHeader, ERROR_FILE_COLUMNS, importColumns, IMPORT_MSG, mappableColumn, mappableColumns, normalizeHeader, type ImportColumn } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import { taxCodeBirthData } from '../../../schema/validation/tax-code';
import { fieldErrorsOf } from '../../../schema/validation/fields';
import { savePersonInput, type SavePersonInput } from '../../../schema/validation/people';
import { restoreCell } from '../../../schema/spreadsheet-cells';
import type { Cell, ImportTable } from './read-import-file';
import { fileRefusal } from './read-import-file';
import { ValidationError } from '../../lib/errors';

export interface MappedColumn {
  /** Position in the file's rows. */
  index: number;
  /** The header as written in the file. */
  header: string;
  column: ImportColumn;
}

export interface ColumnMapping {
  /** The column feeding each key first. */
  columns: MappedColumn[];
  /**
   * Later columns for a key already fed (Admidio's Telefono and Cellulare): each fills the field on the rows where
   * the columns before it left it empty.
   */
  fallbacks: MappedColumn[];
  /** Headers of the file that name no column (left out of the import). */
  ignored: string[];
}

/** A personal tax code (omocodia letters allowed where digits go): how a column without a known header is recognised. */
const PERSONAL_TAX_CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const taxKey = (value: Cell) => (value === null ? '' : String(value).toUpperCase().replace(/\s+/g, ''));

/** A column chosen by the user for a header of the file (key null: the column is ignored). */
export interface MappingChoice {
  header: string;
  key: string | null;
}

const mappingRefusal = (message: string) => new ValidationError({ mapping: message }, message);

/** The header of the file a choice names: as written, else compared like the automatic mapping compares names. */
function headerIndex(headers: readonly string[], header: string): number {
  const exact = headers.findIndex((h) => h === header.trim());
  if (exact >= 0) return exact;
  const wanted = normalizeHeader(header);
  return wanted ? headers.findIndex((h) => normalizeHeader(h) === wanted) : -1;
}

/**
 * Refuses a mapping naming an unknown column key or a header the file lacks. One key for two headers is allowed:
 * the second fills the field where the first is empty.
 */
function checkChoices(kind: PersonKindKey, headers: readonly string[], choices: readonly MappingChoice[]): Map<number, string | null> {
  const byIndex = new Map<number, string | null>();
  for (const choice of choices) {
    const key = choice.key === '' ? null : choice.key;
    if (key !== null && !mappableColumn(kind, key)) throw mappingRefusal(IMPORT_MSG.mappingUnknownKey(key));
    const index = headerIndex(headers, choice.header);
    if (index < 0) throw mappingRefusal(IMPORT_MSG.mappingUnknownHeader(choice.header));
    byIndex.set(index, key);
  }
  return byIndex;
}

const PROVINCE_HEADERS = new Set(['prov', 'provincia', 'pr', 'sigla provincia'].map(normalizeHeader));
const PLACE_HEADERS = new Set(['luogo', 'comune', 'citta', 'localita'].map(normalizeHeader));

/**
 * What a header means by its place: a bare "Prov." right after the birthplace is the birth province, and a bare
 * "Luogo" (or Comune) right after the birth date is the birthplace (federation lists: `Data nascita; Luogo; Prov.`).
 * Elsewhere they keep their own meaning (hitobito's Luogo, beside NPA, is the residence's town).
 */
function columnInPlace(kind: PersonKindKey, header: string, previous: ImportColumn | null): ImportColumn | null {
  const name = normalizeHeader(header);
  if (previous?.key === 'birthplace' && PROVINCE_HEADERS.has(name)) return BIRTH_PROVINCE_COLUMN;
  if (previous?.key === 'birthday' && PLACE_HEADERS.has(name)) return importColumns(kind).find((c) => c.key === 'birthplace')!;
  return columnForHeader(kind, header) ?? (normalizeHeader(BIRTH_PROVINCE_COLUMN.header) === name || BIRTH_PROVINCE_COLUMN.synonyms.some((s) => normalizeHeader(s) === name) ? BIRTH_PROVINCE_COLUMN : null);
}

/**
 * Maps the file's headers to the kind's columns; refuses a file without the mandatory ones (after the mapping).
 * `choices` (the user's correction, or the club's remembered mapping) decide for the headers they name; the other
 * headers keep the automatic mapping, unless the column it would feed was given to another header.
 */
export function mapColumns(kind: PersonKindKey, table: ImportTable, choices: readonly MappingChoice[] = []): ColumnMapping {
  const chosen = checkChoices(kind, table.headers, choices);
  const claimed = new Set([...chosen.values()].filter((k): k is string => k !== null));
  const columns: MappedColumn[] = [];
  const fallbacks: MappedColumn[] = [];
  const ignored: string[] = [];
  let previous: ImportColumn | null = null;
  table.headers.forEach((header, index) => {
    let column: ImportColumn | null;
    if (chosen.has(index)) {
      const key = chosen.get(index);
      column = key ? mappableColumn(kind, key) : null;
    } else {
      column = columnInPlace(kind, header, previous);
      if (column && claimed.has(column.key)) column = null;
    }
    previous = column;
    // The first column of a key feeds it; a later one fills it where the first is empty.
    if (column && !columns.some((c) => c.column.key === column.key)) columns.push({ index, header, column });
    else if (column && column.type !== 'groups') fallbacks.push({ index, header, column });
    else if (header) ignored.push(header);
  });
  if (!columns.some((c) => c.column.key === 'taxIdCode')) {
    const found = taxCodeColumnByContent(table, [...columns, ...fallbacks], chosen);
    if (found !== null) {
      const header = table.headers[found] ?? '';
      columns.push({ index: found, header, column: importColumns(kind).find((c) => c.key === 'taxIdCode')! });
      const at = ignored.indexOf(header);
      if (at >= 0) ignored.splice(at, 1);
    }
  }
  const missing = importColumns(kind).filter((c) => c.mandatory && !columns.some((m) => m.column.key === c.key));
  if (missing.length) throw fileRefusal(IMPORT_MSG.missingColumns(missing.map((c) => c.header)));
  columns.sort((a, b) => a.index - b.index);
  return { columns, fallbacks, ignored };
}

/**
 * An error file fixed and uploaded again (import-error-file.ts) ends with the columns Riga, Campo, Errore: they are
 * dropped, and so are the lines that held only them (a row's second and later errors).
 */
export function withoutErrorColumns(table: ImportTable): ImportTable {
  const n = table.headers.length;
  const tail = table.headers.slice(n - ERROR_FILE_COLUMNS.length).map(normalizeHeader);
  if (n <= ERROR_FILE_COLUMNS.length || tail.join('|') !== ERROR_FILE_COLUMNS.map(normalizeHeader).join('|')) return table;
  const keep = n - ERROR_FILE_COLUMNS.length;
  const rows = table.rows
    .map((r) => ({ line: r.line, cells: r.cells.slice(0, keep) }))
    .filter((r) => r.cells.some((c) => c !== null && !(typeof c === 'string' && c.trim() === '')));
  return { ...table, headers: table.headers.slice(0, keep), rows };
}

/** An unmapped column whose filled cells are (nearly) all personal tax codes. */
function taxCodeColumnByContent(table: ImportTable, mapped: readonly MappedColumn[], chosen: ReadonlyMap<number, string | null>): number | null {
  const sample = table.rows.slice(0, 200);
  for (let index = 0; index < table.headers.length; index++) {
    if (mapped.some((m) => m.index === index) || chosen.has(index)) continue;
    const values = sample.map((r) => taxKey(r.cells[index] ?? null)).filter(Boolean);
    if (values.length && values.filter((v) => PERSONAL_TAX_CODE.test(v)).length / values.length >= 0.8) return index;
  }
  return null;
}

// ---- cells ----

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel serial day (1900 system, or 1904) as YYYY-MM-DD. */
function excelSerialDate(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date cell as the forms send it (YYYY-MM-DD): gg/mm/aaaa (also with - or .), ISO, an Excel serial. Anything
 * else is passed on as written, so the form's rule answers 'Inserisci una data valida.'.
 */
export function dateValue(cell: Cell, date1904 = false): string | undefined {
  if (cell === null || cell === '') return undefined;
  if (typeof cell === 'number') return excelSerialDate(cell, date1904) ?? String(cell);
  const text = String(cell).trim();
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (italian) return `${italian[3]}-${pad(Number(italian[2]))}-${pad(Number(italian[1]))}`;
  if (/^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(text)) return text.slice(0, 10);
  if (/^\d+(\.\d+)?$/.test(text)) return excelSerialDate(Number(text), date1904) ?? text;
  return text;
}

const GENDERS: Record<string, 1 | 2> = { m: 1, maschio: 1, male: 1, uomo: 1, '1': 1, f: 2, femmina: 2, female: 2, donna: 2, '2': 2 };

/** M/F, 1/2, Maschio/Femmina (and English) as the forms' type_gender_id; anything else as written (the rule refuses it). */
export function genderValue(cell: Cell): unknown {
  if (cell === null || cell === '') return undefined;
  const text = String(cell).trim();
  return GENDERS[text.toLowerCase()] ?? text;
}

function textValue(cell: Cell): string | undefined {
  if (cell === null) return undefined;
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell);
}

function valueOf(column: ImportColumn, cell: Cell, date1904: boolean): unknown {
  switch (column.type) {
    case 'date':
      return dateValue(cell, date1904);
    case 'gender':
      return genderValue(cell);
    case 'groups':
      return undefined; // not a field of the person input: see groupsCell
    default:
      return textValue(cell);
  }
}

// A few dozen field paths, split once rather than once per cell of up to 100,000 rows.
const pathKeys = new Map<string, string[]>();

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = pathKeys.get(path) ?? pathKeys.set(path, path.split('.')).get(path)!;
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
}

function getPath(target: Record<string, unknown>, path: string): unknown {
  const keys = pathKeys.get(path) ?? pathKeys.set(path, path.split('.')).get(path)!;
  let node: unknown = target;
  for (const key of keys) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

const isEmpty = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/** A row as the save input the forms send: `{profile: {..., address}, details, notePrivate}`. */
export function rawRow(mapping: ColumnMapping, cells: readonly Cell[], date1904: boolean): Record<string, unknown> {
  const raw: Record<string, unknown> = { profile: {}, details: {} };
  let birthProvince: unknown;
  for (const { index, column } of mapping.fallbacks.length ? [...mapping.columns, ...mapping.fallbacks] : mapping.columns) {
    const cell = cells[index] ?? null;
    // An exported cell neutralised against formulas ('=...) imports as its original text (schema/spreadsheet-cells.ts).
    const value = valueOf(column, typeof cell === 'string' ? restoreCell(cell) : cell, date1904);
    if (column.key === BIRTH_PROVINCE_COLUMN.key) birthProvince ??= isEmpty(value) ? undefined : value;
    // The columns come first, their fallbacks after: a fallback only fills what is still empty.
    else if (value !== undefined && isEmpty(getPath(raw, column.field))) setPath(raw, column.field, value);
  }
  const profile = raw.profile as Record<string, unknown>;
  // The profile has one birthplace field: the birth province goes beside the town, as "Roma (RM)".
  if (typeof birthProvince === 'string' && typeof profile.birthplace === 'string' && profile.birthplace.trim() && !/\(\w+\)\s*$/.test(profile.birthplace)) {
    profile.birthplace = `${profile.birthplace.trim()} (${birthProvince.trim().toUpperCase()})`;
  }
  return raw;
}

// ---- tidying (issue 35 point 4) ----

const NAME_FIELDS = ['firstname', 'secondname', 'lastname'] as const;

/**
 * A name written all in capitals (federation exports) in Italian capitalisation: each word, and each part after an
 * apostrophe or hyphen, with its first letter capital ("D'ANGELO" D'Angelo, "DELL'ACQUA" Dell'Acqua, "DE LUCA"
 * De Luca, "ROSSI-BIANCHI" Rossi-Bianchi). A name with any lower-case letter is left as written.
 */
export function italianCapitals(name: string): string {
  if (!/\p{Lu}/u.test(name) || /\p{Ll}/u.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s'’\-.])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const ITALY = /^(it|ita|italia|italy)$/i;

/**
 * Tidies a raw row in place: names in capitals (unless `names` is off), a CAP that lost its leading zeros in Excel
 * (184: 00184, for an Italian or unstated country). Says what it changed.
 */
export function tidyRow(raw: Record<string, unknown>, names: boolean): { names: boolean; postalCode: boolean } {
  const profile = raw.profile as Record<string, unknown>;
  let tidiedNames = false;
  if (names) {
    for (const field of NAME_FIELDS) {
      const value = profile[field];
      if (typeof value !== 'string') continue;
      const tidy = italianCapitals(value);
      if (tidy !== value) {
        profile[field] = tidy;
        tidiedNames = true;
      }
    }
  }
  const address = profile.address as Record<string, unknown> | undefined;
  const cap = address?.postalCode;
  const country = address?.country;
  const padded = typeof cap === 'string' && /^\d{3,4}$/.test(cap.trim()) && (isEmpty(country) || (typeof country === 'string' && ITALY.test(country.trim())));
  if (padded) address!.postalCode = cap.trim().padStart(5, '0');
  return { names: tidiedNames, postalCode: padded };
}

/** Fills a blank sex from the row's valid tax code (which carries it); true when it did. */
export function genderFromTaxCode(raw: Record<string, unknown>): boolean {
  const profile = raw.profile as Record<string, unknown>;
  if (!isEmpty(profile.typeGenderId) || typeof profile.taxIdCode !== 'string') return false;
  const decoded = taxCodeBirthData(profile.taxIdCode);
  if (!decoded) return false;
  profile.typeGenderId = decoded.typeGenderId;
  return true;
}

/** The text of a row's groups cell (null without the column or when blank). */
export function groupsCell(mapping: ColumnMapping, cells: readonly Cell[]): string | null {
  const at = mapping.columns.find((c) => c.column.type === 'groups');
  const value = at ? cells[at.index] : null;
  // Neutralised like any text cell when written ('=...: the exports, the template's dropdown): restored the same way.
  const text = value === null || value === undefined ? '' : restoreCell(String(value).trim());
  return text || null;
}

/** The tax code a row names, as the rule stores it (upper case, no spaces): how it is matched. */
export const rowTaxCode = (raw: Record<string, unknown>): string => {
  const value = (raw.profile as Record<string, unknown>).taxIdCode;
  return typeof value === 'string' || typeof value === 'number' ? taxKey(value) : '';
};

export interface RowError {
  /** The row number in the file. */
  row: number;
  /** The file's header of the column at fault (the template's header when the file has no such column). */
  column: string | null;
  /** The input field (profile.taxIdCode, details.coachRole...). */
  field: string | null;
  message: string;
}

/** One schema per kind for a whole file (building it per row costs more than parsing the row). */
const schemas = new Map<PersonKindKey, ReturnType<typeof savePersonInput>>();
const schemaOf = (kind: PersonKindKey) => schemas.get(kind) ?? schemas.set(kind, savePersonInput(kind)).get(kind)!;

export type ValidatedRow = { ok: true; input: SavePersonInput } | { ok: false; errors: RowError[] };

/**
 * Parses a raw row with the kind's form schema. `storedGender`: the gender of the person already in the club with
 * this tax code, used when the row leaves it blank (a kind that requires gender would otherwise refuse an update
 * that simply does not repeat it).
 */
export function validateRow(kind: PersonKindKey, mapping: ColumnMapping, line: number, raw: Record<string, unknown>, storedGender?: number | null, cells?: readonly Cell[]): ValidatedRow {
  const profile = raw.profile as Record<string, unknown>;
  const input = PERSON_KIND_INFO[kind].genderRequired && profile.typeGenderId === undefined && storedGender ? { ...raw, profile: { ...profile, typeGenderId: storedGender } } : raw;
  const result = schemaOf(kind).safeParse(input);
  if (result.success) return { ok: true, input: result.data };
  const errors = Object.entries(fieldErrorsOf(result.error)).map(([field, message]) => ({ row: line, field, message: quoted(message, fileValue(mapping, field, cells) ?? getPath(input, field)), column: headerOf(kind, mapping, field) }));
  return { ok: false, errors };
}

/** The cell the file gave for `field` (its first column's, as written), when the row's cells are known. */
export function fileValue(mapping: ColumnMapping, field: string, cells: readonly Cell[] | undefined): Cell | undefined {
  const at = cells && mapping.columns.find((c) => c.column.field === field);
  const cell = at ? cells[at.index] : undefined;
  return cell === null || (typeof cell === 'string' && !cell.trim()) ? undefined : cell;
}

/** Values longer than this are not quoted back (a long note's "too long" says enough). */
const QUOTED_MAX = 60;

/** The message with the refused cell's value, so the secretary sees what the file said ("Femmmina"). */
export function quoted(message: string, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return message;
  const text = String(value).trim();
  return text && text.length <= QUOTED_MAX ? MSG.withValue(message, text) : message;
}

/** The header a field came from: the file's own, or the template's when the file lacks the column. */
export function headerOf(kind: PersonKindKey, mapping: ColumnMapping, field: string): string | null {
  return mapping.columns.find((c) => c.column.field === field)?.header ?? mappableColumns(kind).find((c) => c.field === field)?.header ?? null;
}
