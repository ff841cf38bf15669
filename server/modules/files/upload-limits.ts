// Limits shared by both multipart faces (GraphQL and legacy REST) and the translation of their parsers' errors
// (graphql-upload-minimal, @fastify/multipart / busboy) into one Italian refusal with its HTTP status.
import { MSG } from '../../../schema/messages';

/** Files accepted in one request. */
export const MAX_FILES = 10;

export interface UploadRefusal {
  status: 400 | 413;
  message: string;
}

/** Thrown while reading one file past UPLOAD_MAX_BYTES (or one its parser truncated at that limit). */
export class FileTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super('file too large');
  }
}

const TOO_MANY_FILES = new Set(['FST_FILES_LIMIT']);
const TOO_LARGE_REQUEST = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export function refusalOf(error: unknown): UploadRefusal {
  const { status, code, message = '' } = (error ?? {}) as { status?: number; statusCode?: number; code?: string; message?: string };
  if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE' || /File truncated/.test(message)) {
    return { status: 413, message: MSG.fileTooLarge };
  }
  if ((code && TOO_MANY_FILES.has(code)) || /max file uploads exceeded/.test(message)) return { status: 413, message: MSG.tooManyFiles };
  if ((code && TOO_LARGE_REQUEST.has(code)) || status === 413) return { status: 413, message: MSG.bodyTooLarge };
  return { status: 400, message: MSG.malformedMultipart };
}
