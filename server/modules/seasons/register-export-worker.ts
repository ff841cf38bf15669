// The worker thread that lays out the libro soci PDF (register-export.service.ts starts one per download with a
// capped heap): pdfmake needs about a second of CPU per thousand members, which on the main thread would stop
// every other request (and /healthz) for the whole time.
import { parentPort, workerData } from 'node:worker_threads';
import { renderRegisterPdf, type RegisterDocument } from './register-export-document';

const bytes = new Uint8Array(await renderRegisterPdf(workerData as RegisterDocument));
parentPort!.postMessage(bytes, [bytes.buffer]);
