import { loginInput } from '../../../schema/validation/auth';
import { logSignIn } from '../../access/access-log';
import { InvalidCredentialsError } from '../../lib/errors';
import { decoyHash, verifySecret } from '../../lib/passwords';
import { parseInput } from '../../lib/validate';
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import { challengeSecondFactor } from '../two-factor/login-challenge.service';
import { openSession, revokeSession } from './sessions';

export async function login(ctx: RequestContext, raw: unknown): Promise<{ token: string; accountId: string }> {
  const input = parseInput(loginInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('login', { ip: ctx.meta.ip, account: input.email });

  const account = await ctx.deps.db.account.findUnique({
    where: { email: input.email },
    select: { id: true, passwordHash: true, isActive: true },
  });
  // Unknown email and wrong password take the same time and give the same answer.
  const ok = await verifySecret(account?.passwordHash ?? (await decoyHash()), input.password);
  if (!account || !ok || !account.isActive) {
    logSignIn(ctx, { accountId: account?.id ?? null, email: input.email, ok: false });
    throw new InvalidCredentialsError();
  }
  // Two-factor sign-in on: no session yet, but a challenge for the second step (TwoFactorChallengeError).
  await challengeSecondFactor(ctx, account.id);

  await ctx.deps.limits.reset('login', input.email);
  logSignIn(ctx, { accountId: account.id, email: input.email, ok: true });
  return { token: await openSession(ctx, account.id), accountId: account.id };
}

export async function logout(ctx: RequestContext): Promise<true> {
  const viewer = requireSession(ctx);
  await revokeSession(ctx, viewer.sessionId);
  return true;
}
