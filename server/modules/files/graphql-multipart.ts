// GraphQL multipart requests (operations / map / 0, 1...) through graphql-upload-minimal, inside Yoga.
// Every file of the request is read into memory (UPLOAD_MAX_BYTES each, at most MAX_FILES) BEFORE the operation
// runs: an oversize or broken upload is answered at transport level with an Italian 4xx and no resolver runs, so
// nothing is stored; resolvers then get the usual FileUpload promises, whose streams replay the buffered bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { processRequest, Upload, type FileUpload } from 'graphql-upload-minimal';
import type { Plugin } from 'graphql-yoga';
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { readLimited } from './files.service';
import { MAX_FILES, refusalOf } from './upload-limits';

/** The raw Node request and response of the HTTP exchange (graphql-route.ts puts them in the server context). */
export interface RawHttp {
  req: IncomingMessage;
  res: ServerResponse;
}

const isMultipart = (contentType: string | null) => !!contentType && /^multipart\/form-data\b/i.test(contentType);

/** Every Upload placed in the operations by the `map` field (the same Upload may sit at several paths). */
function uploadsIn(value: unknown, found = new Set<Upload>()): Set<Upload> {
  if (value instanceof Upload) found.add(value);
  else if (Array.isArray(value)) value.forEach((item) => uploadsIn(item, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => uploadsIn(item, found));
  return found;
}

/** Reads each file as its part arrives (parts come in request order, so reading one by one could stall). */
async function bufferUploads(uploads: Iterable<Upload>): Promise<void> {
  const settled = await Promise.allSettled(
    [...uploads].map(async (upload) => {
      const file: FileUpload = await upload.promise;
      const content = await readLimited(file.createReadStream() as unknown as Readable, UPLOAD_MAX_BYTES);
      file.createReadStream = (() => Readable.from([content])) as unknown as FileUpload['createReadStream'];
    }),
  );
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
  // A size refusal says more than the "file missing" that follows it for the uploads left unread.
  if (failures.length) throw failures.find((e) => (e as { status?: number })?.status === 413) ?? failures[0];
}

export interface MultipartExchange {
  http?: RawHttp;
  /** Whether the request carries a valid session: only signed-in users may make the server buffer files. */
  signedIn: boolean;
}

/** A request declaring more than all its files at their limit plus the operations is refused before reading. */
const MAX_REQUEST_BYTES = MAX_FILES * UPLOAD_MAX_BYTES + 2 * 1024 * 1024;

const CODES: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 413: 'PAYLOAD_TOO_LARGE' };

export function useGraphQLMultipart(exchangeOf: (serverContext: object) => MultipartExchange): Plugin {
  return {
    onRequestParse({ request, serverContext, setRequestParser, fetchAPI }) {
      if (request.method !== 'POST' || !isMultipart(request.headers.get('content-type'))) return;
      const { http, signedIn } = exchangeOf(serverContext);
      if (!http) return;
      const refuse = ({ status, message }: { status: number; message: string }) =>
        new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: CODES[status] } }] }), {
          status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
      setRequestParser(async () => {
        // Every operation taking files needs a club session anyway: refuse before reading megabytes.
        if (!signedIn) return refuse({ status: 401, message: MSG.notAuthenticated });
        const declared = Number(http.req.headers['content-length']);
        if (declared > MAX_REQUEST_BYTES) return refuse({ status: 413, message: MSG.bodyTooLarge });
        try {
          const operations = await processRequest(http.req, http.res, {
            // busboy marks a file truncated when it REACHES maxFileSize: one byte more lets exactly the limit pass.
            maxFileSize: UPLOAD_MAX_BYTES + 1,
            maxFiles: MAX_FILES,
          });
          await bufferUploads(uploadsIn(operations));
          return operations as never;
        } catch (error) {
          return refuse(refusalOf(error));
        }
      });
    },
  };
}
