// Reading import files: the type from the content (never the name), CSV encodings and separators, workbooks made
// with @e965/xlsx, the caps checked before anything is inflated (zip bomb, entry count, size, rows), and the
// header mapping and cell conversions (dates, gender) the rows then go through.
import { describe, expect, it } from 'vitest';
import { columnForHeader, csvTemplate, importColumns, IMPORT_LIMITS, IMPORT_MSG, normalizeHeader } from '../../../schema/import-columns';
import { PERSON_KINDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { ValidationError } from '../../../server/lib/errors';
import { dateValue, genderValue, mapColumns, rawRow, validateRow } from '../../../server/modules/imports/import-rows';
import { CSV_IN_THREAD_CELLS, readCsv, readCsvInTurns, readImportFile } from '../../../server/modules/imports/read-import-file';
import { pdf, png } from '../files/fixtures';
import { csvText, lyingZipBomb, windows1252, workbook, zip, zipBomb } from './import-fixtures';

const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Data di nascita', 'Telefono'];

/** The Italian message a file is refused with. */
async function refusal(content: Buffer, limits = IMPORT_LIMITS): Promise<string> {
  try {
    await readImportFile(content, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.file).toBe((error as ValidationError).message);
    return (error as ValidationError).message;
  }
  throw new Error('the file was read');
}

describe('columns of each kind', () => {
  it('put first name, last name and tax code first, as mandatory, with Italian headers', () => {
    for (const kind of PERSON_KINDS) {
      const columns = importColumns(kind);
      expect(columns.slice(0, 3).map((c) => [c.header, c.mandatory])).toEqual([
        ['Nome', true],
        ['Cognome', true],
        ['Codice fiscale', true],
      ]);
      expect(columns.slice(3).every((c) => !c.mandatory)).toBe(true);
    }
  });

  it('never give two columns of a kind the same header, key or synonym', () => {
    for (const kind of PERSON_KINDS) {
      const names = importColumns(kind).flatMap((c) => [...new Set([c.header, c.key, ...c.synonyms].map(normalizeHeader))]);
      expect(names.filter((n, i) => names.indexOf(n) !== i), kind).toEqual([]);
    }
  });

  it('map Italian and English headers whatever their case, accents, spaces and punctuation', () => {
    expect(columnForHeader('athlete', '  CODICE FISCALE ')?.key).toBe('taxIdCode');
    expect(columnForHeader('athlete', 'C.F.')?.key).toBe('taxIdCode');
    expect(columnForHeader('athlete', 'tax_id_code')?.key).toBe('taxIdCode');
    expect(columnForHeader('athlete', 'Citta')?.key).toBe('city');
    expect(columnForHeader('athlete', 'Città')?.key).toBe('city');
    expect(columnForHeader('athlete', 'Date of birth')?.key).toBe('birthday');
    expect(columnForHeader('athlete', 'Surname')?.key).toBe('lastname');
    expect(columnForHeader('athlete', 'E-mail')?.key).toBe('emailPrimary');
    expect(columnForHeader('member', 'N. tessera')?.key).toBe('membershipNumber');
    expect(columnForHeader('coach', 'Ruolo')?.key).toBe('coachRole');
    expect(columnForHeader('staff', 'Ruolo')).toBeNull();
    expect(columnForHeader('athlete', 'Colonna inventata')).toBeNull();
  });

  it('make the CSV template of each kind: its headers, `;` separated, with a BOM', () => {
    expect(csvTemplate('voluntary')).toBe(`\uFEFF${importColumns('voluntary').map((c) => c.header).join(';')}\r\n`);
    expect(csvTemplate('athlete')).toContain('Scadenza visita medica');
    expect(csvTemplate('member')).toContain('Numero tessera');
  });
});

describe('reading a file', () => {
  const rows = [HEADER, ['Nicolò', 'Rossi', 'RSSNCL90A01H501F', 'M', '01/02/1990', '+39 333 123 4567']];

  it('reads CSV in UTF-8 with and without BOM, comma or semicolon', async () => {
    for (const [text, bom] of [
      [csvText(rows, ';'), ''],
      [csvText(rows, ','), ''],
      [csvText(rows, ';'), '\uFEFF'],
      [csvText(rows, '\t'), '\uFEFF'],
    ] as const) {
      const table = await readImportFile(Buffer.from(bom + text, 'utf8'));
      expect(table.format).toBe('csv');
      expect(table.headers).toEqual(HEADER);
      expect(table.rows).toEqual([{ line: 2, cells: rows[1] }]);
    }
  });

  it('reads Windows-1252 CSV (Italian Excel) with its accents', async () => {
    const table = await readImportFile(windows1252(csvText([['Nome', 'Cognome', 'Codice fiscale', 'Città'], ['Nicolò', 'Perché', 'RSSNCL90A01H501F', 'Forlì']])));
    expect(table.headers[3]).toBe('Città');
    expect(table.rows[0].cells).toEqual(['Nicolò', 'Perché', 'RSSNCL90A01H501F', 'Forlì']);
  });

  it('skips blank rows and keeps the others\' row numbers', async () => {
    const table = await readImportFile(Buffer.from(csvText([HEADER, rows[1], ['', '', '', '', '', ''], rows[1]])));
    expect(table.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('reads xlsx and xls workbooks made with @e965/xlsx, whatever the file is named', async () => {
    const sheet = [HEADER, ['Anna', 'Verdi', 'VRDNNA85C41F205T', 2, 31048, 3331234567]];
    for (const bookType of ['xlsx', 'xls'] as const) {
      const table = await readImportFile(workbook(sheet, bookType));
      expect(table.format).toBe(bookType);
      expect(table.headers).toEqual(HEADER);
      expect(table.rows).toEqual([{ line: 2, cells: sheet[1] }]);
    }
  });

  it('reads the first sheet of a workbook (an instructions sheet after it is ignored)', async () => {
    const table = await readImportFile(workbook([HEADER, rows[1]], 'xlsx', { Istruzioni: [['Compila il primo foglio']] }));
    expect(table.rows).toHaveLength(1);
  });

  it('refuses no content, headers only and a blank file', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe(IMPORT_MSG.emptyFile);
    expect(await refusal(Buffer.from('\r\n;;;\r\n;;;\r\n'))).toBe(IMPORT_MSG.emptyFile);
    expect(await refusal(Buffer.from(' \r\n\r\n'))).toBe(IMPORT_MSG.emptyFile);
    expect(await refusal(Buffer.from(csvText([HEADER])))).toBe(IMPORT_MSG.headersOnly);
    expect(await refusal(workbook([HEADER]))).toBe(IMPORT_MSG.headersOnly);
    expect(await refusal(workbook([]))).toBe(IMPORT_MSG.emptyFile);
  });

  it('refuses a renamed binary (a PDF or an image called .csv) and a zip that is no workbook', async () => {
    expect(await refusal(pdf())).toBe(IMPORT_MSG.unsupportedFormat);
    expect(await refusal(png())).toBe(IMPORT_MSG.unsupportedFormat);
    expect(await refusal(Buffer.concat([Buffer.from('Nome;Cognome\r\n'), Buffer.from([0, 1, 2, 3])]))).toBe(IMPORT_MSG.unsupportedFormat);
    expect(await refusal(zip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toBe(IMPORT_MSG.unsupportedFormat);
  });

  it('refuses a corrupt workbook: a truncated xlsx, an xlsx with broken parts, an OLE2 file of garbage', async () => {
    const good = workbook([HEADER, rows[1]]);
    expect(await refusal(good.subarray(0, Math.floor(good.length / 2)))).toBe(IMPORT_MSG.corruptWorkbook);
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]);
    expect(await refusal(ole2)).toBe(IMPORT_MSG.corruptWorkbook);
    const broken = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types') },
      { name: 'xl/workbook.xml', data: Buffer.from('<<<non è xml') },
    ]);
    expect(await refusal(broken)).toBe(IMPORT_MSG.corruptWorkbook);
  });

  it('refuses a zip bomb from its central directory, before inflating anything', async () => {
    const bomb = zipBomb(300);
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const before = process.memoryUsage().rss;
    expect(await refusal(bomb)).toBe(IMPORT_MSG.zipBomb);
    // 300 MB were never inflated.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a zip bomb whose directory lies about its sizes, inflating no entry past what it declares', async () => {
    const bomb = lyingZipBomb(300);
    const before = process.memoryUsage().rss;
    expect(await refusal(bomb)).toBe(IMPORT_MSG.zipBomb);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a workbook of too many zip entries', async () => {
    const entries = Array.from({ length: IMPORT_LIMITS.maxZipEntries + 1 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: Buffer.from('x') }));
    expect(await refusal(zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }, ...entries]))).toBe(IMPORT_MSG.zipBomb);
  });

  it('refuses a file over the size cap and more rows than the cap, in CSV and in a workbook', async () => {
    expect(await refusal(Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x41))).toBe(IMPORT_MSG.tooLarge);
    expect(IMPORT_MSG.tooLarge).toContain('20 MB');
    const limits = { ...IMPORT_LIMITS, maxRows: 3 };
    const many = (n: number) => [HEADER, ...Array.from({ length: n }, () => rows[1])];
    expect((await readImportFile(Buffer.from(csvText(many(3))), limits)).rows).toHaveLength(3);
    expect(await refusal(Buffer.from(csvText(many(4))), limits)).toBe(IMPORT_MSG.tooManyRows(3));
    expect((await readImportFile(workbook(many(3)), limits)).rows).toHaveLength(3);
    expect(await refusal(workbook(many(50)), limits)).toBe(IMPORT_MSG.tooManyRows(3));
  });

  it('reads CSV in turns exactly as in one go, whatever chunk a quoted field, a line end or a blank row falls on', async () => {
    const files = [
      'Nome;Cognome;Note\r\nAnna;Rossi;"una; due\r\ntre"\r\n\r\nLuca;"Dell\'Acqua ""Gigi""";\r\n;;\r\nTOTALE;2;\r\n',
      'Nome,Cognome\nAnna,Rossi\n\n\nBea,"Bianchi\nseconda riga"\nCarlo,Verdi',
      'Elenco tesserati 2025/26\rNome\tCognome\tCodice fiscale\rAnna\tRossi\tRSSNNA80A41H501X\r',
      '\ufeffNome;Cognome\r\n"Anna";"Rossi"\r\n"Bea";""\r\n',
      'Nome;Cognome\r\nAnna;"Rossi\r\nBea;Bianchi\r\n',
      'a;b\r\nx"y;"z"w\r\n"q""";r\r\n',
    ];
    // And files of random pieces: quotes, doubled quotes, separators, the three line ends, accents.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pieces = ['Anna', 'b', ';', '"', '""', '\r\n', '\n', '\r', ' ', 'è'];
    for (let f = 0; f < 120; f++) files.push(Array.from({ length: 60 }, () => pieces[Math.floor(random() * pieces.length)]).join(''));
    const outcome = (read: () => unknown) => {
      try {
        return { table: read() };
      } catch (error) {
        return { refusal: (error as Error).message };
      }
    };
    for (const text of files) {
      const content = Buffer.from(text);
      const whole = outcome(() => readCsv(content, IMPORT_LIMITS));
      for (const chunk of [1, 2, 3, 5, 8, 13, 64]) {
        let inTurns: unknown;
        try {
          inTurns = { table: await readCsvInTurns(content, IMPORT_LIMITS, {}, chunk) };
        } catch (error) {
          inTurns = { refusal: (error as Error).message };
        }
        expect(inTurns, `${JSON.stringify(text)} in chunks of ${chunk}`).toEqual(whole);
      }
    }
    // The unclosed quote is refused both ways, and a file of many cells is left to the worker (null here).
    expect(outcome(() => readCsv(Buffer.from(files[4]), IMPORT_LIMITS))).toEqual({ refusal: IMPORT_MSG.unreadableText });
    expect(outcome(() => readCsv(Buffer.from(files[0]), IMPORT_LIMITS))).toHaveProperty('table.rows.length', 2);
    const empties = Buffer.from(`A;B\r\n${';'.repeat(999)}\r\n`.repeat(Math.ceil(CSV_IN_THREAD_CELLS / 1000) + 1));
    expect(await readCsvInTurns(empties, IMPORT_LIMITS)).toBeNull();
  });

  it('answers /healthz-like work between the chunks of a CSV read in turns', async () => {
    const content = Buffer.from(csvText([HEADER, ...Array.from({ length: 5_000 }, () => rows[1])]));
    const events: string[] = [];
    const reading = readCsvInTurns(content, IMPORT_LIMITS, {}, 4_096).then((table) => {
      events.push('read');
      return table;
    });
    setImmediate(() => events.push('another task'));
    expect((await reading)?.rows).toHaveLength(5_000);
    expect(events).toEqual(['another task', 'read']);
  });

  it('says the documented row cap in Italian', () => {
    expect(IMPORT_MSG.tooManyRows(IMPORT_LIMITS.maxRows)).toBe('Il file contiene più di 100.000 righe: dividilo in più file.');
  });
});

describe('cells and rows', () => {
  it('reads dates as gg/mm/aaaa, ISO and Excel serials', () => {
    expect(dateValue('01/02/1990')).toBe('1990-02-01');
    expect(dateValue('1.2.1990')).toBe('1990-02-01');
    expect(dateValue('1990-02-01')).toBe('1990-02-01');
    expect(dateValue('1990-02-01T00:00:00Z')).toBe('1990-02-01');
    expect(dateValue(32905)).toBe('1990-02-01');
    expect(dateValue('32905')).toBe('1990-02-01');
    expect(dateValue(31443, true)).toBe('1990-02-01');
    expect(dateValue('31/02/1990')).toBe('1990-02-31'); // refused by the form's rule, not silently moved
    expect(dateValue('ieri')).toBe('ieri');
    expect(dateValue('')).toBeUndefined();
  });

  it('reads gender as M/F, 1/2, Maschio/Femmina', () => {
    for (const male of ['M', 'm', '1', 1, 'Maschio', 'MASCHIO', 'male']) expect(genderValue(male)).toBe(1);
    for (const female of ['F', 'f', '2', 2, 'Femmina', 'female']) expect(genderValue(female)).toBe(2);
    expect(genderValue('X')).toBe('X');
  });

  it('refuses a file without the mandatory columns, naming them', () => {
    const table = { format: 'csv' as const, headers: ['Nome', 'Email'], rows: [{ line: 2, cells: ['Anna', 'a@b.it'] }], date1904: false };
    expect(() => mapColumns('athlete', table)).toThrow(IMPORT_MSG.missingColumns(['Cognome', 'Codice fiscale']));
  });

  it('recognises a tax-code column by its content when its header is unknown', () => {
    const table = { format: 'csv' as const, headers: ['Nome', 'Cognome', 'Identificativo'], rows: [{ line: 2, cells: ['Anna', 'Verdi', 'vrdnna85c41f205t'] }], date1904: false };
    const mapping = mapColumns('voluntary', table);
    expect(mapping.columns.find((c) => c.column.key === 'taxIdCode')?.header).toBe('Identificativo');
    expect(mapping.ignored).toEqual([]);
  });

  it("validates a row with the person form's rules and Italian messages, naming the file's columns", () => {
    const headers = ['Nome', 'Cognome', 'C.F.', 'Sesso', 'Nato il', 'Cellulare', 'E-mail', 'Colonna inventata'];
    const table = { format: 'csv' as const, headers, rows: [], date1904: false };
    const mapping = mapColumns('athlete', table);
    expect(mapping.ignored).toEqual(['Colonna inventata']);
    const row = (cells: (string | null)[]) => validateRow('athlete', mapping, 7, rawRow(mapping, cells, false), undefined, cells);
    const ok = row(['Anna', 'Verdi', ' vrdnna85c41f205t ', 'F', '01/03/1985', '0039 333-123.4567', 'ANNA@Example.IT', 'x']);
    expect(ok).toMatchObject({ ok: true, input: { profile: { taxIdCode: 'VRDNNA85C41F205T', typeGenderId: 2, birthday: '1985-03-01', phonePrimary: '+393331234567', emailPrimary: 'anna@example.it' } } });
    const bad = row(['', ' ', 'ABC', 'X', `01/01/${new Date().getFullYear() - 1}`, '333 abc', 'non-una-mail', null]);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([
      { row: 7, column: 'Nome', field: 'profile.firstname', message: MSG.firstnameRequired },
      { row: 7, column: 'Cognome', field: 'profile.lastname', message: MSG.lastnameRequired },
      // An invalid value is quoted back as the file wrote it.
      { row: 7, column: 'C.F.', field: 'profile.taxIdCode', message: MSG.withValue(MSG.invalidTaxCode, 'ABC') },
      { row: 7, column: 'Sesso', field: 'profile.typeGenderId', message: MSG.withValue(MSG.genderInvalid, 'X') },
      { row: 7, column: 'Nato il', field: 'profile.birthday', message: MSG.withValue(MSG.minAge, `01/01/${new Date().getFullYear() - 1}`) },
      { row: 7, column: 'E-mail', field: 'profile.emailPrimary', message: MSG.withValue(MSG.emailInvalid, 'non-una-mail') },
      { row: 7, column: 'Cellulare', field: 'profile.phonePrimary', message: MSG.withValue(MSG.phonePrimaryDigits, '333 abc') },
    ]);
  });

  it('asks gender of athletes, coaches and members only, and takes a stored one when the row leaves it blank', () => {
    const table = { format: 'csv' as const, headers: ['Nome', 'Cognome', 'Codice fiscale'], rows: [], date1904: false };
    const raw = () => rawRow(mapColumns('athlete', table), ['Anna', 'Verdi', 'VRDNNA85C41F205T'], false);
    const missing = validateRow('athlete', mapColumns('athlete', table), 2, raw());
    expect(!missing.ok && missing.errors).toEqual([{ row: 2, column: 'Sesso', field: 'profile.typeGenderId', message: MSG.genderRequired }]);
    expect(validateRow('athlete', mapColumns('athlete', table), 2, raw(), 2)).toMatchObject({ ok: true, input: { profile: { typeGenderId: 2 } } });
    expect(validateRow('voluntary', mapColumns('voluntary', table), 2, raw()).ok).toBe(true);
  });
});
