// GraphQL face of the signed-in account's notifications (e.g. a club archived its person record).
import { builder } from '../../graphql/builder';
import { plannedSelection } from '../../graphql/selection';
import { NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { listMyNotifications, markNotificationRead, readMyNotification } from './notifications.service';

builder.prismaObject('Notification', {
  description: 'Something the signed-in account should know (e.g. a club archived its person record).',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    clubName: t.string({ select: { club: { select: { fullName: true } } }, resolve: (n) => n.club.fullName }),
  }),
});

builder.queryField('myNotifications', (t) =>
  t.prismaField({
    type: ['Notification'],
    description: "The signed-in account's notifications, newest first (needs a session, not a club).",
    args: { first: t.arg.int({ defaultValue: 20 }) },
    resolve: (query, _root, { first }, ctx) => listMyNotifications(ctx, first, { ...query }),
  }),
);

builder.mutationField('markNotificationRead', (t) =>
  t.prismaField({
    type: 'Notification',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, UnauthenticatedError] },
    resolve: async (query, _root, { id }, ctx) => {
      const selection = plannedSelection(query);
      const notificationId = await markNotificationRead(ctx, id);
      return readMyNotification(ctx, notificationId, selection);
    },
  }),
);
