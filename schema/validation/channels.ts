// Group channels (issue 39 point 4): what a message holds. The server checks the same rules with the same messages.
import { z } from 'zod';
import { MSG } from '../messages';
import { CHANNEL_MSG } from '../messages-channels';
import { blankToUndefined, requiredText } from './fields';

export const MAX_CHANNEL_MESSAGE_CHARS = 4_000;
/** A message's attachments: how many, and their bytes together (each file: UPLOAD_MAX_BYTES, a PDF or an image). */
export const MAX_CHANNEL_ATTACHMENTS = 5;
export const MAX_CHANNEL_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Messages a page of the conversation holds (the newest first; older ones by `before`). */
export const CHANNEL_PAGE_SIZE = 30;

export const postChannelMessageInput = z.object({
  groupId: z.uuid({ error: MSG.idInvalid }),
  body: requiredText(CHANNEL_MSG.bodyRequired).pipe(z.string().max(MAX_CHANNEL_MESSAGE_CHARS, { error: CHANNEL_MSG.bodyTooLong(MAX_CHANNEL_MESSAGE_CHARS) })),
});

export const hideChannelMessageInput = z.object({
  messageId: z.uuid({ error: MSG.idInvalid }),
  reason: z.preprocess(blankToUndefined, z.string().trim().max(200, { error: CHANNEL_MSG.hideReasonTooLong }).optional()),
});
