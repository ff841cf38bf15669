// The signed-in account's own notifications: they belong to the account, not to a club, so a session is enough.
// They come from every club that notified the account: read through the account's cross-club access, always by
// accountId.
import { accountDb } from '../../access/cross-club';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';

export const NOTIFICATIONS_MAX = 100;

type NotificationArgs = Omit<Prisma.NotificationFindManyArgs, 'where' | 'orderBy' | 'take'>;

/** Newest first, at most `first` (1..100). */
export function listMyNotifications<A extends NotificationArgs>(ctx: RequestContext, first: number | null | undefined, args?: A) {
  const { accountId, db } = accountDb(ctx);
  const take = Math.min(Math.max(first ?? 20, 0), NOTIFICATIONS_MAX);
  return db.notification.findMany({
    ...args,
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  }) as Promise<Prisma.NotificationGetPayload<A>[]>;
}

/** Marks one of the viewer's notifications read (kept as first read); another account's id is NotFoundError. */
export async function markNotificationRead(ctx: RequestContext, id: unknown): Promise<string> {
  const { accountId, db } = accountDb(ctx);
  const updated = isUuid(id)
    ? await db.notification.updateMany({ where: { id, accountId, readAt: null }, data: { readAt: new Date() } })
    : { count: 0 };
  if (updated.count === 0) {
    const own = isUuid(id) ? await db.notification.findFirst({ where: { id, accountId }, select: { id: true } }) : null;
    if (!own) throw new NotFoundError();
  }
  return id as string;
}

/** One of the viewer's notifications as `args` selects it (the answer of markNotificationRead). */
export function readMyNotification(ctx: RequestContext, id: string, args?: Omit<Prisma.NotificationFindFirstOrThrowArgs, 'where'>) {
  const { accountId, db } = accountDb(ctx);
  return db.notification.findFirstOrThrow({ ...args, where: { id, accountId } });
}
