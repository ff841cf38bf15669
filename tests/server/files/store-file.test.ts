// storeFile: accepted by content (PDF, PNG, JPEG, WebP), refused otherwise with the Italian messages, and a refusal
// inside a transaction leaves no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { ValidationError } from '../../../server/lib/errors';
import { fileUrl, sanitizeFilename, storeFile, type UploadedFile } from '../../../server/modules/files/files.service';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, jpeg, oversizePng, pdf, png, webp } from './fixtures';

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
});
afterAll(() => t.close());

const owner = () => ({ clubId: club.clubId, purpose: 'medical-certificate' });
const countFiles = () => t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } });

/** storeFile inside a real transaction, as the services call it; answers the error it threw, if any. */
async function storeInTransaction(file: UploadedFile, allowed?: readonly string[]) {
  try {
    return { stored: await t.deps.systemDb.$transaction((tx) => storeFile(tx, owner(), file, 'certificate', allowed)) };
  } catch (error) {
    return { error };
  }
}

describe('storeFile', () => {
  it.each([
    ['certificato.pdf', pdf(), 'application/pdf'],
    ['foto.png', png(), 'image/png'],
    ['foto.jpg', jpeg(), 'image/jpeg'],
    ['foto.webp', webp(), 'image/webp'],
  ])('stores %s with the type detected from its bytes', async (filename, content, mime) => {
    // The claimed type is wrong on purpose: only the content counts.
    const { stored, error } = await storeInTransaction({ filename, mimeType: 'application/octet-stream', content });
    expect(error).toBeUndefined();
    expect(stored).toMatchObject({ clubId: club.clubId, purpose: 'medical-certificate', filename, mimeType: mime, size: content.length });
    const row = await t.deps.systemDb.storedFile.findUniqueOrThrow({ where: { id: stored!.id } });
    expect(Buffer.from(row.content).equals(content)).toBe(true);
    expect(fileUrl(row.id)).toBe(`/files/${row.id}`);
  });

  it('refuses a text file named .pdf, an empty file and an oversize one, leaving no row', async () => {
    const before = await countFiles();
    const cases: Array<[UploadedFile, string]> = [
      [{ filename: 'certificato.pdf', mimeType: 'application/pdf', content: fakePdf() }, MSG.fileTypeNotAllowed],
      [{ filename: 'vuoto.pdf', mimeType: 'application/pdf', content: Buffer.alloc(0) }, MSG.fileEmpty],
      [{ filename: 'enorme.png', mimeType: 'image/png', content: oversizePng(UPLOAD_MAX_BYTES) }, MSG.fileTooLarge],
    ];
    for (const [file, message] of cases) {
      const { error } = await storeInTransaction(file);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual({ certificate: message });
    }
    expect(await countFiles()).toBe(before);
  });

  it('rolls back what the same transaction wrote before a refused file', async () => {
    const before = await countFiles();
    await expect(
      t.deps.systemDb.$transaction(async (tx) => {
        await storeFile(tx, owner(), { filename: 'ok.png', mimeType: 'image/png', content: png() }, 'first');
        await storeFile(tx, owner(), { filename: 'finto.pdf', mimeType: 'application/pdf', content: fakePdf() }, 'second');
      }),
    ).rejects.toMatchObject({ fields: { second: MSG.fileTypeNotAllowed } });
    expect(await countFiles()).toBe(before);
  });

  it('narrows the accepted types with `allowed` (images only refuse a PDF)', async () => {
    const { error } = await storeInTransaction({ filename: 'logo.pdf', mimeType: 'application/pdf', content: pdf() }, ['image/png', 'image/jpeg', 'image/webp']);
    expect((error as ValidationError).fields).toEqual({ certificate: MSG.fileTypeNotAllowed });
  });

  it('keeps only a safe name: no folders, control characters or endless length', async () => {
    expect(sanitizeFilename('C:\\Users\\mario\\certificato medico.pdf', 'pdf')).toBe('certificato medico.pdf');
    expect(sanitizeFilename('../../etc/passwd\u0000.png', 'png')).toBe('passwd.png');
    expect(sanitizeFilename('  ', 'pdf')).toBe('documento.pdf');
    const long = sanitizeFilename(`${'a'.repeat(300)}.pdf`, 'pdf');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
