// Writing an export: a header row, then rows added chunk by chunk, as CSV (UTF-8 with BOM, `;`, CRLF: what Italian
// Excel opens as columns, server/lib/csv.ts) or XLSX (SheetJS, xlsx only: its .xls writer exploded past 15 GB at
// 65k rows, STACK.md). Text cells are neutralised against formula injection in both formats
// (schema/spreadsheet-cells.ts); the import restores them. Dates are written as the template asks: gg/mm/aaaa text
// in CSV, real date cells formatted dd/mm/yyyy in XLSX (an Excel serial, which the import reads back exactly).
// An XLSX is built in a worker thread (xlsx-export-worker.ts): compressing it is seconds of CPU for a large list.
import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { neutraliseCell } from '../../../schema/spreadsheet-cells';
import { CSV_BOM, CSV_DELIMITER, csvCell, csvRow } from '../../lib/csv';
import { ValidationError } from '../../lib/errors';
import { workerScript } from '../../lib/worker-script';

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

/** An export being written: `add` each chunk of rows, then `finish` for the file's bytes; `close` if abandoned. */
export interface ExportWriter {
  add(rows: ReadonlyArray<readonly ExportCell[]>): void;
  finish(): Promise<Buffer>;
  close(): void;
}

/**
 * A cell as CSV: text quoted and neutralised (csvCell); a number as a number, never neutralised (a refund's -50 is
 * no formula), with the decimal comma Italian Excel reads (so quoted: "160,50").
 */
const csvCellOf = (cell: ExportCell): string =>
  typeof cell === 'number' ? (Number.isInteger(cell) ? String(cell) : `"${String(cell).replace('.', ',')}"`) : csvCell(csvText(cell));

function csvWriter(headers: readonly string[]): ExportWriter {
  const parts: string[] = [CSV_BOM + csvRow([...headers])];
  return {
    add: (rows) => void parts.push(rows.map((r) => `${r.map(csvCellOf).join(CSV_DELIMITER)}\r\n`).join('')),
    finish: () => Promise.resolve(Buffer.from(parts.join(''), 'utf8')),
    close: () => void (parts.length = 0),
  };
}

/** The sheet of an XLSX export, as the worker builds it (rows added chunk by chunk, then written). */
export function buildXlsxSheet(headers: readonly string[], sheetName: string) {
  const sheet = XLSX.utils.aoa_to_sheet([headers.map((h) => neutraliseCell(h))], { dense: true });
  let next = 1;
  return {
    add(rows: ReadonlyArray<readonly ExportCell[]>) {
      // Cells as objects (null = no cell): SheetJS keeps them as given.
      XLSX.utils.sheet_add_aoa(sheet, rows.map((r) => r.map((c) => xlsxCell(c) ?? undefined)), { origin: { r: next, c: 0 } });
      next += rows.length;
    },
    finish(): Buffer {
      // The range covers every written row and every column, blank trailing cells included.
      sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, next - 1), c: Math.max(0, headers.length - 1) } });
      sheet['!cols'] = headers.map((h) => ({ wch: Math.max(12, h.length + 2) }));
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    },
  };
}

/** What the XLSX worker is sent: a chunk of rows, or the order to write the file. */
export type XlsxExportMessage = { rows: ReadonlyArray<readonly ExportCell[]> } | { finish: true };

// Bundled by the build, else run through tsx as the server is (lib/worker-script).
const XLSX_WORKER_SOURCE = new URL('./xlsx-export-worker.ts', import.meta.url);
/** The worker's heap: 100,000 rows of the widest list need ~400 MB; a list needing more is refused, not the server. */
const XLSX_WORKER_HEAP_MB = 1024;

export const EXPORT_FILE_MSG = {
  tooHeavy: 'Questo elenco è troppo grande per un file Excel: esportalo in CSV, oppure restringi la ricerca o i filtri.',
} as const;

function xlsxWriter(headers: readonly string[], sheetName: string, heapMb = XLSX_WORKER_HEAP_MB): ExportWriter {
  const script = workerScript(XLSX_WORKER_SOURCE);
  const worker = new Worker(script.url, {
    workerData: { headers: [...headers], sheetName },
    execArgv: script.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
    stdout: false,
    stderr: false,
  });
  // The worker's end, however it comes (answer, crash, out of memory): settled once, and the worker never outlives it.
  const done = new Promise<Buffer>((resolve, reject) => {
    worker.once('message', (bytes: Uint8Array) => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    worker.once('error', (error: Error & { code?: string }) =>
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ValidationError({ format: EXPORT_FILE_MSG.tooHeavy }, EXPORT_FILE_MSG.tooHeavy) : error),
    );
    worker.once('exit', () => reject(new Error('the XLSX export worker ended without an answer')));
  });
  done.catch(() => undefined).finally(() => void worker.terminate());
  return {
    add: (rows) => worker.postMessage({ rows } satisfies XlsxExportMessage),
    finish: () => {
      worker.postMessage({ finish: true } satisfies XlsxExportMessage);
      return done;
    },
    close: () => void worker.terminate(),
  };
}

export function exportWriter(format: ExportFormat, headers: readonly string[], sheetName: string, options: { xlsxHeapMb?: number } = {}): ExportWriter {
  return format === 'csv' ? csvWriter(headers) : xlsxWriter(headers, sheetName, options.xlsxHeapMb);
}
