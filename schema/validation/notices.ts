// Notices (avvisi, issue 39): what the author writes and whom it goes to. The server resolves the audience to
// people and then to who receives for each (an adult themselves, a minor's guardians).
import { z } from 'zod';
import { MSG } from '../messages';
import { NOTICE_MSG } from '../messages-notices';
import { PERSON_KINDS } from '../constants';
import { blankToUndefined, isoDate, requiredText } from './fields';

/** The most recipients one notice may reach. */
export const MAX_NOTICE_RECIPIENTS = 5_000;
const ids = (max: number) => z.preprocess(blankToUndefined, z.array(z.uuid({ error: MSG.idInvalid })).max(max).default([]));

export const noticeAudienceInput = z
  .object({
    groupIds: ids(100),
    /** Everyone holding one of these roles in the club (athlete, coach, manager, staff). */
    roleKinds: z.preprocess(blankToUndefined, z.array(z.enum(PERSON_KINDS, { error: MSG.idInvalid })).max(PERSON_KINDS.length).default([])),
    /** The members (soci) of a season's libro soci. */
    seasonId: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional()),
    /** The athletes called up for a day of an event (not withdrawn). */
    callUp: z.preprocess(blankToUndefined, z.object({ eventId: z.uuid({ error: MSG.idInvalid }), occursOn: isoDate(MSG.idInvalid) }).optional()),
    personIds: ids(MAX_NOTICE_RECIPIENTS),
  })
  .refine((a) => a.groupIds.length || a.roleKinds.length || a.seasonId || a.callUp || a.personIds.length, { error: NOTICE_MSG.audienceRequired, path: ['audience'] });

export type NoticeAudience = z.output<typeof noticeAudienceInput>;

export const sendNoticeInput = z.object({
  title: requiredText(NOTICE_MSG.titleRequired).pipe(z.string().max(150, { error: MSG.textTooLong })),
  body: requiredText(NOTICE_MSG.bodyRequired).pipe(z.string().max(10_000, { error: MSG.textTooLong })),
  /** Urgente: every recipient is asked to confirm they read it. */
  urgent: z.preprocess(blankToUndefined, z.boolean({ error: MSG.idInvalid }).default(false)),
  /** Obbligatorio: mailed even to who turned notices by e-mail off, with no unsubscribe link (urgent ones always are). */
  required: z.preprocess(blankToUndefined, z.boolean({ error: MSG.idInvalid }).default(false)),
  audience: noticeAudienceInput,
  postId: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional()),
  /** Scheduled sending: when the mails go (ISO instant, up to MAX_SCHEDULE_DAYS ahead); none: at once. */
  sendAt: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true, error: NOTICE_MSG.sendAtInvalid }).optional()),
});

/** A notice's attachments: how many, and their bytes together (each file: UPLOAD_MAX_BYTES, a PDF or an image). */
export const MAX_NOTICE_ATTACHMENTS = 5;
export const MAX_NOTICE_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** How far ahead a notice may be scheduled. */
export const MAX_SCHEDULE_DAYS = 90;

const minuteOfDay = z.preprocess(blankToUndefined, z.number({ error: NOTICE_MSG.quietHoursInvalid }).int({ error: NOTICE_MSG.quietHoursInvalid }).min(0, { error: NOTICE_MSG.quietHoursInvalid }).max(1439, { error: NOTICE_MSG.quietHoursInvalid }).nullable().default(null));

/** The club's quiet hours (minutes after midnight, Europe/Rome); both null: none. */
export const noticeSettingsInput = z
  .object({ quietStart: minuteOfDay, quietEnd: minuteOfDay })
  .refine((q) => (q.quietStart === null) === (q.quietEnd === null), { error: NOTICE_MSG.quietHoursBoth, path: ['quietEnd'] });

/** A person's own choice, in their area: notices by e-mail or not (required and urgent ones are mailed all the same). */
export const myMailSettingsInput = z.object({
  personId: z.uuid({ error: MSG.idInvalid }),
  noticesByEmail: z.boolean({ error: MSG.idInvalid }),
});

/** base64url text that decodes to exactly `bytes` bytes. */
const base64urlOf = (bytes: number) =>
  z.string({ error: NOTICE_MSG.pushInvalid }).regex(/^[\w-]+=*$/, { error: NOTICE_MSG.pushInvalid }).refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, { error: NOTICE_MSG.pushInvalid });

/** A browser's push subscription (PushSubscription.toJSON()): an https endpoint and its keys (RFC 8291). */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: NOTICE_MSG.pushInvalid }).max(2000, { error: NOTICE_MSG.pushInvalid }),
  p256dh: base64urlOf(65),
  auth: base64urlOf(16),
  userAgent: z.preprocess(blankToUndefined, z.string().max(300).optional()),
});
