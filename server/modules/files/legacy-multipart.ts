// Legacy REST saves may come as multipart/form-data (the legacy manager save always does). This turns such a
// request into the same plain body a JSON request gives: bracket names nested as PHP-style forms write them
// (`profile[firstname]`, `groups[]`, `address[city]`), files as UploadedFile values (`documents[]` or a repeated
// `documents` give an array; a single `medical_examination_document` gives one UploadedFile).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import type { UploadedFile } from './files.service';
import { isFilePart, readMultipart, type MultipartLimits } from './multipart-reader';
import { FORM_LIMITS, MultipartRefusedError, refusalOf, UPLOAD_LIMITS, uploadBudgetFor } from './upload-limits';

export { MultipartRefusedError };

const MAX_DEPTH = 8;
const MAX_INDEX = 1000;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Leaves multipart bodies unread in `scope` (the legacy routes' scope): the route reads one only after the session
 * check (readMultipartBody), so a request without a session is refused before its body is read.
 */
export function registerLegacyMultipart(scope: FastifyInstance): void {
  scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

export const isMultipartRequest = (req: FastifyRequest) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

type Node = Record<string, unknown> | unknown[];

/**
 * Reads the whole multipart body; throws MultipartRefusedError for limits or a malformed request. `withFiles`:
 * false for routes open without a session, which take a form's fields only (FORM_LIMITS). What it holds counts
 * against the app's upload memory budget until `reply` is sent.
 */
export async function readMultipartBody(
  req: FastifyRequest,
  reply: FastifyReply,
  { withFiles, config, limits }: { withFiles: boolean; config: ServerConfig; limits?: MultipartLimits },
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const charge = uploadBudgetFor(config).forResponse(reply.raw);
  for (const part of await readMultipart(req.raw, withFiles ? (limits ?? UPLOAD_LIMITS) : FORM_LIMITS, charge)) {
    if (!isFilePart(part)) setField(body, part.name, part.value);
    // A form's empty file input still sends a part, with no name and no bytes: that is "no file".
    else if (part.file.filename || part.file.content.length > 0) setField(body, part.name, part.file);
  }
  return body;
}

/** `a[b][]` -> ['a', 'b', '']; a name that is not well-formed brackets is one plain key. */
export function fieldPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
  return [match[1], ...rest];
}

const malformed = () => new MultipartRefusedError(refusalOf(null));
const isIndex = (key: string) => /^\d+$/.test(key) && Number(key) < MAX_INDEX;
const isContainer = (value: unknown): value is Node =>
  Array.isArray(value) || (!!value && typeof value === 'object' && !Buffer.isBuffer((value as UploadedFile).content));

/** Sets one part's value at its bracket path; a repeated name (or `[]`) collects its values in an array. */
export function setField(body: Record<string, unknown>, name: string, value: unknown): void {
  const path = fieldPath(name);
  if (path.length > MAX_DEPTH || path.some((key) => UNSAFE_KEYS.has(key))) throw malformed();
  let node: Node = body;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const nextIsList = path[i + 1] === '' || isIndex(path[i + 1]);
    const existing: unknown = key === '' ? undefined : read(node, key);
    let child: Node;
    if (isContainer(existing)) child = existing;
    else {
      child = nextIsList ? [] : {};
      write(node, key, child);
    }
    node = child;
  }
  const last = path[path.length - 1];
  const existing = last === '' ? undefined : read(node, last);
  if (existing === undefined) write(node, last, value);
  else if (Array.isArray(existing)) existing.push(value);
  else write(node, last, [existing, value]);
}

function read(node: Node, key: string): unknown {
  if (Array.isArray(node)) return isIndex(key) ? node[Number(key)] : undefined;
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

function write(node: Node, key: string, value: unknown): void {
  if (!Array.isArray(node)) {
    node[key] = value;
    return;
  }
  // Lists stay dense: `[]`, a named key or an index past the end appends.
  if (isIndex(key) && Number(key) < node.length) node[Number(key)] = value;
  else node.push(value);
}
