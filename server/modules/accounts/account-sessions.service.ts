// Security page: the signed-in account's active sessions, and ending them. Only the account's own sessions are
// ever read or touched: another account's session id answers exactly like an unknown one.
import { MSG } from '../../../schema/messages';
import { requireSession } from '../../auth/policy';
import { isUuid } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import type { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../context';

/** Sessions that still open the door: not revoked, not expired, used within the idle period (see auth/viewer.ts). */
export function activeSessionsWhere(ctx: RequestContext, accountId: string, now = new Date()): Prisma.SessionWhereInput {
  const idleSince = new Date(now.getTime() - ctx.deps.config.sessionIdleDays * 24 * 60 * 60 * 1000);
  return { accountId, revokedAt: null, expiresAt: { gt: now }, lastUsedAt: { gte: idleSince } };
}

/** The `findMany` arguments of the list (the GraphQL field spreads its own selection into them). */
export function mySessionsArgs(ctx: RequestContext): { where: Prisma.SessionWhereInput; orderBy: Prisma.SessionOrderByWithRelationInput[] } {
  const { accountId } = requireSession(ctx);
  return { where: activeSessionsWhere(ctx, accountId), orderBy: [{ lastUsedAt: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }] };
}

export async function revokeMySession(ctx: RequestContext, sessionId: unknown): Promise<{ message: string; current: boolean }> {
  const viewer = requireSession(ctx);
  const { count } = await ctx.deps.db.session.updateMany({
    where: { ...activeSessionsWhere(ctx, viewer.accountId), id: isUuid(sessionId) ? sessionId : { in: [] } },
    data: { revokedAt: new Date() },
  });
  if (count !== 1) throw new NotFoundError(MSG.sessionNotFound);
  // Ending the current session is a logout: the client then clears its tokens.
  return { message: MSG.sessionRevoked, current: sessionId === viewer.sessionId };
}

export async function revokeOtherSessions(ctx: RequestContext): Promise<{ message: string; count: number }> {
  const viewer = requireSession(ctx);
  const { count } = await ctx.deps.db.session.updateMany({
    where: { ...activeSessionsWhere(ctx, viewer.accountId), id: { not: viewer.sessionId } },
    data: { revokedAt: new Date() },
  });
  return { message: MSG.otherSessionsRevoked(count), count };
}
