// Club tokens (X-Club) stay readable, because legacy clients read theirs from /api/login, /api/me and GraphQL `me`
// at any time: instead of hashing them, a member can replace theirs (e.g. after it leaked with a log or a script).
// The old token is refused from that moment; the session is untouched, so the client reloads `me` and goes on.
import { MSG } from '../../../schema/messages';
import { requireClub, requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import { randomToken } from '../../lib/tokens';
import { clubDb } from '../../access/request-db';

/** Replaces the viewer's token for the X-Club club and answers the membership's id (its new token via GraphQL). */
export async function rotateClubToken(ctx: RequestContext): Promise<{ message: string; membershipId: string }> {
  const membership = requireClub(ctx);
  const { accountId } = requireSession(ctx);
  await ctx.deps.limits.consume('clubTokenRotate', { account: accountId });
  await clubDb(ctx).membership.update({
    where: { id: membership.id },
    data: { token: randomToken(), tokenRotatedAt: new Date() },
  });
  return { message: MSG.clubTokenRotated, membershipId: membership.id };
}
