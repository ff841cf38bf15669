// Turns the request's bearer token and X-Club header into a Viewer, once per request.
import { clubRequiresSecondFactor } from '../access/second-factor';
import { ForbiddenError, TwoFactorRequiredError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import type { AppDeps, Viewer } from '../context';

/**
 * Touching lastUsedAt on every request would write on every read; once in a while is enough. The idle expiry
 * (SESSION_IDLE_DAYS) reads it, so a session may live up to this much longer than its idle period.
 */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function bearerFrom(authorization: string | undefined | null): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * null when there is no valid session (missing, unknown, revoked or expired token, unused for SESSION_IDLE_DAYS,
 * or a disabled account).
 * Throws ForbiddenError when a valid session names a club it does not belong to: that request is refused
 * outright, never quietly served for another club. Throws TwoFactorRequiredError when the club requires the second
 * factor of the member's role and the session did not pass it.
 */
export async function resolveViewer(
  deps: AppDeps,
  { bearer, clubToken }: { bearer?: string; clubToken?: string },
): Promise<Viewer | null> {
  if (!bearer) return null;
  const now = new Date();
  // Club tokens are visible ASCII: anything else names no club (and never reaches the database as text).
  const token = clubToken?.trim();
  const lookup = token && /^[\x21-\x7e]+$/.test(token) ? token : undefined;
  // Both looked up at once (one round trip less on every request); the membership must then be the session's.
  const [session, membership] = await Promise.all([
    deps.db.session.findUnique({
      where: { tokenHash: hashToken(bearer) },
      select: {
        id: true,
        accountId: true,
        expiresAt: true,
        revokedAt: true,
        lastUsedAt: true,
        secondFactorAt: true,
        account: { select: { isActive: true } },
      },
    }),
    lookup
      ? deps.db.membership.findFirst({
          where: { token: lookup, club: { archivedAt: null } },
          select: {
            id: true,
            accountId: true,
            clubId: true,
            role: true,
            token: true,
            groupIds: true,
            club: { select: { requireTwoFactorForHealth: true } },
          },
        })
      : null,
  ]);
  if (!session || session.revokedAt || session.expiresAt <= now || !session.account.isActive) return null;
  if (now.getTime() - session.lastUsedAt.getTime() > deps.config.sessionIdleDays * DAY_MS) return null;

  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.session.update({ where: { id: session.id }, data: { lastUsedAt: now } });
  }

  if (token && membership?.accountId !== session.accountId) throw new ForbiddenError();
  if (membership && !session.secondFactorAt && clubRequiresSecondFactor(membership.club, membership.role)) throw new TwoFactorRequiredError();
  return {
    accountId: session.accountId,
    sessionId: session.id,
    secondFactor: !!session.secondFactorAt,
    membership: membership && { id: membership.id, clubId: membership.clubId, role: membership.role, token: membership.token, groupIds: membership.groupIds },
  };
}
