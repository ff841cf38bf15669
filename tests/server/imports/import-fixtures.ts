// Files for the import tests: CSV text in the encodings clubs send, workbooks written with @e965/xlsx (the library
// the server reads them with), and hand-made zips (a zip bomb, too many entries) for the guards that run before any
// workbook library opens the file.
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { taxCode } from '../../../scripts/seed/fake-people';
import type { UploadedFile } from '../../../server/modules/files/files.service';

export type Rows = ReadonlyArray<ReadonlyArray<string | number | null>>;

/** CSV text: `;` separated by default (Italian Excel), CRLF line ends, cells quoted when needed. */
export function csvText(rows: Rows, separator = ';'): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[";,\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(separator)).join('\r\n') + '\r\n';
}

export const csvFile = (rows: Rows, { separator = ';', bom = false, filename = 'persone.csv' } = {}): UploadedFile => ({
  filename,
  mimeType: 'text/csv',
  content: Buffer.from((bom ? '\uFEFF' : '') + csvText(rows, separator), 'utf8'),
});

/** Windows-1252 bytes (what Italian Excel's plain "CSV" writes): accented letters are one byte each. */
export function windows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else if (ch === '€') bytes.push(0x80);
    else throw new Error(`not in the test's Windows-1252 subset: ${ch}`);
  }
  return Buffer.from(bytes);
}

/** A workbook of one sheet holding `rows` (first row the header); `sheets` adds more after it. */
export function workbook(rows: Rows, bookType: 'xlsx' | 'xls' = 'xlsx', sheets: Record<string, Rows> = {}): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows as unknown[][]), 'Persone');
  for (const [name, more] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(more as unknown[][]), name);
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

export const xlsxFile = (rows: Rows, filename = 'persone.xlsx'): UploadedFile => ({ filename, mimeType: 'application/octet-stream', content: workbook(rows) });

/** A zip of these entries, deflated (or stored), with a correct central directory. */
export function zip(entries: ReadonlyArray<{ name: string; data: Buffer; compressed?: Buffer; crc?: number; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.compressed ?? deflateRawSync(entry.data);
    const crc = entry.crc ?? crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    const declared = entry.declaredSize ?? entry.data.length;
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A zip bomb dressed as a workbook: a few hundred KB on disk, `megabytes` MB once inflated (sheets of zeros that
 * deflate about 1000 to 1).
 */
export function zipBomb(megabytes = 300): Buffer {
  const chunk = Buffer.alloc(10 * 1024 * 1024);
  const compressed = deflateRawSync(chunk, { level: 9 });
  const crc = crc32(chunk);
  const sheets = Array.from({ length: Math.ceil(megabytes / 10) }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: chunk, compressed, crc }));
  return zip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }, ...sheets]);
}

/** A zip bomb whose directory lies: every sheet declares 1 KB and inflates to 10 MB. */
export function lyingZipBomb(megabytes = 300): Buffer {
  const chunk = Buffer.alloc(10 * 1024 * 1024);
  const compressed = deflateRawSync(chunk, { level: 9 });
  const crc = crc32(chunk);
  const sheets = Array.from({ length: Math.ceil(megabytes / 10) }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: chunk, compressed, crc, declaredSize: 1024 }));
  return zip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }, ...sheets]);
}

/**
 * A valid codice fiscale (check character included), distinct for each seed: a birth date per seed from 1950 on,
 * born in Roma; the same as the demo data's builder (scripts/seed/fake-people.ts).
 */
export function validTaxCode(seed: number, lastname = 'Prova', firstname = 'Dato'): string {
  return taxCode(firstname, lastname, seed % 2 ? 1 : 2, new Date(Date.UTC(1950, 0, 1) + seed * 86_400_000), 'Roma', 'RM');
}
