// Attachments of what people write to each other (notices, channel messages): a few PDFs or images, each checked by
// content like every stored file (checkFile), within a count and a total size the caller names with its messages.
import { ValidationError } from '../../lib/errors';
import type { FileUpload } from 'graphql-upload-minimal';
import { checkFile, readGraphQLUpload, type UploadedFile } from './files.service';

export interface AttachmentLimits {
  max: number;
  maxBytes: number;
  tooMany: (max: number) => string;
  tooLarge: (mb: number) => string;
}

/** Refuses too many or too large attachments, and any file that is not a PDF or an image (field `attachments`). */
export async function checkAttachments(files: UploadedFile[], limits: AttachmentLimits): Promise<void> {
  if (files.length > limits.max) throw new ValidationError({ attachments: limits.tooMany(limits.max) });
  if (files.reduce((sum, f) => sum + f.content.length, 0) > limits.maxBytes) throw new ValidationError({ attachments: limits.tooLarge(limits.maxBytes / 1024 / 1024) });
  for (const [i, file] of files.entries()) await checkFile(file, `attachments.${i}`);
}

/** Reads a GraphQL list of uploads (a multipart request's files, in order), refusing more than `limits.max` unread. */
export async function readAttachmentUploads(uploads: ReadonlyArray<Promise<FileUpload> | FileUpload> | null | undefined, limits: Pick<AttachmentLimits, 'max' | 'tooMany'>): Promise<UploadedFile[]> {
  const list = uploads ?? [];
  if (list.length > limits.max) throw new ValidationError({ attachments: limits.tooMany(limits.max) });
  const files: UploadedFile[] = [];
  // One after the other: the multipart request's files arrive in order.
  for (const [i, upload] of list.entries()) files.push(await readGraphQLUpload(upload, `attachments.${i}`));
  return files;
}
