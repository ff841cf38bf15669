// The worker thread that parses an import's workbook or large CSV file (read-import-file.ts starts it with a capped
// heap): answers the table, or the Italian refusal of a file it cannot read. Nothing else runs here.
import { parentPort, workerData } from 'node:worker_threads';
import { ValidationError } from '../../lib/errors';
import { readCsv, readWorkbook, type ImportLimits, type ReadOptions, type WorkbookAnswer, type WorkerFormat } from './read-import-file';

const { content, format, limits, options } = workerData as { content: Uint8Array; format: WorkerFormat; limits: ImportLimits; options: ReadOptions };

let answer: WorkbookAnswer;
try {
  const file = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  answer = { table: format === 'csv' ? readCsv(file, limits, options) : readWorkbook(file, format, limits, options) };
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  answer = { refusal: error.message, field: Object.keys(error.fields ?? {})[0] ?? 'file' };
}
parentPort!.postMessage(answer);
