// A document chosen in a file picker (a certificate, an identity document): refused at once when empty, too large or
// of a type the server does not take, in the server's words (the server checks the content again).
import { DOCUMENT_MIME_TYPES, UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';

/** A chosen document's problem, if any. */
export function checkDocument(file: File): string | undefined {
  if (file.size === 0) return MSG.fileEmpty;
  if (file.size > UPLOAD_MAX_BYTES) return MSG.fileTooLarge;
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return MSG.fileTypeNotAllowed;
  return undefined;
}
