// Reading an import file into a table of cells. The type is sniffed from the content, never from the name or the
// client's content type: a zip holding xl/workbook.xml is xlsx, an OLE2 compound file is xls, any other binary
// (file-type knows hundreds) is refused, and text is CSV (UTF-8 with or without BOM, UTF-16 with BOM, else
// Windows-1252; comma, semicolon or tab). Every cap of IMPORT_LIMITS is checked before the file is inflated or
// parsed: the size first, then for xlsx the zip's entry count and declared uncompressed size (zip-directory.ts).
import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import * as XLSX from '@e965/xlsx';
import { HEADER_ROW_MIN_KNOWN, HEADER_ROW_SEARCH, IMPORT_LIMITS, IMPORT_MSG, isKnownHeader, type ImportFormat, type ImportLimits } from '../../../schema/import-columns';
import { ValidationError } from '../../lib/errors';
import { workerScript } from '../../lib/worker-script';
import { inflatesWithinDeclared, isZip, readZipDirectory } from './zip-directory';

/** A cell as read: text (CSV, text cells), a number (numeric and date cells of a workbook), a boolean, or empty. */
export type Cell = string | number | boolean | null;

export interface ImportTable {
  format: ImportFormat;
  /** The header row's cells, as text. */
  headers: string[];
  /** Data rows that are not blank, with their row number in the file (the header is row 1 when it is the first). */
  rows: Array<{ line: number; cells: Cell[] }>;
  /** Workbook dates count from 1904 (old Mac Excel) rather than 1900. */
  date1904: boolean;
  /** The header's row number: 1, or further down below a title (the first row naming enough known columns). */
  headerLine?: number;
  /** Totals and summary rows after the data (TOTALE, a lone count), left out: their row numbers. */
  summaryLines?: number[];
  /** Blank rows after the header, left out. */
  blankRows?: number;
  /** The header was the row the request chose (headerLine), not the one detected. */
  headerChosen?: boolean;
  /**
   * The first non-blank rows of the file from its top (at most HEADER_ROW_SEARCH, cells as text, 30 columns at
   * most): what the preview shows to choose the header row from.
   */
  topLines?: Array<{ line: number; cells: string[] }>;
}

/** How to read the file beyond the limits: the header row the user chose (its row number in the file), if any. */
export interface ReadOptions {
  headerLine?: number | null;
}

export type { ImportLimits };

/** A refusal of the whole file: the message is the answer's and the `file` field's. */
export const fileRefusal = (message: string) => new ValidationError({ file: message }, message);

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Reads `content` within `limits` (the documented IMPORT_LIMITS unless a test narrows them). */
export async function readImportFile(content: Buffer, limits: ImportLimits = IMPORT_LIMITS, options: ReadOptions = {}): Promise<ImportTable> {
  if (content.length === 0) throw fileRefusal(IMPORT_MSG.emptyFile);
  if (content.length > limits.maxBytes) throw fileRefusal(IMPORT_MSG.tooLarge);

  let table: ImportTable;
  if (isZip(content)) table = await readInWorker(content, zipFormat(content, limits), limits, options);
  else if (content.subarray(0, 8).equals(OLE2)) table = await readInWorker(content, 'xls', limits, options);
  else if (await fileTypeFromBuffer(content)) throw fileRefusal(IMPORT_MSG.unsupportedFormat);
  else if (content.length > CSV_IN_THREAD_BYTES) table = await readInWorker(content, 'csv', limits, options);
  else table = (await readCsvInTurns(content, limits, options)) ?? (await readInWorker(content, 'csv', limits, options));

  if (!table.headers.some((h) => h.trim() !== '')) throw fileRefusal(IMPORT_MSG.emptyFile);
  if (table.rows.length === 0) throw fileRefusal(IMPORT_MSG.headersOnly);
  if (table.rows.length > limits.maxRows) throw fileRefusal(IMPORT_MSG.tooManyRows(limits.maxRows));
  return table;
}

const isBlank = (cells: readonly Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

const text = (c: Cell) => (c === null ? '' : String(c).trim());
const SUMMARY_WORD = /^(totale|totali|tot\.?|somma|riepilogo|subtotale)\b/i;
const NUMERIC = /^[\d.,\s]+$/;

/** A row after the data that sums it up: a TOTALE (or similar) label, or nothing but numbers. */
function isSummary(cells: readonly Cell[]): boolean {
  const filled = cells.filter((c) => text(c) !== '');
  if (filled.some((c) => typeof c === 'string' && SUMMARY_WORD.test(c.trim()))) return true;
  return filled.length > 0 && filled.every((c) => typeof c === 'number' || NUMERIC.test(text(c)));
}

/** Columns of a top row the preview shows (a wider sheet is cut there: enough to tell the header). */
const TOP_LINE_CELLS = 30;

/**
 * The header is the row the user chose (`headerLine`, one of the first HEADER_ROW_SEARCH non-blank rows), else the
 * first row, among those, naming enough known columns (a title row above it, "Elenco tesserati 2025/26", names
 * none); without one, the first non-blank row. Blank rows after it are skipped (their numbers are kept by the
 * others), and so are totals rows after the last row of data.
 */
function tableOf(format: ImportFormat, lines: Array<{ line: number; cells: Cell[] }>, date1904 = false, headerLine?: number | null): ImportTable {
  const filled = lines.flatMap((l, i) => (isBlank(l.cells) ? [] : [i]));
  if (!filled.length) return { format, headers: [], rows: [], date1904 };
  const candidates = filled.slice(0, HEADER_ROW_SEARCH);
  const topLines = candidates.map((i) => ({ line: lines[i].line, cells: lines[i].cells.slice(0, TOP_LINE_CELLS).map(text) }));
  let first: number;
  if (headerLine != null) {
    const chosen = candidates.find((i) => lines[i].line === headerLine);
    if (chosen === undefined) throw new ValidationError({ headerLine: IMPORT_MSG.headerLineInvalid }, IMPORT_MSG.headerLineInvalid);
    first = chosen;
  } else first = candidates.find((i) => lines[i].cells.filter((c) => isKnownHeader(text(c))).length >= HEADER_ROW_MIN_KNOWN) ?? filled[0];
  const headers = lines[first].cells.map(text);
  const after = lines.slice(first + 1);
  const rows = after.filter((l) => !isBlank(l.cells));
  const summaryLines: number[] = [];
  while (rows.length && isSummary(rows[rows.length - 1].cells)) summaryLines.unshift(rows.pop()!.line);
  // Blank rows past the last row of data are the sheet's empty tail, not worth a word; those among the data are.
  const lastData = rows.length ? rows[rows.length - 1].line : 0;
  const blankRows = after.filter((l) => isBlank(l.cells) && l.line < lastData).length;
  return { format, headers, rows, date1904, headerLine: lines[first].line, headerChosen: headerLine != null, summaryLines, blankRows, topLines };
}

// ---- workbooks ----

/**
 * CSV files larger than this are parsed in the worker: 100,000 rows (15 MB) held the event loop for seconds on a
 * loaded machine, and a 1,000,000-row file is parsed whole before it is refused. Smaller ones (up to ~35,000 rows of
 * a club's list) are parsed here a chunk per turn of the event loop (readCsvInTurns): a worker loading the
 * TypeScript toolchain took 0.3-1 s to start, a sixth of a 10,000-row import on PGlite (docs/benchmarks.md, "Import").
 */
export const CSV_IN_THREAD_BYTES = 4 * 1024 * 1024;

/** The worker that parses workbooks and large CSV files (workbook-worker.ts; bundled by the build: lib/worker-script). */
const WORKER_SOURCE = new URL('./workbook-worker.ts', import.meta.url);

export type WorkbookAnswer = { table: ImportTable } | { refusal: string; field: string };
export type WorkerFormat = 'csv' | 'xls' | 'xlsx' | 'ods';

/**
 * Parses a file in a worker thread with a capped heap: SheetJS holds ~500 MB and 5-6 s of CPU for 100,000
 * rows, which on the main thread would stop every other request; a file needing more than the cap ends the
 * worker (refused with workbookTooHeavy), not the server.
 */
function readInWorker(content: Buffer, format: WorkerFormat, limits: ImportLimits, options: ReadOptions): Promise<ImportTable> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const script = workerScript(WORKER_SOURCE);
    const worker = new Worker(script.url, {
      workerData: { content, format, limits, options },
      execArgv: script.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb ?? IMPORT_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    worker.once('message', (answer: WorkbookAnswer) => {
      settle(() => ('table' in answer ? resolve(answer.table) : reject(new ValidationError({ [answer.field]: answer.refusal }, answer.refusal))));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? fileRefusal(format === 'csv' ? IMPORT_MSG.csvTooHeavy : IMPORT_MSG.workbookTooHeavy) : error)),
    );
    worker.once('exit', () => settle(() => reject(fileRefusal(IMPORT_MSG.corruptWorkbook))));
  });
}

/**
 * A zip's workbook format from its directory: xl/workbook.xml is xlsx, content.xml with an OpenDocument manifest
 * is ods (LibreOffice's own); anything else is refused by readWorkbook's check (as xlsx).
 */
function zipFormat(content: Buffer, limits: ImportLimits): 'xlsx' | 'ods' {
  const directory = readZipDirectory(content, limits.maxZipEntries);
  const names = directory && !('tooManyEntries' in directory) ? directory.names : [];
  return !names.includes('xl/workbook.xml') && names.includes('content.xml') && names.includes('META-INF/manifest.xml') ? 'ods' : 'xlsx';
}

/** Reads a workbook on the calling thread: what workbook-worker.ts runs. */
export function readWorkbook(content: Buffer, format: 'xls' | 'xlsx' | 'ods', limits: ImportLimits, options: ReadOptions = {}): ImportTable {
  if (format === 'xlsx' || format === 'ods') {
    const directory = readZipDirectory(content, limits.maxZipEntries);
    if (!directory) throw fileRefusal(IMPORT_MSG.corruptWorkbook);
    if ('tooManyEntries' in directory || directory.uncompressedBytes > limits.maxUncompressedBytes) throw fileRefusal(IMPORT_MSG.zipBomb);
    // A zip that is no workbook (a renamed .zip, .docx) is not read as one.
    if (!directory.names.includes(format === 'xlsx' ? 'xl/workbook.xml' : 'content.xml')) throw fileRefusal(IMPORT_MSG.unsupportedFormat);
    // Entries inflating past their declared size (a directory that lies) would get past the caps above.
    if (!inflatesWithinDeclared(content, directory)) throw fileRefusal(IMPORT_MSG.zipBomb);
  }
  // One row past the cap (after the header) is enough to know the file is over it.
  const sheetRows = limits.maxRows + 2;
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(content, { type: 'buffer', dense: true, sheetRows, cellDates: false, cellFormula: false, cellHTML: false, cellText: false, cellStyles: false });
  } catch {
    throw fileRefusal(IMPORT_MSG.corruptWorkbook);
  }
  const sheet = workbook.SheetNames.length ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw fileRefusal(IMPORT_MSG.corruptWorkbook);
  const date1904 = !!workbook.Workbook?.WBProps?.date1904;
  const ref = sheet['!ref'];
  if (!ref) return { format, headers: [], rows: [], date1904 };
  // Rows past sheetRows were left unread: the sheet's full range says how many there were.
  const fullRef = sheet['!fullref'] as string | undefined;
  const full = fullRef ? XLSX.utils.decode_range(fullRef) : null;
  if (full && full.e.r - full.s.r + 1 > sheetRows) throw fileRefusal(IMPORT_MSG.tooManyRows(limits.maxRows));
  const start = XLSX.utils.decode_range(ref).s.r;
  const matrix = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  return tableOf(
    format,
    matrix.map((cells, i) => ({ line: start + i + 1, cells: cells.map(cellOf) })),
    date1904,
    options.headerLine,
  );
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return null;
}

// ---- CSV ----

function decodeText(content: Buffer): string {
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) return new TextDecoder('utf-8').decode(content.subarray(3));
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff) return new TextDecoder('utf-16be').decode(content.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    // Not UTF-8: what Italian Excel writes as "CSV (separato dal separatore di elenco)".
    return new TextDecoder('windows-1252').decode(content);
  }
}

/**
 * The separator of the header line: `;`, `,` or tab, whichever it holds most (outside quotes). Papaparse's own guess
 * needs several consistent rows and falls back to `,` on a short file, which would read an Italian `;` file as one column.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, 65_536).split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const unquoted = header.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => ({ d, n: unquoted.split(d).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best)).d;
}

/** The file's text, refused if it holds bytes no text has. */
function csvText(content: Buffer): string {
  const text = decodeText(content);
  // Text never holds NUL or other C0 controls but tab and line ends: such bytes are a binary file with a text name.
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw fileRefusal(IMPORT_MSG.unsupportedFormat);
  return text;
}

/** The table of the parsed records (a record's number is its line: the header is 1 when it is the first). */
function csvTable(records: string[][], quoteError: boolean, limits: ImportLimits, options: ReadOptions): ImportTable {
  // An unclosed quote swallows the rest of the file into one cell: refuse rather than import half of it.
  if (quoteError) throw fileRefusal(IMPORT_MSG.unreadableText);
  const table = tableOf(
    'csv',
    records.map((cells, i) => ({ line: i + 1, cells })),
    false,
    options.headerLine,
  );
  if (table.rows.length > limits.maxRows) throw fileRefusal(IMPORT_MSG.tooManyRows(limits.maxRows));
  return table;
}

/** Reads a CSV file in one go on the calling thread: the worker's, past CSV_IN_THREAD_BYTES. */
export function readCsv(content: Buffer, limits: ImportLimits, options: ReadOptions = {}): ImportTable {
  const text = csvText(content);
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: false });
  return csvTable(parsed.data, parsed.errors.some((e) => e.type === 'Quotes'), limits, options);
}

/** Characters Papaparse reads per turn of the event loop: a few milliseconds of work. */
export const CSV_CHUNK_CHARS = 128 * 1024;
/**
 * Cells a file parsed here may hold: past them it goes to the worker, whose capped heap refuses a file too heavy to
 * read (4 MB of empty cells are millions of them).
 */
export const CSV_IN_THREAD_CELLS = 2_000_000;

/**
 * Reads a CSV file on this thread as readCsv does, `chunkChars` at a time with a turn of the event loop between the
 * chunks (Papaparse's chunk mode, paused and resumed). Answers null for a file of more than CSV_IN_THREAD_CELLS cells.
 */
export async function readCsvInTurns(content: Buffer, limits: ImportLimits, options: ReadOptions = {}, chunkChars = CSV_CHUNK_CHARS): Promise<ImportTable | null> {
  const text = csvText(content);
  const records: string[][] = [];
  let quoteError = false;
  let cells = 0;
  let tooHeavy = false;
  const delimiter = delimiterOf(text);
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(text, {
      delimiter,
      skipEmptyLines: false,
      // Guessed from each chunk, a chunk without a line end (or ending between \r and \n) read CRLF as \n: the
      // guess Papaparse makes of the whole file (from its first MB), once.
      newline: Papa.parse(text.slice(0, 1024 * 1024), { delimiter, preview: 1 }).meta.linebreak as '\r\n' | '\n' | '\r',
      chunkSize: chunkChars,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        for (const record of results.data) {
          records.push(record);
          cells += record.length;
        }
        // An error of the chunk's unfinished last record is not one: it is read again whole with the next chunk.
        if (results.errors.some((e) => e.type === 'Quotes' && (e.row ?? 0) < results.data.length)) quoteError = true;
        if (cells > CSV_IN_THREAD_CELLS) {
          tooHeavy = true;
          parser.abort();
          return;
        }
        parser.pause();
        setImmediate(() => {
          try {
            parser.resume();
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
      complete: () => resolve(),
    });
  });
  if (tooHeavy) return null;
  await new Promise((resolve) => setImmediate(resolve));
  return csvTable(records, quoteError, limits, options);
}
