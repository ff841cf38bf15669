// A file whose header row (detected, or the one chosen) lacks a mandatory column: a ValidationError that also
// carries the rows from the top of the file, so the preview can offer them to choose the header row from.
import { ValidationError } from '../../lib/errors';

export interface TopLine {
  line: number;
  cells: string[];
}

export class ImportHeaderError extends ValidationError {
  constructor(
    message: string,
    /** The row read as the header. */
    readonly headerLine: number,
    /** The first non-blank rows of the file (ImportTable.topLines). */
    readonly topLines: TopLine[],
  ) {
    super({ file: message }, message);
  }
}
