// Security page: a new password for the signed-in account, proven by the current one. Every other session is
// revoked (a stolen session dies with the old password); the session that made the change stays signed in.
import { MSG } from '../../../schema/messages';
import { changePasswordInput } from '../../../schema/validation/account';
import { requireSession } from '../../auth/policy';
import { ValidationError } from '../../lib/errors';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { parseInput } from '../../lib/validate';
import type { RequestContext } from '../../context';
import { revokeAllSessions } from './sessions';

export async function changePassword(ctx: RequestContext, raw: unknown): Promise<{ message: string; revokedSessions: number }> {
  const viewer = requireSession(ctx);
  const input = parseInput(changePasswordInput, raw);
  // Counted per account id (not email): the caller is already known; a thief guessing passwords is slowed like at login.
  await ctx.deps.limits.consume('passwordChange', { ip: ctx.meta.ip, account: viewer.accountId });

  const { db } = ctx.deps;
  const account = await db.account.findUniqueOrThrow({ where: { id: viewer.accountId }, select: { passwordHash: true } });
  if (!(await verifySecret(account.passwordHash, input.currentPassword))) {
    throw new ValidationError({ currentPassword: MSG.currentPasswordWrong }, MSG.currentPasswordWrong);
  }
  const passwordHash = await hashSecret(input.newPassword);
  const revokedSessions = await db.$transaction(async (tx) => {
    await tx.account.update({ where: { id: viewer.accountId }, data: { passwordHash } });
    return revokeAllSessions(tx, viewer.accountId, viewer.sessionId);
  });
  await ctx.deps.limits.reset('passwordChange', viewer.accountId);
  return { message: MSG.passwordUpdated, revokedSessions };
}
