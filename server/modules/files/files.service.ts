// Uploaded files: read (GraphQL upload streams), checked by content, stored in the database inside the caller's
// transaction, so a save and its files commit or fail together. Served back by files.http.ts.
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { FileUpload } from 'graphql-upload-minimal';
import { DOCUMENT_MIME_TYPES, UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { Prisma, StoredFile } from '../../generated/prisma/client.js';
import { ValidationError } from '../../lib/errors';
import { FileTooLargeError, refusalOf } from './upload-limits';
import { CLUB, clubSql } from '../../access/club-sql';

/** A file as received from a client; `mimeType` is what the client claims and is never trusted. */
export type UploadedFile = { filename: string; mimeType: string; content: Buffer };

export type FileOwner = { clubId: string; purpose: string; roleId?: string };

type Tx = Prisma.TransactionClient;

/** Longest stored filename (characters); longer names keep their extension. */
const FILENAME_MAX = 200;

export const fileUrl = (id: string) => `/files/${id}`;

export const isUploadedFile = (value: unknown): value is UploadedFile =>
  !!value &&
  typeof value === 'object' &&
  Buffer.isBuffer((value as UploadedFile).content) &&
  typeof (value as UploadedFile).filename === 'string';

/**
 * Reads a GraphQL `Upload` argument into memory, refusing more than UPLOAD_MAX_BYTES even if the transport's own
 * limit were raised (the import passes its own larger `max`, and its message). Transport failures become a field
 * error, so the mutation answers with its typed result.
 */
export async function readGraphQLUpload(
  upload: Promise<FileUpload> | FileUpload,
  field: string,
  { max = UPLOAD_MAX_BYTES, tooLarge = MSG.fileTooLarge }: { max?: number; tooLarge?: string } = {},
): Promise<UploadedFile> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch (error) {
    throw uploadError(error, field, tooLarge);
  }
  let stream: Readable;
  try {
    stream = file.createReadStream();
  } catch (error) {
    throw uploadError(error, field, tooLarge);
  }
  const content = await readLimited(stream, max).catch((error) => {
    throw uploadError(error, field, tooLarge);
  });
  return { filename: file.filename ?? '', mimeType: file.mimetype ?? '', content };
}

function uploadError(error: unknown, field: string, tooLarge: string): ValidationError {
  if (error instanceof ValidationError) return error;
  const message = refusalOf(error).message;
  return new ValidationError({ [field]: message === MSG.fileTooLarge || message === tooLarge ? tooLarge : MSG.fileMissing });
}

/** Collects a stream up to `max` bytes; more (or a stream the parser truncated at its limit) is fileTooLarge. */
export function readLimited(stream: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => new FileTooLargeError();
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        stream.removeAllListeners('data');
        stream.resume(); // drain the rest so the request can finish
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    stream.once('limit', () => reject(tooLarge()));
    stream.once('error', reject);
    stream.once('end', () => {
      if ((stream as Readable & { truncated?: boolean }).truncated) reject(tooLarge());
      else resolve(Buffer.concat(chunks));
    });
  });
}

/** Keeps the name a person gave the file, minus folders, control characters and excess length. */
export function sanitizeFilename(name: string, fallbackExt: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!base) return `documento.${fallbackExt}`;
  if (base.length <= FILENAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, FILENAME_MAX - ext.length) + ext;
}

/** Size and type checks, by content: a text file named x.pdf is refused. Answers the detected type. */
export async function checkFile(
  file: UploadedFile,
  field: string,
  allowed: readonly string[] = DOCUMENT_MIME_TYPES,
): Promise<{ mime: string; ext: string }> {
  if (file.content.length === 0) throw new ValidationError({ [field]: MSG.fileEmpty });
  if (file.content.length > UPLOAD_MAX_BYTES) throw new ValidationError({ [field]: MSG.fileTooLarge });
  const detected = await fileTypeFromBuffer(file.content);
  if (!detected || !allowed.includes(detected.mime)) throw new ValidationError({ [field]: MSG.fileTypeNotAllowed });
  return detected;
}

/**
 * Checks and stores one file for a club inside the caller's transaction; a refusal throws ValidationError
 * ({[field]: message}) so the whole save rolls back. `allowed` narrows the accepted types (e.g. images only).
 */
export async function storeFile(
  tx: Tx,
  owner: FileOwner,
  file: UploadedFile,
  field: string,
  allowed: readonly string[] = DOCUMENT_MIME_TYPES,
): Promise<StoredFile> {
  const { mime, ext } = await checkFile(file, field, allowed);
  const row = await tx.storedFile.create({
    data: {
      clubId: owner.clubId,
      purpose: owner.purpose,
      roleId: owner.roleId ?? null,
      filename: sanitizeFilename(file.filename, ext),
      mimeType: mime,
      size: file.content.length,
      content: new Uint8Array(0),
    },
  });
  // The bytes travel as base64 text decoded by the database: PGlite serialises a bytea parameter byte by byte
  // (seconds for a few MB), text is over ten times faster; PostgreSQL is indifferent.
  await tx.$executeRaw(clubSql(owner.clubId)`UPDATE stored_files SET content = decode(${file.content.toString('base64')}, 'base64') WHERE id = ${row.id}::uuid AND club_id = ${CLUB}`);
  return { ...row, content: new Uint8Array(file.content) };
}
