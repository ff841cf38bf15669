// Formula injection: what the exports write and what the import reads back (schema/spreadsheet-cells.ts).
import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell } from '../../../schema/spreadsheet-cells';
import { ERROR_FILE_COLUMNS } from '../../../schema/import-columns';
import { csvCell } from '../../../server/lib/csv';
import { errorFile } from '../../../server/modules/imports/import-error-file';

describe('neutraliseCell / restoreCell', () => {
  it('prefixes an apostrophe to what would start a formula, and restores it', () => {
    for (const text of ['=1+2', '=HYPERLINK("http://x","clic")', '+39 333 1234567', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutraliseCell(text), text).toBe(`'${text}`);
      expect(restoreCell(neutraliseCell(text)), text).toBe(text);
    }
  });

  it('leaves plain text, normalised phone numbers and a lone apostrophe as they are', () => {
    for (const text of ['Mario', '', '+393331234567', "L'Aquila", "'ciao", '3=3', 'a-b']) {
      expect(neutraliseCell(text), text).toBe(text);
      expect(restoreCell(text), text).toBe(text);
    }
  });

  it('the CSV writer neutralises through it, then quotes', () => {
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
    expect(csvCell('+393331234567')).toBe('+393331234567');
  });
});

describe("the import's error file", () => {
  it("neutralises every cell it writes back: the file's own headers and cells, numbers and the error columns", async () => {
    const file = await errorFile('athlete', ['Nome', '=INTESTAZIONE()', 'Saldo'], { columns: [], fallbacks: [], ignored: ['Nome', '=INTESTAZIONE()', 'Saldo'] }, [
      { line: 2, cells: ['@Mario', '=1+2', -5], errors: [{ row: 2, column: '+Colonna', field: null, message: 'Nome obbligatorio' }] },
    ], false);
    const lines = file.content.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      `Nome;'=INTESTAZIONE();Saldo;${ERROR_FILE_COLUMNS.join(';')}`,
      `'@Mario;'=1+2;'-5;2;'+Colonna;Nome obbligatorio`,
      '',
    ]);
  });
});
