// Turns the request's bearer token and X-Club header into a Viewer, once per request. What it reads is cached
// (session-cache.ts): a cached request sends no statement here.
import { clubRequiresSecondFactor } from '../access/second-factor';
import { ForbiddenError, TwoFactorRequiredError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import type { AppDeps, Viewer } from '../context';
import type { CachedMembership, CachedSession } from './session-cache';

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
  // Club tokens are visible ASCII: anything else names no club (and never reaches the database as text).
  const token = clubToken?.trim();
  const lookup = token && /^[\x21-\x7e]+$/.test(token) ? token : undefined;
  const tokenHash = hashToken(bearer);
  const cache = deps.sessionCache;
  // Every change committed before this request (here or on another instance) is heard before the cache is asked.
  if (cache.serving) await cache.catchUp();
  const generation = cache.generation;
  const cachedSession = cache.session(tokenHash);
  const cachedMembership = lookup ? cache.membership(lookup) : null;
  // Whatever is not cached is looked up at once (one round trip less on a miss); the membership must be the session's.
  const [session, membership] =
    cachedSession && cachedMembership !== undefined
      ? [cachedSession, cachedMembership]
      : await Promise.all([
          cachedSession ??
            sessionByTokenHash(deps, tokenHash).then((row) => {
              if (row) cache.keepSession(tokenHash, row, generation);
              return row;
            }),
          cachedMembership !== undefined
            ? cachedMembership
            : membershipByToken(deps, lookup!).then((row) => {
                if (row) cache.keepMembership(lookup!, row, generation);
                return row;
              }),
        ]);
  const now = new Date();
  if (!session || session.revokedAt || session.expiresAt <= now || !session.accountIsActive) return null;
  if (now.getTime() - session.lastUsedAt.getTime() > deps.config.sessionIdleDays * DAY_MS) return null;

  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    // The update's notification drops the cached session everywhere before the next request is served from memory.
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

/**
 * The session a token's hash names, with its account's is_active, in one statement (a Prisma relation select costs
 * two). On the unguarded client: raw SQL; the hash is a bound parameter.
 */
async function sessionByTokenHash(deps: AppDeps, tokenHash: string): Promise<CachedSession | null> {
  const rows = await deps.systemDb.$queryRaw<CachedSession[]>`
    SELECT s.id::text AS "id", s.account_id::text AS "accountId", s.expires_at AS "expiresAt", s.revoked_at AS "revokedAt",
           s.last_used_at AS "lastUsedAt", s.second_factor_at AS "secondFactorAt", a.is_active AS "accountIsActive"
    FROM sessions s JOIN accounts a ON a.id = s.account_id
    WHERE s.token_hash = ${tokenHash}`;
  return rows[0] ?? null;
}

/**
 * The membership a club token names (its club not archived), with the club's two-factor requirement, in one
 * statement: a Prisma relation select would add a second statement to every request. On the unguarded client
 * because the club is what this finds out (no club scope can exist yet); the token is a bound parameter.
 */
async function membershipByToken(deps: AppDeps, token: string): Promise<CachedMembership | null> {
  const rows = await deps.systemDb.$queryRaw<CachedMembership[]>`
    SELECT m.id::text AS "id", m.account_id::text AS "accountId", m.club_id::text AS "clubId", m.role::text AS "role",
           m.token, m.group_ids::text[] AS "groupIds", c.require_two_factor_for_health AS "requireTwoFactorForHealth"
    FROM memberships m JOIN clubs c ON c.id = m.club_id
    WHERE m.token = ${token} AND c.archived_at IS NULL
    LIMIT 1`;
  return rows[0] ?? null;
}
