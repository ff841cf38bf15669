// The worker thread that parses an import's workbook (read-import-file.ts starts it with a capped heap): answers the
// table, or the Italian refusal of a file it cannot read. Nothing else runs here.
import { parentPort, workerData } from 'node:worker_threads';
import { ValidationError } from '../../lib/errors';
import { readWorkbook, type ImportLimits, type WorkbookAnswer } from './read-import-file';

const { content, format, limits } = workerData as { content: Uint8Array; format: 'xls' | 'xlsx'; limits: ImportLimits };

let answer: WorkbookAnswer;
try {
  answer = { table: readWorkbook(Buffer.from(content.buffer, content.byteOffset, content.byteLength), format, limits) };
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  answer = { refusal: error.message };
}
parentPort!.postMessage(answer);
