// Turns the request's bearer token and X-Club header into a Viewer, once per request.
import type { ClubRole } from '../access/permissions';
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
    lookup ? membershipByToken(deps, lookup) : null,
  ]);
  if (!session || session.revokedAt || session.expiresAt <= now || !session.account.isActive) return null;
  if (now.getTime() - session.lastUsedAt.getTime() > deps.config.sessionIdleDays * DAY_MS) return null;

  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.session.update({ where: { id: session.id }, data: { lastUsedAt: now } });
  }

  if (token && membership?.accountId !== session.accountId) throw new ForbiddenError();
  if (membership && !session.secondFactorAt && clubRequiresSecondFactor(membership, membership.role)) throw new TwoFactorRequiredError();
  return {
    accountId: session.accountId,
    sessionId: session.id,
    secondFactor: !!session.secondFactorAt,
    membership: membership && { id: membership.id, clubId: membership.clubId, role: membership.role, token: membership.token, groupIds: membership.groupIds },
  };
}

interface MembershipRow {
  id: string;
  accountId: string;
  clubId: string;
  role: ClubRole;
  token: string;
  groupIds: string[];
  /** The club's setting: roles with health.read must have passed the second factor. */
  requireTwoFactorForHealth: boolean;
}

/**
 * The membership a club token names (its club not archived), with the club's two-factor requirement, in one
 * statement: a Prisma relation select would add a second statement to every request. On the unguarded client
 * because the club is what this finds out (no club scope can exist yet); the token is a bound parameter.
 */
async function membershipByToken(deps: AppDeps, token: string): Promise<MembershipRow | null> {
  const rows = await deps.systemDb.$queryRaw<MembershipRow[]>`
    SELECT m.id::text AS "id", m.account_id::text AS "accountId", m.club_id::text AS "clubId", m.role::text AS "role",
           m.token, m.group_ids::text[] AS "groupIds", c.require_two_factor_for_health AS "requireTwoFactorForHealth"
    FROM memberships m JOIN clubs c ON c.id = m.club_id
    WHERE m.token = ${token} AND c.archived_at IS NULL
    LIMIT 1`;
  return rows[0] ?? null;
}
