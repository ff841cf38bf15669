// Formula injection: what the exports write and what the import reads back (schema/spreadsheet-cells.ts).
import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell } from '../../../schema/spreadsheet-cells';
import { csvCell } from '../../../server/lib/csv';

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
