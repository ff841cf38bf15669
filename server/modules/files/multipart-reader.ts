// Reads a multipart/form-data request into memory within hard limits: the one reader behind both upload faces
// (GraphQL, graphql-multipart.ts; legacy REST, legacy-multipart.ts). Strict on purpose: busboy refuses NUL bytes
// and other control characters in part headers, header lines without a colon and part headers over 16 KB, and
// every such error, a truncated body or a client that goes away settles the promise with one Italian refusal.
// No stream is left without an 'error' listener (an unhandled 'error' event would end the process), and nothing
// reaches a service before the whole body has been read, so a refused request writes nothing.
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import { MSG } from '../../../schema/messages';
import type { UploadedFile } from './files.service';
import { MultipartRefusedError, type UploadRefusal } from './upload-limits';

/** What one request may make the server hold in memory. */
export interface MultipartLimits {
  /** Files accepted; 0 refuses any file part (routes used without a session). */
  files: number;
  /** Bytes of one file. */
  fileBytes: number;
  /** Text fields accepted. */
  fields: number;
  /** Bytes of every field name and value together. */
  fieldBytes: number;
  /** The refusal of a file over fileBytes (default: the uploads' 5 MB message). */
  fileTooLarge?: string;
  /**
   * The refusal of a request over its ceiling (default 'Richiesta troppo grande.'): a route of one large file says
   * that file's limit (the import's 20 MB), whatever the size sent.
   */
  bodyTooLarge?: string;
  /**
   * Wider limits a request earns by a field sent before any file (the GraphQL `operations` of an import): the
   * import's larger file without raising the limit of avatars and documents. Parsing is set up for the wider ones;
   * until `when` says yes, the base limits are checked by hand.
   */
  raise?: { limits: MultipartLimits; when: (name: string, value: string) => boolean };
}

/** Part headers and boundaries on top of the content: generous for any real form, small next to the files. */
const FRAMING_BYTES = 1024 * 1024;

/** The most bytes a request may send under `limits` (Content-Length above it is refused before reading). */
export const requestCeiling = (limits: MultipartLimits) => limits.files * limits.fileBytes + limits.fieldBytes + FRAMING_BYTES;

export type MultipartPart = { name: string; value: string } | { name: string; file: UploadedFile };

export const isFilePart = (part: MultipartPart): part is { name: string; file: UploadedFile } => 'file' in part;

// busboy 1.x (the parser graphql-upload-minimal brings) ships no types: the little used here.
type BusboyFactory = (config: { headers: IncomingMessage['headers']; defParamCharset?: string; limits?: Record<string, number> }) => Writable;
const busboy = createRequire(import.meta.url)('busboy') as BusboyFactory;

interface FileInfo {
  filename?: string;
  mimeType: string;
}
interface FieldInfo {
  nameTruncated: boolean;
  valueTruncated: boolean;
}

const MALFORMED: UploadRefusal = { status: 400, message: MSG.malformedMultipart };
const TOO_LARGE: UploadRefusal = { status: 413, message: MSG.bodyTooLarge };
const FILE_TOO_LARGE: UploadRefusal = { status: 413, message: MSG.fileTooLarge };
/** Longest part name accepted (busboy truncates longer ones, which would silently rename the field). */
const NAME_MAX_BYTES = 200;
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const badName = (name: string | undefined) => !name || CONTROL_CHARS.test(name);

const BUSY: UploadRefusal = { status: 429, message: MSG.uploadsBusy };

/**
 * Reads every part of `req`; rejects with MultipartRefusedError (400 malformed, 413 limits, 429 when `charge`,
 * told of every byte kept, says the server already holds all it may for uploads in progress).
 */
export function readMultipart(req: IncomingMessage, limits: MultipartLimits, charge: (bytes: number) => boolean = () => true): Promise<MultipartPart[]> {
  return new Promise((resolve, reject) => {
    const wider = limits.raise?.limits;
    const ceiling = Math.max(requestCeiling(limits), wider ? requestCeiling(wider) : 0);
    const overCeiling: UploadRefusal = limits.bodyTooLarge ? { status: 413, message: limits.bodyTooLarge } : TOO_LARGE;
    if (Number(req.headers['content-length']) > ceiling) return reject(new MultipartRefusedError(overCeiling));

    let parser: Writable;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          files: Math.max(limits.files, wider?.files ?? 0),
          // one byte past the limit tells "too large" from "exactly the limit"
          fileSize: Math.max(limits.fileBytes, wider?.fileBytes ?? 0) + 1,
          fields: limits.fields,
          fieldSize: limits.fieldBytes + 1,
          fieldNameSize: NAME_MAX_BYTES,
          parts: Math.max(limits.files, wider?.files ?? 0) + limits.fields,
        },
      });
    } catch {
      // No or unreadable boundary, or not multipart/form-data at all.
      return reject(new MultipartRefusedError(MALFORMED));
    }

    const parts: MultipartPart[] = [];
    const files: Promise<void>[] = [];
    let received = 0;
    let fieldBytes = 0;
    let settled = false;
    /** The limits in force: the base ones, or the wider ones once a field before any file earned them. */
    let active = limits;
    let fileCount = 0;

    const fail = (refusal: UploadRefusal) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.destroy(); // its 'error' listener below stays, so a late error from the parser is harmless
      // Drain (not keep) the rest, so the refusal still reaches a client that is sending.
      if (!req.destroyed) req.resume();
      reject(new MultipartRefusedError(refusal));
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > ceiling) fail(overCeiling); // chunked bodies declare no length
    });
    req.on('error', () => fail(MALFORMED));
    // The client went away (or the server's request timeout ended the socket) before the body was complete.
    req.on('close', () => {
      if (!req.readableEnded) fail(MALFORMED);
    });

    parser.on('error', () => fail(MALFORMED));
    parser.on('filesLimit', () => fail(limits.files === 0 ? { status: 400, message: MSG.filesNotAccepted } : { status: 413, message: MSG.tooManyFiles }));
    parser.on('fieldsLimit', () => fail(TOO_LARGE));
    parser.on('partsLimit', () => fail(TOO_LARGE));

    parser.on('field', (name: string | undefined, value: string, info: FieldInfo) => {
      if (badName(name) || info.nameTruncated) return fail(MALFORMED);
      fieldBytes += Buffer.byteLength(name!) + Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > limits.fieldBytes) return fail(TOO_LARGE);
      if (!charge(Buffer.byteLength(value))) return fail(BUSY);
      if (wider && fileCount === 0 && limits.raise!.when(name!, value)) active = wider;
      parts.push({ name: name!, value });
    });

    parser.on('file', (name: string | undefined, stream: Readable, info: FileInfo) => {
      stream.on('error', () => fail(MALFORMED)); // e.g. the body ends inside this file
      if (badName(name) || (info.filename && CONTROL_CHARS.test(info.filename))) {
        stream.resume();
        return fail(MALFORMED);
      }
      if (++fileCount > active.files) {
        stream.resume();
        return fail(active.files === 0 ? { status: 400, message: MSG.filesNotAccepted } : { status: 413, message: MSG.tooManyFiles });
      }
      const { fileBytes, fileTooLarge } = active;
      const file: UploadedFile = { filename: info.filename ?? '', mimeType: info.mimeType, content: Buffer.alloc(0) };
      parts.push({ name: name!, file }); // in request order; the bytes are filled in below
      const chunks: Buffer[] = [];
      let size = 0;
      files.push(
        new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > fileBytes) fail(fileTooLarge ? { status: 413, message: fileTooLarge } : FILE_TOO_LARGE);
            else if (!charge(chunk.length)) fail(BUSY);
            else if (!settled) chunks.push(chunk);
          });
          stream.on('end', () => {
            file.content = Buffer.concat(chunks);
            done();
          });
        }),
      );
    });

    parser.on('close', () => {
      if (settled) return;
      void Promise.all(files).then(() => {
        if (settled) return;
        settled = true;
        resolve(parts);
      });
    });

    req.pipe(parser);
  });
}
