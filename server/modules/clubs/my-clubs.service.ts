// The clubs an account belongs to (archived clubs excluded), each with the account's own token and role: what a
// client needs to switch clubs (legacy POST /api/club/load, GraphQL `me.profile.clubs`).
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';

export function listMyClubs(ctx: RequestContext) {
  const { accountId } = requireSession(ctx);
  return ctx.deps.db.membership.findMany({
    where: { accountId, club: { archivedAt: null } },
    include: { club: { include: { legalAddress: true, clubAddress: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}
