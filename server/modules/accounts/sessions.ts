import { randomToken, hashToken } from '../../lib/tokens';
import type { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../context';

type Tx = Prisma.TransactionClient;

/**
 * Opens a session and answers its bearer token (only the hash is stored). `secondFactor`: the sign-in passed the
 * second factor (two-factor/login-challenge.service.ts), which clubs requiring it check.
 */
export async function openSession(ctx: RequestContext, accountId: string, db: Tx = ctx.deps.db, { secondFactor = false } = {}): Promise<string> {
  const token = randomToken();
  const ttlMs = ctx.deps.config.sessionTtlDays * 24 * 60 * 60 * 1000;
  await db.session.create({
    data: {
      accountId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent?.slice(0, 300),
      secondFactorAt: secondFactor ? new Date() : null,
    },
  });
  return token;
}

export async function revokeSession(ctx: RequestContext, sessionId: string): Promise<void> {
  await ctx.deps.db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Revokes every session of the account (but `exceptSessionId`, the one asking, when given); answers how many. */
export async function revokeAllSessions(db: Tx, accountId: string, exceptSessionId?: string): Promise<number> {
  const { count } = await db.session.updateMany({
    where: { accountId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}
