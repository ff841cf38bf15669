// Leads hold the contact details of people who are not (yet) customers: only CampoBase operators read them,
// never a club, whatever its role. Operators are accounts flagged from the command line (scripts/grant-operator.ts).
import { MSG } from '../../../schema/messages';
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import { ForbiddenError } from '../../lib/errors';

/** Anonymous -> UnauthenticatedError (401); a signed-in account that is not an operator -> ForbiddenError (403). */
export async function requireOperator(ctx: RequestContext): Promise<{ accountId: string }> {
  const { accountId } = requireSession(ctx);
  // Read on every request, not cached in the session: a revoke takes effect at once.
  const account = await ctx.deps.db.account.findUnique({ where: { id: accountId }, select: { isOperator: true, isActive: true } });
  if (!account?.isActive || !account.isOperator) throw new ForbiddenError(MSG.operatorsOnly);
  return { accountId };
}
