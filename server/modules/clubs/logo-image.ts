// The club logo is shown in <img> on every admin page: besides its type (by content, files.service.ts) it must be
// a whole image, so a file cut short or padded with garbage after a valid header is refused too.
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { ValidationError } from '../../lib/errors';
import { checkFile, type UploadedFile } from '../files/files.service';

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/** PNG: IHDR first, IEND last. JPEG: SOI ... EOI. WebP: the RIFF size matches the file and names a VP8 chunk. */
function isWholeImage(mime: string, b: Buffer): boolean {
  if (mime === 'image/png') return b.length >= 45 && ascii(b, 12, 16) === 'IHDR' && ascii(b, b.length - 8, b.length - 4) === 'IEND';
  if (mime === 'image/jpeg') return b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
  if (mime === 'image/webp') {
    return b.length >= 20 && b.readUInt32LE(4) + 8 === b.length && ascii(b, 8, 12) === 'WEBP' && /^VP8[ LX]$/.test(ascii(b, 12, 16));
  }
  return false;
}

/** Size, type by content, and wholeness; a refusal is a ValidationError on `field` with the logo's own messages. */
export async function checkLogo(file: UploadedFile, field = 'logo'): Promise<void> {
  if (file.content.length > LOGO_MAX_BYTES) throw new ValidationError({ [field]: MSG.logoTooLarge });
  let mime: string;
  try {
    ({ mime } = await checkFile(file, field, LOGO_MIME_TYPES));
  } catch (error) {
    if (error instanceof ValidationError && error.fields[field] === MSG.fileTypeNotAllowed) {
      throw new ValidationError({ [field]: MSG.logoTypeNotAllowed });
    }
    throw error;
  }
  if (!isWholeImage(mime, file.content)) throw new ValidationError({ [field]: MSG.logoUnreadable });
}
