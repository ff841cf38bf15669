// Turns the request's bearer token and X-Club header into a Viewer, once per request.
import { ForbiddenError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import type { AppDeps, Viewer } from '../context';

/** Touching lastUsedAt on every request would write on every read; once in a while is enough. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function bearerFrom(authorization: string | undefined | null): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * null when there is no valid session (missing, unknown, revoked or expired token, or a disabled account).
 * Throws ForbiddenError when a valid session names a club it does not belong to: that request is refused
 * outright, never quietly served for another club.
 */
export async function resolveViewer(
  deps: AppDeps,
  { bearer, clubToken }: { bearer?: string; clubToken?: string },
): Promise<Viewer | null> {
  if (!bearer) return null;
  const now = new Date();
  const token = clubToken?.trim();
  // Both looked up at once (one round trip less on every request); the membership must then be the session's.
  const [session, membership] = await Promise.all([
    deps.db.session.findUnique({
      where: { tokenHash: hashToken(bearer) },
      select: { id: true, accountId: true, expiresAt: true, revokedAt: true, lastUsedAt: true, account: { select: { isActive: true } } },
    }),
    token
      ? deps.db.membership.findFirst({
          where: { token, club: { archivedAt: null } },
          select: { id: true, accountId: true, clubId: true, role: true, token: true },
        })
      : null,
  ]);
  if (!session || session.revokedAt || session.expiresAt <= now || !session.account.isActive) return null;

  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.session.update({ where: { id: session.id }, data: { lastUsedAt: now } });
  }

  if (token && membership?.accountId !== session.accountId) throw new ForbiddenError();
  return {
    accountId: session.accountId,
    sessionId: session.id,
    membership: membership && { id: membership.id, clubId: membership.clubId, role: membership.role, token: membership.token },
  };
}
