// GraphQL face of group channels (issue 39 point 4): the staff's (every group they read; moderation) and the
// personal area's (`my…`: the channels of the family's groups). Thin adapters over channels.service.ts; who may call
// each field is the operation table's, and the seat (channel-seats.ts) narrows it to the group.
import { CHANNEL_MSG } from '../../../schema/messages-channels';
import { CHANNEL_PAGE_SIZE, MAX_CHANNEL_ATTACHMENT_BYTES, MAX_CHANNEL_ATTACHMENTS, MAX_CHANNEL_MESSAGE_CHARS } from '../../../schema/validation/channels';
import { builder } from '../../graphql/builder';
import { ForbiddenError, NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { readAttachmentUploads } from '../files/attachments';
import {
  hideChannelMessage,
  markMyChannelRead,
  markStaffChannelRead,
  muteMyChannel,
  muteStaffChannel,
  myChannel,
  myChannels,
  postMyMessage,
  postStaffMessage,
  restoreChannelMessage,
  setChannelPosting,
  staffChannel,
  staffChannels,
  type ChannelAttachmentView,
  type ChannelMessageView,
  type ChannelPage,
  type ChannelSummary,
} from './channels.service';

const errors = [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError];
/** Writing is also limited: 120 messages an hour per account, 3,000 per club (RateLimitError). */
const postErrors = [...errors, RateLimitError];

const AttachmentRef = builder.objectRef<ChannelAttachmentView>('ChannelAttachment').implement({
  description: 'A file sent with a message: opened by its url (the staff: /files/<id>; the personal area: /api/area/canali/<group>/allegati/<file>).',
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    filename: t.exposeString('filename'),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size'),
    url: t.exposeString('url'),
  }),
});

const MessageRef = builder.objectRef<ChannelMessageView>('ChannelMessage').implement({
  description: `A message of a group's channel. Hidden by a moderator: the families see "${CHANNEL_MSG.removedForFamilies}" (empty body, no files); the staff see it all, with who hid it and why.`,
  fields: (t) => ({
    id: t.exposeID('id'),
    authorName: t.exposeString('authorName'),
    authorLabel: t.exposeString('authorLabel', { description: 'What the author is to the group, as when they wrote: "Allenatore", "Genitore di Luca Bianchi", "Atleta".' }),
    fromStaff: t.exposeBoolean('fromStaff'),
    mine: t.exposeBoolean('mine', { description: 'Written by the signed-in account.' }),
    body: t.exposeString('body'),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
    hidden: t.exposeBoolean('hidden'),
    hiddenAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.hiddenAt }),
    hiddenBy: t.exposeString('hiddenBy', { nullable: true }),
    hiddenReason: t.exposeString('hiddenReason', { nullable: true }),
    attachments: t.field({ type: [AttachmentRef], resolve: (m) => m.attachments }),
  }),
});

const SummaryRef = builder.objectRef<ChannelSummary>('ChannelSummary').implement({
  description: 'A channel in a list: its group, what is new, and the last message.',
  fields: (t) => ({
    groupId: t.exposeID('groupId'),
    groupName: t.exposeString('groupName'),
    clubName: t.exposeString('clubName'),
    archived: t.exposeBoolean('archived', { description: 'The group is archived: its channel is read-only.' }),
    forNames: t.exposeStringList('forNames', { description: "Personal area: the family's people in the group." }),
    unread: t.exposeInt('unread', { description: "Messages of others since the account last read the channel." }),
    muted: t.exposeBoolean('muted', { description: 'The account turned its notifications off.' }),
    lastMessage: t.field({
      type: builder.objectRef<NonNullable<ChannelSummary['lastMessage']>>('ChannelLastMessage').implement({
        fields: (f) => ({
          authorName: f.exposeString('authorName'),
          body: f.exposeString('body'),
          createdAt: f.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
          hidden: f.exposeBoolean('hidden'),
        }),
      }),
      nullable: true,
      resolve: (s) => s.lastMessage,
    }),
  }),
});

const PageRef = builder.objectRef<ChannelPage>('ChannelPage').implement({
  description: `A page of a group's conversation, oldest first: the newest ${CHANNEL_PAGE_SIZE}, or those before a message.`,
  fields: (t) => ({
    groupId: t.exposeID('groupId'),
    groupName: t.exposeString('groupName'),
    clubName: t.exposeString('clubName'),
    staff: t.exposeBoolean('staff', { description: 'Read as the club staff (moderation) rather than as a family.' }),
    mayPost: t.exposeBoolean('mayPost'),
    mayModerate: t.exposeBoolean('mayModerate'),
    familiesMayPost: t.exposeBoolean('familiesMayPost', { description: 'False: only the staff write (the channel is for announcements).' }),
    archived: t.exposeBoolean('archived'),
    muted: t.exposeBoolean('muted'),
    forNames: t.exposeStringList('forNames'),
    postingNote: t.exposeString('postingNote', { nullable: true, description: 'Why the account may not write here, when it may not.' }),
    messages: t.field({ type: [MessageRef], resolve: (p) => p.messages }),
    hasOlder: t.exposeBoolean('hasOlder', { description: 'Older messages remain: ask again with `before` set to the first message\'s id.' }),
    lastReadAt: t.field({ type: 'DateTime', nullable: true, description: 'What the account had read before (messages after it are new).', resolve: (p) => p.lastReadAt }),
  }),
});

const PostInput = builder.inputType('ChannelMessageInput', {
  fields: (t) => ({
    groupId: t.id({ required: true }),
    body: t.string({ required: true, description: `At most ${MAX_CHANNEL_MESSAGE_CHARS} characters.` }),
  }),
});
const MessagePayload = builder.objectRef<{ message: ChannelMessageView }>('ChannelMessagePayload').implement({
  fields: (t) => ({ message: t.field({ type: MessageRef, resolve: (p) => p.message }) }),
});
const ATTACHMENTS = `Files sent with it (multipart request): PDF, PNG, JPEG or WebP, at most ${MAX_CHANNEL_ATTACHMENTS}, 5 MB each and ${MAX_CHANNEL_ATTACHMENT_BYTES / 1024 / 1024} MB together.`;
const readFiles = (attachments: Parameters<typeof readAttachmentUploads>[0]) => () => readAttachmentUploads(attachments, { max: MAX_CHANNEL_ATTACHMENTS, tooMany: CHANNEL_MSG.tooManyAttachments });

const MutePayload = builder.objectRef<{ message: string; muted: boolean }>('ChannelMutePayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), muted: t.exposeBoolean('muted') }),
});

builder.queryFields((t) => ({
  groupChannels: t.field({
    type: [SummaryRef],
    description: "The staff's channels: every group of the club (a coach: the groups they coach), archived ones last.",
    errors: { types: errors },
    resolve: (_r, _a, ctx) => staffChannels(ctx),
  }),
  groupChannel: t.field({
    type: PageRef,
    description: "A group's channel as the staff read it. Another club's group is unknown, and so is an athlete group a coach does not coach (as the group itself); a coach is refused other kinds of group.",
    args: { groupId: t.arg.id({ required: true }), before: t.arg.id({ description: 'The page before this message (older).' }) },
    errors: { types: errors },
    resolve: (_r, { groupId, before }, ctx) => staffChannel(ctx, groupId, before),
  }),
  myChannels: t.field({
    type: builder.objectRef<{ channels: ChannelSummary[]; note: string | null }>('MyChannels').implement({
      fields: (f) => ({
        channels: f.field({ type: [SummaryRef], resolve: (p) => p.channels }),
        note: f.exposeString('note', { nullable: true, description: 'Why a minor of the account has no channel yet.' }),
      }),
    }),
    description: "The channels of the groups of the account's family (an adult's own groups, a guardian's children's).",
    errors: { types: errors },
    resolve: (_r, _a, ctx) => myChannels(ctx),
  }),
  myChannel: t.field({
    type: PageRef,
    description: "One of the family's channels; any other group is unknown.",
    args: { groupId: t.arg.id({ required: true }), before: t.arg.id({ description: 'The page before this message (older).' }) },
    errors: { types: errors },
    resolve: (_r, { groupId, before }, ctx) => myChannel(ctx, groupId, before),
  }),
}));

builder.mutationFields((t) => ({
  postChannelMessage: t.field({
    type: MessagePayload,
    description: "Writes in a group's channel as the club staff (at most 120 messages an hour per account).",
    args: { input: t.arg({ type: PostInput, required: true }), attachments: t.arg({ type: ['Upload'], description: ATTACHMENTS }) },
    errors: { types: postErrors },
    resolve: (_r, { input, attachments }, ctx) => postStaffMessage(ctx, input, readFiles(attachments)),
  }),
  postMyChannelMessage: t.field({
    type: MessagePayload,
    description: "Writes in one of the family's channels (refused while the channel is for the staff only; at most 120 messages an hour per account).",
    args: { input: t.arg({ type: PostInput, required: true }), attachments: t.arg({ type: ['Upload'], description: ATTACHMENTS }) },
    errors: { types: postErrors },
    resolve: (_r, { input, attachments }, ctx) => postMyMessage(ctx, input, readFiles(attachments)),
  }),
  hideChannelMessage: t.field({
    type: builder.objectRef<{ message: string; hidden: ChannelMessageView }>('HideChannelMessagePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), hidden: f.field({ type: MessageRef, resolve: (p) => p.hidden }) }),
    }),
    description: 'Hides a message from the families (moderation); the staff keep seeing it, with the reason.',
    args: {
      input: t.arg({
        type: builder.inputType('HideChannelMessageInput', { fields: (f) => ({ messageId: f.id({ required: true }), reason: f.string({ description: 'At most 200 characters.' }) }) }),
        required: true,
      }),
    },
    errors: { types: errors },
    resolve: (_r, { input }, ctx) => hideChannelMessage(ctx, input),
  }),
  restoreChannelMessage: t.field({
    type: builder.objectRef<{ message: string; restored: ChannelMessageView }>('RestoreChannelMessagePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), restored: f.field({ type: MessageRef, resolve: (p) => p.restored }) }),
    }),
    description: 'Shows a hidden message to the families again.',
    args: { messageId: t.arg.id({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { messageId }, ctx) => restoreChannelMessage(ctx, messageId),
  }),
  setChannelPosting: t.field({
    type: builder.objectRef<{ message: string; familiesMayPost: boolean }>('ChannelPostingPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), familiesMayPost: f.exposeBoolean('familiesMayPost') }),
    }),
    description: "Opens the channel to the families' messages, or keeps it for the staff only.",
    args: { groupId: t.arg.id({ required: true }), familiesMayPost: t.arg.boolean({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { groupId, familiesMayPost }, ctx) => setChannelPosting(ctx, groupId, familiesMayPost),
  }),
  muteChannel: t.field({
    type: MutePayload,
    description: "Turns the channel's notifications off (or on) for the signed-in staff member.",
    args: { groupId: t.arg.id({ required: true }), muted: t.arg.boolean({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { groupId, muted }, ctx) => muteStaffChannel(ctx, groupId, muted),
  }),
  muteMyChannel: t.field({
    type: MutePayload,
    description: "Turns one of the family's channels' notifications off (or on) for the account.",
    args: { groupId: t.arg.id({ required: true }), muted: t.arg.boolean({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { groupId, muted }, ctx) => muteMyChannel(ctx, groupId, muted),
  }),
  markChannelRead: t.field({
    type: 'Boolean',
    description: 'Marks the channel read up to now (the staff).',
    args: { groupId: t.arg.id({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { groupId }, ctx) => markStaffChannelRead(ctx, groupId),
  }),
  markMyChannelRead: t.field({
    type: 'Boolean',
    description: "Marks one of the family's channels read up to now.",
    args: { groupId: t.arg.id({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { groupId }, ctx) => markMyChannelRead(ctx, groupId),
  }),
}));
