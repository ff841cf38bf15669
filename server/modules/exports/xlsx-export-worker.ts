// The worker thread that writes an XLSX export (export-file.ts starts it with a capped heap): it receives the
// header, then the rows chunk by chunk, and answers the workbook's bytes. SheetJS needs ~4 s of CPU and ~400 MB to
// compress 100,000 rows: on the main thread that would stop every other request.
import { parentPort, workerData } from 'node:worker_threads';
import { buildXlsxSheet, type XlsxExportMessage } from './export-file';

const { headers, sheetName } = workerData as { headers: string[]; sheetName: string };
const sheet = buildXlsxSheet(headers, sheetName);

parentPort!.on('message', (message: XlsxExportMessage) => {
  if ('rows' in message) {
    sheet.add(message.rows);
    return;
  }
  // A copy of its own (a small Buffer lives in Node's shared pool, which cannot be transferred), handed over whole.
  const bytes = new Uint8Array(sheet.finish());
  parentPort!.postMessage(bytes, [bytes.buffer]);
});
