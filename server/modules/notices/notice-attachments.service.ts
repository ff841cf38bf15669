// A notice's attachments (issue 39 point 1): PDFs and images (the product's document types, each at most
// UPLOAD_MAX_BYTES), at most MAX_NOTICE_ATTACHMENTS and MAX_NOTICE_ATTACHMENT_BYTES together, stored like every other
// file (stored_files, checked by content) in the notice's own transaction. Mails link them by the recipient's token
// (/avviso/<token>/allegati/<file>), the personal area by the receipt (/api/area/avvisi/<recipient>/allegati/<file>),
// the staff open them as any club file (/files/<id>). Only a file of that very notice is served.
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { MAX_NOTICE_ATTACHMENT_BYTES, MAX_NOTICE_ATTACHMENTS } from '../../../schema/validation/notices';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import { clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { checkAttachments } from '../files/attachments';
import { fileUrl, storeFile, type UploadedFile } from '../files/files.service';

export const NOTICE_ATTACHMENT_PURPOSE = 'notice-attachment';

export interface NoticeAttachmentView {
  fileId: string;
  filename: string;
  mimeType: string;
  size: number;
}

/** Refuses too many or too large attachments, and any file that is not a PDF or an image (by content). */
export const checkNoticeAttachments = (files: UploadedFile[]) =>
  checkAttachments(files, { max: MAX_NOTICE_ATTACHMENTS, maxBytes: MAX_NOTICE_ATTACHMENT_BYTES, tooMany: NOTICE_MSG.tooManyAttachments, tooLarge: NOTICE_MSG.attachmentsTooLarge });

/** Stores the (checked) attachments of a notice in the notice's transaction. */
export async function storeNoticeAttachments(tx: Prisma.TransactionClient, clubId: string, noticeId: string, files: UploadedFile[]): Promise<void> {
  for (const [position, file] of files.entries()) {
    const stored = await storeFile(tx, { clubId, purpose: NOTICE_ATTACHMENT_PURPOSE }, file, `attachments.${position}`);
    await tx.noticeAttachment.create({ data: { clubId, noticeId, fileId: stored.id, position } });
  }
}

/** The attachments of the club's notices `noticeIds`, by notice, in the order attached. */
export async function attachmentsByNotice(db: Db, clubId: string, noticeIds: string[]): Promise<Map<string, NoticeAttachmentView[]>> {
  const rows = noticeIds.length
    ? await db.noticeAttachment.findMany({
        where: { clubId, noticeId: { in: noticeIds } },
        orderBy: [{ noticeId: 'asc' }, { position: 'asc' }],
        select: { noticeId: true, file: { select: { id: true, filename: true, mimeType: true, size: true } } },
      })
    : [];
  const byNotice = new Map<string, NoticeAttachmentView[]>();
  for (const r of rows) byNotice.set(r.noticeId, [...(byNotice.get(r.noticeId) ?? []), { fileId: r.file.id, filename: r.file.filename, mimeType: r.file.mimeType, size: r.file.size }]);
  return byNotice;
}

/** The attachments of one of the club's notices, for its staff (opened as any club file: /files/<id>). */
export async function noticeAttachments(ctx: RequestContext, noticeId: string): Promise<Array<NoticeAttachmentView & { url: string }>> {
  const { clubId } = clubMember(ctx);
  const byNotice = await attachmentsByNotice(clubDb(ctx), clubId, [noticeId]);
  return (byNotice.get(noticeId) ?? []).map((a) => ({ ...a, url: fileUrl(a.fileId) }));
}

/** The file `fileId` if it is an attachment of notice `noticeId` of the club; NotFound otherwise. */
export async function noticeAttachmentFile(db: Db, clubId: string, noticeId: string, fileId: unknown) {
  const row = isUuid(fileId)
    ? await db.noticeAttachment.findFirst({ where: { clubId, noticeId, fileId }, select: { file: { select: { filename: true, mimeType: true, content: true } } } })
    : null;
  if (!row) throw new NotFoundError();
  return { filename: row.file.filename, contentType: row.file.mimeType, body: Buffer.from(row.file.content) };
}
