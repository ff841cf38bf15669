// GraphQL face of notices (issue 39): the staff's (recipients previewed, a notice sent, the notices and each one's
// recipients with what they did) and the mail link's (no session: the token opens and confirms). Thin adapters over
// notices.service.ts; who may call each field is the operation table's.
import { PERSON_KINDS } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import {
  cancelNotice,
  confirmNoticeByToken,
  listNotices,
  noticeRecipients,
  noticeSettings,
  openNoticeByToken,
  personNotices,
  previewNoticeRecipients,
  saveNoticeSettings,
  sendNotice,
  type NoticeByLink,
  type NoticePreview,
  type NoticeRecipientPreview,
  type NoticeHistoryCounts,
  type NoticeHistoryPage,
  type NoticeRecipientRow,
  type PersonNoticeRow,
  type SentNotice,
} from './notices.service';
import type { Notice } from '../../generated/prisma/client.js';
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { MAX_NOTICE_ATTACHMENT_BYTES, MAX_NOTICE_ATTACHMENTS } from '../../../schema/validation/notices';
import { readAttachmentUploads } from '../files/attachments';
import { noticeAttachments, type NoticeAttachmentView } from './notice-attachments.service';
import { confirmMyNotice, myNotices, openMyNotice, type MyNotice } from './notices-area.service';

const writeErrors = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];
const readErrors = [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError];

const AudienceInput = builder.inputType('NoticeAudienceInput', {
  description: 'Whom a notice concerns: any mix of these; each person is then reached through who receives for them.',
  fields: (t) => ({
    groupIds: t.idList({ description: 'The active members of these groups.' }),
    roleKinds: t.stringList({ description: `Everyone holding one of these roles: ${PERSON_KINDS.join(', ')}.` }),
    seasonId: t.id({ description: "The members (soci) of this season's libro soci." }),
    callUp: t.field({
      type: builder.inputType('NoticeCallUpInput', { fields: (f) => ({ eventId: f.id({ required: true }), occursOn: f.string({ required: true }) }) }),
      description: 'The athletes called up for this day of an event (not withdrawn).',
    }),
    personIds: t.idList({ description: 'Hand-picked people.' }),
  }),
});

const PreviewRecipientRef = builder.objectRef<NoticeRecipientPreview>('NoticeRecipientPreview').implement({
  description: 'Who would receive a notice: an adult of the audience, or a guardian of its minors.',
  fields: (t) => ({
    personId: t.exposeID('personId'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    forNames: t.exposeString('forNames', { description: 'The people of the audience they receive for.' }),
  }),
});

const PreviewRef = builder.objectRef<NoticePreview>('NoticePreview').implement({
  fields: (t) => ({
    recipients: t.field({ type: [PreviewRecipientRef], resolve: (p) => p.recipients }),
    withoutEmail: t.exposeInt('withoutEmail', { description: 'Recipients with no e-mail address: they see it only in their personal area.' }),
  }),
});

const AttachmentRef = builder.objectRef<NoticeAttachmentView & { url: string }>('NoticeAttachment').implement({
  description: "A file sent with a notice: a PDF or an image. `url` opens it for whoever reads it here (the staff: /files/<id> with the session's headers; a mail's link: its own address; the personal area: with the session).",
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    filename: t.exposeString('filename'),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    url: t.exposeString('url'),
  }),
});

const NoticeRef = builder.objectRef<Notice & { recipients?: number; confirmed?: number }>('Notice').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
    urgent: t.exposeBoolean('urgent', { description: 'Urgente: each recipient is asked to confirm the reading.' }),
    required: t.exposeBoolean('required', { description: 'Obbligatorio: mailed even to who turned notices by e-mail off, with no unsubscribe link (urgent ones always are).' }),
    createdAt: t.field({ type: 'DateTime', resolve: (n) => n.createdAt }),
    scheduledFor: t.field({ type: 'DateTime', nullable: true, description: 'The time the author chose, if any.', resolve: (n) => n.scheduledFor }),
    deliverAt: t.field({ type: 'DateTime', description: "When its mails are due: the chosen time or the sending, past the club's quiet hours unless urgent.", resolve: (n) => n.deliverAt }),
    sentAt: t.field({ type: 'DateTime', nullable: true, description: 'When its mails started (null: waiting, or cancelled).', resolve: (n) => n.sentAt }),
    cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.cancelledAt }),
    status: t.string({
      description: 'programmato (waiting for deliverAt), inviato (its mails started), annullato.',
      resolve: (n) => (n.cancelledAt ? 'annullato' : n.sentAt ? 'inviato' : 'programmato'),
    }),
    recipientCount: t.int({ nullable: true, resolve: (n) => n.recipients ?? null }),
    attachments: t.field({ type: [AttachmentRef], description: 'Its attachments, in the order attached (read per notice).', resolve: (n, _a, ctx) => noticeAttachments(ctx, n.id) }),
    confirmedCount: t.int({ nullable: true, resolve: (n) => n.confirmed ?? null }),
  }),
});

const RecipientRef = builder.objectRef<NoticeRecipientRow>('NoticeRecipient').implement({
  description: "One recipient of a notice and what happened: mailed, opened from the mail's link, confirmed.",
  fields: (t) => ({
    personId: t.id({ resolve: (r) => r.recipient.personId }),
    name: t.exposeString('name'),
    forNames: t.exposeString('forNames'),
    email: t.string({ nullable: true, resolve: (r) => r.recipient.email }),
    emailedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.recipient.emailedAt }),
    openedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.recipient.openedAt }),
    confirmedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.recipient.confirmedAt }),
    remindedAt: t.field({ type: 'DateTime', nullable: true, description: 'When an urgent notice not confirmed was recalled to them (once, 24 hours after the mail).', resolve: (r) => r.recipient.remindedAt }),
    bouncedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the mail came back (a bounce): deliveryError says why.', resolve: (r) => r.recipient.bouncedAt }),
    delivery: t.string({
      description:
        'The mail: in_attesa (the notice has not started), in_coda (being delivered, or retried after a failure), inviata (accepted by the mail server), non_recapitata (given up, or came back: see deliveryError), senza_email, disiscritto (notices by e-mail turned off; the notice is not required), bloccato (the address is blocked after repeated failures).',
      resolve: (r) => r.delivery,
    }),
    deliveryError: t.string({ nullable: true, description: "The mail server's last answer when delivery failed.", resolve: (r) => r.deliveryError }),
  }),
});

const PersonNoticeRef = builder.objectRef<PersonNoticeRow>('PersonNotice').implement({
  description: 'A notice as one person received it (themselves, or a guardian for them).',
  fields: (t) => ({
    noticeId: t.exposeID('noticeId'),
    title: t.exposeString('title'),
    urgent: t.exposeBoolean('urgent'),
    sentAt: t.field({ type: 'DateTime', description: 'When it started (or is due to).', resolve: (n) => n.sentAt }),
    recipientName: t.exposeString('recipientName', { description: 'Who received it.' }),
    forSelf: t.exposeBoolean('forSelf', { description: 'Received by the person themselves (false: by a guardian).' }),
    email: t.exposeString('email', { nullable: true }),
    delivery: t.exposeString('delivery', { description: "The mail's state, as NoticeRecipient.delivery." }),
    deliveryError: t.exposeString('deliveryError', { nullable: true }),
    openedAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.openedAt }),
    confirmedAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.confirmedAt }),
  }),
});

const CountsRef = builder.objectRef<NoticeHistoryCounts>('NoticeHistoryCounts').implement({
  description: "A notice's recipients counted, all of them whatever the page.",
  fields: (t) => ({
    total: t.exposeInt('total'),
    withEmail: t.exposeInt('withEmail', { description: 'With an e-mail address.' }),
    emailed: t.exposeInt('emailed', { description: 'Whose mail was written to the outbox.' }),
    opened: t.exposeInt('opened'),
    confirmed: t.exposeInt('confirmed'),
    reminded: t.exposeInt('reminded'),
    delivered: t.exposeInt('delivered', { description: 'Mails the mail server accepted.' }),
    failed: t.exposeInt('failed', { description: 'Mails given up or come back (non_recapitata).' }),
    bounced: t.exposeInt('bounced', { description: 'Mails that came back (bounces), counted in failed too.' }),
    skipped: t.exposeInt('skipped', { description: 'Not mailed: notices by e-mail turned off (disiscritto) or the address blocked (bloccato).' }),
    queued: t.exposeInt('queued', { description: 'Mails still to go, or retried (in_coda).' }),
    waiting: t.exposeInt('waiting', { description: 'Mails waiting for the notice to start (in_attesa).' }),
    withoutEmail: t.exposeInt('withoutEmail', { description: 'Recipients with no address (senza_email).' }),
  }),
});

const HistoryRef = builder.objectRef<NoticeHistoryPage>('NoticeHistory').implement({
  fields: (t) => ({
    notice: t.field({ type: NoticeRef, resolve: (h) => h.notice }),
    counts: t.field({ type: CountsRef, resolve: (h) => h.counts }),
    matching: t.exposeInt('matching', { description: 'Recipients matching the filter (all, or the unconfirmed), for paging.' }),
    recipients: t.field({ type: [RecipientRef], description: 'The page asked for, by name.', resolve: (h) => h.recipients }),
  }),
});

const ByLinkRef = builder.objectRef<NoticeByLink>('NoticeByLink').implement({
  description: "A notice as its recipient reads it from the mail's link.",
  fields: (t) => ({
    clubName: t.exposeString('clubName'),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
    urgent: t.exposeBoolean('urgent'),
    sentAt: t.field({ type: 'DateTime', resolve: (n) => n.sentAt }),
    recipientName: t.exposeString('recipientName'),
    forNames: t.exposeString('forNames'),
    confirmedAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.confirmedAt }),
    required: t.exposeBoolean('required', { description: 'Obbligatorio: no unsubscribe from it.' }),
    noticesByEmail: t.exposeBoolean('noticesByEmail', { description: "The recipient takes notices by e-mail (false: they unsubscribed; unsubscribeByToken, resubscribeByToken)." }),
    attachments: t.field({ type: [AttachmentRef], resolve: (n) => n.attachments }),
  }),
});

const SettingsRef = builder.objectRef<{ message?: string; quietStart: number | null; quietEnd: number | null }>('NoticeSettings').implement({
  description: "The club's notice settings.",
  fields: (t) => ({
    quietStart: t.exposeInt('quietStart', { nullable: true, description: 'Quiet hours start, minutes after midnight in Europe/Rome (1320: 22:00); null: no quiet hours.' }),
    quietEnd: t.exposeInt('quietEnd', { nullable: true, description: 'Quiet hours end (420: 07:00).' }),
    message: t.string({ nullable: true, resolve: (s) => s.message ?? null }),
  }),
});

const MyNoticeRef = builder.objectRef<MyNotice>('MyNotice').implement({
  description: 'A notice the signed-in account received, in its personal area.',
  fields: (t) => ({
    recipientId: t.exposeID('recipientId', { description: 'The receipt: what openMyNotice and confirmMyNotice name.' }),
    clubName: t.exposeString('clubName'),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
    urgent: t.exposeBoolean('urgent'),
    sentAt: t.field({ type: 'DateTime', resolve: (n) => n.sentAt }),
    forNames: t.exposeString('forNames', { description: 'The people of the family it is about.' }),
    openedAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.openedAt }),
    confirmedAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.confirmedAt }),
    attachments: t.field({ type: [AttachmentRef], resolve: (n) => n.attachments }),
  }),
});

builder.queryFields((t) => ({
  myNotices: t.field({
    type: [MyNoticeRef],
    description: "The notices the account received in every club of its family, newest first (100); those not mailed (no address) too.",
    errors: { types: [ForbiddenError, UnauthenticatedError] },
    resolve: (_r, _a, ctx) => myNotices(ctx),
  }),
  noticeSettings: t.field({ type: SettingsRef, description: "The club's quiet hours for notices.", resolve: (_r, _a, ctx) => noticeSettings(ctx) }),
  noticeRecipientsPreview: t.field({
    type: PreviewRef,
    description: 'Who a notice to this audience would reach, before sending it.',
    args: { audience: t.arg({ type: AudienceInput, required: true }) },
    errors: { types: readErrors },
    resolve: (_r, { audience }, ctx) => previewNoticeRecipients(ctx, audience),
  }),
  notices: t.field({ type: [NoticeRef], description: "The club's notices, newest first (at most 200).", resolve: (_r, _a, ctx) => listNotices(ctx) }),
  noticeHistory: t.field({
    type: HistoryRef,
    description: "A notice and each recipient's delivery, opening and confirmation.",
    args: {
      noticeId: t.arg.id({ required: true }),
      first: t.arg.int({ description: 'Recipients in the page (none: all of them).' }),
      offset: t.arg.int({ description: 'Recipients skipped before the page.' }),
      unconfirmed: t.arg.boolean({ description: 'Only who has not confirmed (urgent notices).' }),
    },
    errors: { types: readErrors },
    resolve: (_r, { noticeId, ...page }, ctx) => noticeRecipients(ctx, noticeId, page),
  }),
  personNotices: t.field({
    type: [PersonNoticeRef],
    description: 'The notices a person received, or a guardian received for them, newest first (100), with where each mail is.',
    args: { personId: t.arg.id({ required: true }) },
    errors: { types: readErrors },
    resolve: (_r, { personId }, ctx) => personNotices(ctx, personId),
  }),
}));

builder.mutationFields((t) => ({
  sendNotice: t.field({
    type: builder.objectRef<SentNotice>('SendNoticePayload').implement({
      fields: (f) => ({
        message: f.exposeString('message'),
        notice: f.field({ type: NoticeRef, resolve: (p) => p.notice }),
        recipients: f.exposeInt('recipients'),
        emailed: f.exposeInt('emailed', { description: 'Recipients with an e-mail address: their mails go from the delivery job, paced, at the notice\'s deliverAt.' }),
      }),
    }),
    args: {
      input: t.arg({
        type: builder.inputType('SendNoticeInput', {
          fields: (f) => ({
            title: f.string({ required: true }),
            body: f.string({ required: true }),
            urgent: f.boolean({ description: 'Urgente: a read confirmation is asked of each recipient.' }),
            required: f.boolean({ description: 'Obbligatorio: mailed even to who turned notices by e-mail off (urgent ones always are).' }),
            audience: f.field({ type: AudienceInput, required: true }),
            postId: f.id({ description: "The feed's post this notice sends, if any." }),
            sendAt: f.string({ description: 'Scheduled sending: an ISO 8601 instant with its offset, at most 90 days ahead; none: at once. A normal notice due in the quiet hours waits for their end.' }),
          }),
        }),
        required: true,
      }),
      attachments: t.arg({ type: ['Upload'], description: `Files sent with it (multipart request): PDF, PNG, JPEG or WebP, at most ${MAX_NOTICE_ATTACHMENTS}, 5 MB each and ${MAX_NOTICE_ATTACHMENT_BYTES / 1024 / 1024} MB together.` }),
    },
    errors: { types: writeErrors },
    resolve: (_r, { input, attachments }, ctx) =>
      sendNotice(ctx, input, () => readAttachmentUploads(attachments, { max: MAX_NOTICE_ATTACHMENTS, tooMany: NOTICE_MSG.tooManyAttachments })),
  }),
  cancelNotice: t.field({
    type: builder.objectRef<{ message: string; notice: Notice }>('CancelNoticePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), notice: f.field({ type: NoticeRef, resolve: (p) => p.notice }) }),
    }),
    description: 'Cancels a notice whose mails have not started; ConflictError once they have.',
    args: { noticeId: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { noticeId }, ctx) => cancelNotice(ctx, noticeId),
  }),
  saveNoticeSettings: t.field({
    type: SettingsRef,
    description: "Sets the club's quiet hours (minutes after midnight, Europe/Rome; both null: none).",
    args: {
      input: t.arg({
        type: builder.inputType('NoticeSettingsInput', { fields: (f) => ({ quietStart: f.int(), quietEnd: f.int() }) }),
        required: true,
      }),
    },
    errors: { types: writeErrors },
    resolve: (_r, { input }, ctx) => saveNoticeSettings(ctx, input),
  }),
  openMyNotice: t.field({
    type: MyNoticeRef,
    description: 'Opens a received notice in the personal area (the first opening is recorded).',
    args: { recipientId: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_r, { recipientId }, ctx) => openMyNotice(ctx, recipientId),
  }),
  confirmMyNotice: t.field({
    type: builder.objectRef<{ message: string; notice: MyNotice }>('ConfirmMyNoticePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), notice: f.field({ type: MyNoticeRef, resolve: (p) => p.notice }) }),
    }),
    description: 'Confirms the reading of an urgent notice from the personal area.',
    args: { recipientId: t.arg.id({ required: true }) },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_r, { recipientId }, ctx) => confirmMyNotice(ctx, recipientId),
  }),
  openNoticeByToken: t.field({
    type: ByLinkRef,
    nullable: true,
    description: "Opens a notice from its mail's link (the first opening is recorded); null when the link is unknown.",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, { token }, ctx) => openNoticeByToken(ctx, token),
  }),
  confirmNoticeByToken: t.field({
    type: builder.objectRef<{ message: string; notice: NoticeByLink }>('ConfirmNoticePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), notice: f.field({ type: ByLinkRef, resolve: (p) => p.notice }) }),
    }),
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, NotFoundError] },
    resolve: (_r, { token }, ctx) => confirmNoticeByToken(ctx, token),
  }),
}));
