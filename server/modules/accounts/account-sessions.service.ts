// Security page: the signed-in account's active sessions, and ending them. Only the account's own sessions are
// ever read or touched: another account's session id answers exactly like an unknown one.
import { MSG } from '../../../schema/messages';
import { requireSession } from '../../auth/policy';
import { isUuid } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import type { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../context';

/** Sessions that still open the door: not revoked, not expired. */
export function activeSessionsWhere(accountId: string, now = new Date()): Prisma.SessionWhereInput {
  return { accountId, revokedAt: null, expiresAt: { gt: now } };
}

/** The `findMany` arguments of the list (the GraphQL field spreads its own selection into them). */
export function mySessionsArgs(ctx: RequestContext): { where: Prisma.SessionWhereInput; orderBy: Prisma.SessionOrderByWithRelationInput[] } {
  const { accountId } = requireSession(ctx);
  return { where: activeSessionsWhere(accountId), orderBy: [{ lastUsedAt: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }] };
}

export async function revokeMySession(ctx: RequestContext, sessionId: unknown): Promise<{ message: string; current: boolean }> {
  const viewer = requireSession(ctx);
  const { count } = await ctx.deps.db.session.updateMany({
    where: { ...activeSessionsWhere(viewer.accountId), id: isUuid(sessionId) ? sessionId : { in: [] } },
    data: { revokedAt: new Date() },
  });
  if (count !== 1) throw new NotFoundError(MSG.sessionNotFound);
  // Ending the current session is a logout: the client then clears its tokens.
  return { message: MSG.sessionRevoked, current: sessionId === viewer.sessionId };
}

export async function revokeOtherSessions(ctx: RequestContext): Promise<{ message: string; count: number }> {
  const viewer = requireSession(ctx);
  const { count } = await ctx.deps.db.session.updateMany({
    where: { ...activeSessionsWhere(viewer.accountId), id: { not: viewer.sessionId } },
    data: { revokedAt: new Date() },
  });
  return { message: MSG.otherSessionsRevoked(count), count };
}
