// GraphQL multipart requests (operations / map / 0, 1...: the GraphQL multipart request spec) inside Yoga.
// The whole request is read by multipart-reader.ts (at most MAX_FILES files of UPLOAD_MAX_BYTES) BEFORE the
// operation runs: an oversize or broken upload is answered at transport level with an Italian 4xx and no resolver
// runs, so nothing is stored; resolvers then get graphql-upload-minimal's Upload values (its scalar reads them),
// whose streams replay the buffered bytes. graphql-upload-minimal's own reader is not used: it lets a second
// parser error go unhandled, which ended the process on a malformed part header.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Upload, type FileUpload } from 'graphql-upload-minimal';
import type { Plugin } from 'graphql-yoga';
import { MSG } from '../../../schema/messages';
import { isFilePart, readMultipart, type MultipartPart } from './multipart-reader';
import type { UploadedFile } from './files.service';
import type { ServerConfig } from '../../config';
import { parse, Kind, OperationTypeNode } from 'graphql';
import { FORM_LIMITS, IMPORT_UPLOAD_LIMITS, MAX_FILES, MultipartRefusedError, refusalOf, UPLOAD_LIMITS, uploadBudgetFor } from './upload-limits';
import type { MultipartLimits } from './multipart-reader';

/** The raw Node request and response of the HTTP exchange (graphql-route.ts puts them in the server context). */
export interface RawHttp {
  req: IncomingMessage;
  res: ServerResponse;
}

const isMultipart = (contentType: string | null) => !!contentType && /^multipart\/form-data\b/i.test(contentType);

export interface MultipartExchange {
  http?: RawHttp;
  /** Whether the request carries a valid session: only signed-in users may make the server read files. */
  signedIn: boolean;
  /** The app's settings (its upload memory budget). */
  config?: ServerConfig;
}

const CODES: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 413: 'PAYLOAD_TOO_LARGE', 429: 'RATE_LIMITED' };

const malformed = () => new MultipartRefusedError({ status: 400, message: MSG.malformedMultipart });
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw malformed();
  }
}

/** Puts `value` at a map path such as `variables.input.documents.0` (every step but the last must exist). */
function placeAt(operations: object, path: unknown, value: Upload): void {
  if (typeof path !== 'string' || !path) throw malformed();
  const keys = path.split('.');
  if (keys.some((key) => !key || UNSAFE_KEYS.has(key))) throw malformed();
  let node: unknown = operations;
  for (const key of keys.slice(0, -1)) {
    node = (node as Record<string, unknown>)[key];
    if (!node || typeof node !== 'object') throw malformed();
  }
  (node as Record<string, unknown>)[keys[keys.length - 1]] = value;
}

function uploadOf(name: string, file: UploadedFile): Upload {
  const upload = new Upload();
  const fileUpload = {
    fieldName: name,
    filename: file.filename,
    mimetype: file.mimeType,
    encoding: '7bit',
    createReadStream: () => Readable.from([file.content]),
  };
  // Upload's resolve exists at run time (the library's own reader calls it) but not in its typings.
  (upload as Upload & { resolve(file: FileUpload): void }).resolve(fileUpload as unknown as FileUpload);
  return upload;
}

/** The spec's order (operations, map, then the files) and shapes; every mapped file must have arrived. */
export function operationsFrom(parts: MultipartPart[]): object {
  const [operationsPart, mapPart, ...rest] = parts;
  if (!operationsPart || isFilePart(operationsPart) || operationsPart.name !== 'operations') throw malformed();
  if (!mapPart || isFilePart(mapPart) || mapPart.name !== 'map') throw malformed();
  const operations = parseJson(operationsPart.value);
  const map = parseJson(mapPart.value);
  if (!operations || typeof operations !== 'object' || !isRecord(map)) throw malformed();
  const entries = Object.entries(map);
  if (entries.length > MAX_FILES) throw new MultipartRefusedError({ status: 413, message: MSG.tooManyFiles });
  if (rest.some((part) => !isFilePart(part))) throw malformed();
  const files = new Map(rest.flatMap((part) => (isFilePart(part) ? [[part.name, part.file] as const] : [])));
  for (const [name, paths] of entries) {
    const file = files.get(name);
    if (!file || !Array.isArray(paths) || paths.length === 0) throw malformed();
    const upload = uploadOf(name, file);
    for (const path of paths) placeAt(operations, path, upload);
  }
  return operations;
}

/** Mutations whose upload may be larger than the others' (their resolvers cap the file again). */
const LARGE_UPLOADS: Record<string, MultipartLimits> = { importPeople: IMPORT_UPLOAD_LIMITS };

/**
 * The wider limits an `operations` field earns: every root field of its operations is one mutation of
 * LARGE_UPLOADS (so no avatar or document rides along with the import's larger limit).
 */
export function largeUploadLimits(operations: string): MultipartLimits | null {
  try {
    const parsed: unknown = JSON.parse(operations);
    const list = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ query?: unknown }>;
    const names = new Set<string>();
    for (const op of list) {
      if (typeof op?.query !== 'string') return null;
      for (const def of parse(op.query).definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        for (const sel of def.selectionSet.selections) names.add(sel.kind === Kind.FIELD ? sel.name.value : '');
      }
    }
    names.delete('__typename');
    const [only, ...others] = [...names];
    return only && !others.length ? (LARGE_UPLOADS[only] ?? null) : null;
  } catch {
    return null;
  }
}

/** The one upload open without a session: a registration's document, one file, as the public form sends it. */
const PUBLIC_UPLOADS = new Set(['uploadRegistrationDocument']);

/** Whether every root field of `operations` is a public upload (same parsing as largeUploadLimits). */
export function isPublicUpload(operations: string): boolean {
  try {
    const parsed: unknown = JSON.parse(operations);
    if (Array.isArray(parsed)) return false;
    const query = (parsed as { query?: unknown } | null)?.query;
    if (typeof query !== 'string') return false;
    const names = new Set<string>();
    for (const def of parse(query).definitions) {
      // Fragments may describe the answer (error types); a spread at the root counts as another field below.
      if (def.kind === Kind.FRAGMENT_DEFINITION) continue;
      if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== OperationTypeNode.MUTATION) return false;
      for (const sel of def.selectionSet.selections) names.add(sel.kind === Kind.FIELD ? sel.name.value : '');
    }
    names.delete('__typename');
    return names.size === 1 && PUBLIC_UPLOADS.has([...names][0]);
  } catch {
    return false;
  }
}

/**
 * Without a session: fields only, unless the operations are the public upload (then one file of UPLOAD_MAX_BYTES).
 * `seen.public` tells the caller whether they were.
 */
function anonymousLimits(seen: { public: boolean }): MultipartLimits {
  return { ...FORM_LIMITS, raise: { limits: { ...UPLOAD_LIMITS, files: 1 }, when: (name, value) => name === 'operations' && (seen.public = isPublicUpload(value)) } };
}

const GRAPHQL_UPLOAD_LIMITS: MultipartLimits = {
  ...UPLOAD_LIMITS,
  raise: { limits: IMPORT_UPLOAD_LIMITS, when: (name, value) => name === 'operations' && largeUploadLimits(value) === IMPORT_UPLOAD_LIMITS },
};

export function useGraphQLMultipart(exchangeOf: (serverContext: object) => MultipartExchange): Plugin {
  return {
    onRequestParse({ request, serverContext, setRequestParser, fetchAPI }) {
      if (request.method !== 'POST' || !isMultipart(request.headers.get('content-type'))) return;
      const { http, signedIn, config } = exchangeOf(serverContext);
      if (!http || !config) return;
      const refuse = ({ status, message }: { status: number; message: string }) =>
        new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: CODES[status] } }] }), {
          status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
      setRequestParser(async () => {
        // Without a session only the public registration's document may carry a file; any other file is refused
        // as soon as its part starts (FORM_LIMITS allow none).
        const seen = { public: false };
        try {
          const charge = uploadBudgetFor(config).forResponse(http.res);
          return operationsFrom(await readMultipart(http.req, signedIn ? GRAPHQL_UPLOAD_LIMITS : anonymousLimits(seen), charge)) as never;
        } catch (error) {
          // Anything else sent with files and no session is what it always was: a request that needs one.
          return refuse(signedIn || seen.public ? refusalOf(error) : { status: 401, message: MSG.notAuthenticated });
        }
      });
    },
  };
}
