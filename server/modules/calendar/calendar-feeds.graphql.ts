// GraphQL face of the private calendar feeds (issue 38 point 4): staff make a group's or a person's; a family makes
// its own in the personal area. The link's address is answered once, when made (the token is stored hashed).
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { calendarFeeds, createCalendarFeed, createMyCalendarFeed, myCalendarFeeds, revokeCalendarFeed, revokeMyCalendarFeed, type FamilyFeed } from './calendar-feeds.service';
import { MessageRef } from './calendar.graphql';

const writeErrors = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];

builder.prismaObject('CalendarFeed', {
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'group, person or family' }),
    targetId: t.exposeID('targetId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    revoked: t.boolean({ resolve: (f) => f.revokedAt !== null }),
  }),
});

const FamilyFeedRef = builder.objectRef<FamilyFeed>('FamilyCalendarFeed').implement({
  description: "A private calendar link of the account's family in one club.",
  fields: (t) => ({
    id: t.id({ resolve: (f) => f.feed.id }),
    clubId: t.exposeID('clubId'),
    clubName: t.exposeString('clubName'),
    createdAt: t.field({ type: 'DateTime', resolve: (f) => f.feed.createdAt }),
    revoked: t.boolean({ resolve: (f) => f.feed.revokedAt !== null }),
  }),
});

const CreatedRef = builder.objectRef<{ message: string; url: string; feed: { id: string } }>('CalendarFeedPayload').implement({
  fields: (f) => ({ message: f.exposeString('message'), url: f.exposeString('url', { description: 'Shown once: the token is stored hashed.' }), id: f.id({ resolve: (p) => p.feed.id }) }),
});

builder.queryFields((t) => ({
  calendarFeeds: t.prismaField({ type: ['CalendarFeed'], args: { kind: t.arg.string({ required: true }), targetId: t.arg.id({ required: true }) }, resolve: (_q, _r, { kind, targetId }, ctx) => calendarFeeds(ctx, kind, targetId) }),
  myCalendarFeeds: t.field({ type: [FamilyFeedRef], description: "The family's calendar links in each of its clubs, newest first.", resolve: (_r, _a, ctx) => myCalendarFeeds(ctx) }),
}));

builder.mutationFields((t) => ({
  createCalendarFeed: t.field({
    type: CreatedRef,
    args: { kind: t.arg.string({ required: true, description: 'group or person' }), targetId: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { kind, targetId }, ctx) => createCalendarFeed(ctx, kind, targetId),
  }),
  revokeCalendarFeed: t.field({ type: MessageRef, args: { id: t.arg.id({ required: true }) }, errors: { types: writeErrors }, resolve: (_r, { id }, ctx) => revokeCalendarFeed(ctx, id) }),
  createMyCalendarFeed: t.field({
    type: CreatedRef,
    description: "A calendar link of the family's events in one of its clubs: its people's groups, as they stand when fetched.",
    args: { clubId: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { clubId }, ctx) => createMyCalendarFeed(ctx, clubId),
  }),
  revokeMyCalendarFeed: t.field({ type: MessageRef, args: { id: t.arg.id({ required: true }) }, errors: { types: writeErrors }, resolve: (_r, { id }, ctx) => revokeMyCalendarFeed(ctx, id) }),
}));
