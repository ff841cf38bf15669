// A message's text and files checked before sending (issue 39 point 4), with the server's own rules and messages
// (schema/validation/channels.ts): the composer says at once what the server would refuse.
import { CHANNEL_MSG } from '../../../../schema/messages-channels';
import { MAX_CHANNEL_ATTACHMENT_BYTES, MAX_CHANNEL_ATTACHMENTS, MAX_CHANNEL_MESSAGE_CHARS } from '../../../../schema/validation/channels';
import { checkDocument } from '../../lib/document-files';

export { MAX_CHANNEL_ATTACHMENT_BYTES, MAX_CHANNEL_ATTACHMENTS, MAX_CHANNEL_MESSAGE_CHARS };

/** The text's problem: empty, or too long. */
export function bodyProblem(body: string): string | undefined {
  if (!body.trim()) return CHANNEL_MSG.bodyRequired;
  if (body.trim().length > MAX_CHANNEL_MESSAGE_CHARS) return CHANNEL_MSG.bodyTooLong(MAX_CHANNEL_MESSAGE_CHARS);
  return undefined;
}

/** The files chosen for a message, as the server words their problem: a file's own, too many, too large together. */
export function attachmentsProblem(files: readonly File[]): string | undefined {
  for (const file of files) {
    const problem = checkDocument(file);
    if (problem) return `${file.name}: ${problem}`;
  }
  if (files.length > MAX_CHANNEL_ATTACHMENTS) return CHANNEL_MSG.tooManyAttachments(MAX_CHANNEL_ATTACHMENTS);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_CHANNEL_ATTACHMENT_BYTES) return CHANNEL_MSG.attachmentsTooLarge(MAX_CHANNEL_ATTACHMENT_BYTES / 1024 / 1024);
  return undefined;
}
