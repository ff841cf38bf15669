// Limits shared by both multipart faces (GraphQL and legacy REST, both read by multipart-reader.ts) and the one
// refusal type they answer with: an Italian message and its HTTP status.
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { IMPORT_MAX_BYTES, IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { ServerConfig } from '../../config';
import type { MultipartLimits } from './multipart-reader';

/** Files accepted in one request. */
export const MAX_FILES = 10;

/** Text of a form without files: the same allowance as a JSON body. */
const FORM_FIELD_BYTES = 1024 * 1024;

/** A signed-in request: at most 10 files of 5 MB and 1 MB of fields (about 52 MB read, at most, per request). */
export const UPLOAD_LIMITS: MultipartLimits = { files: MAX_FILES, fileBytes: UPLOAD_MAX_BYTES, fields: 1000, fieldBytes: FORM_FIELD_BYTES };

/**
 * The people import's upload (POST /api/import, importPeople): one file of IMPORT_MAX_BYTES (100,000 rows of CSV
 * take about 15 MB), refused with the import's own message.
 */
export const IMPORT_UPLOAD_LIMITS: MultipartLimits = {
  files: 1,
  fileBytes: IMPORT_MAX_BYTES,
  fields: 1000,
  fieldBytes: FORM_FIELD_BYTES,
  fileTooLarge: IMPORT_MSG.tooLarge,
  bodyTooLarge: IMPORT_MSG.tooLarge,
};

/** A request to a route open without a session (login, sign-up...): fields only, about 2 MB read at most. */
export const FORM_LIMITS: MultipartLimits = { files: 0, fileBytes: 0, fields: 1000, fieldBytes: FORM_FIELD_BYTES };

export interface UploadRefusal {
  status: 400 | 413 | 429;
  message: string;
}

/** Why a multipart body was refused: 413 (limits) or 400 (malformed), with its Italian message. */
export class MultipartRefusedError extends Error {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal.message);
  }
}

/** Thrown while reading one file past UPLOAD_MAX_BYTES (see readLimited in files.service.ts). */
export class FileTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super('file too large');
  }
}

export function refusalOf(error: unknown): UploadRefusal {
  if (error instanceof MultipartRefusedError) return error.refusal;
  if (error instanceof FileTooLargeError) return { status: 413, message: MSG.fileTooLarge };
  return { status: 400, message: MSG.malformedMultipart };
}

/**
 * What the multipart requests in progress hold in memory together, at most `config.uploadMemoryBytes`
 * (UPLOAD_MEMORY_MB): many signed-in uploads at once are refused (429) rather than exhausting memory.
 */
export class UploadMemoryBudget {
  used = 0;
  constructor(readonly bytes: number) {}

  /** One request's account: `charge(n)` is false when the budget is spent; all it took returns when `res` closes. */
  forResponse(res: { once(event: 'close', listener: () => void): unknown }): (n: number) => boolean {
    let held = 0;
    res.once('close', () => {
      this.used -= held;
      held = 0;
    });
    return (n) => {
      if (this.used + n > this.bytes) return false;
      this.used += n;
      held += n;
      return true;
    };
  }
}

const budgets = new WeakMap<ServerConfig, UploadMemoryBudget>();

/** The budget of the app running with `config` (one per app: both faces share it). */
export function uploadBudgetFor(config: ServerConfig): UploadMemoryBudget {
  let budget = budgets.get(config);
  if (!budget) budgets.set(config, (budget = new UploadMemoryBudget(config.uploadMemoryBytes)));
  return budget;
}
