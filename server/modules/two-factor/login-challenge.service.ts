// The sign-in's second step. When the password is right and the account has two-factor sign-in on, login opens no
// session: it answers a challenge (256-bit token, stored as SHA-256, valid 5 minutes, single use, at most 5 codes
// tried), and completeTwoFactorLogin exchanges it with the app's code or a recovery code for a session that records
// the second factor. Wrong codes count against the `twoFactor` allowance (per account and per IP) like passwords.
import { MSG } from '../../../schema/messages';
import { completeTwoFactorLoginInput, isRecoveryCode } from '../../../schema/validation/two-factor';
import type { RequestContext } from '../../context';
import { InvalidCredentialsError, TwoFactorChallengeError, ValidationError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { openSession } from '../accounts/sessions';
import { logSignIn } from '../../access/access-log';
import { acceptSecondFactor, hasTwoFactor } from './second-factor';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * Called by login once the password is right: returns when the account has no second factor, otherwise throws
 * TwoFactorChallengeError carrying a new challenge (login's answer for the second step).
 */
export async function challengeSecondFactor(ctx: RequestContext, accountId: string): Promise<void> {
  if (!(await hasTwoFactor(ctx, accountId))) return;
  const challenge = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await ctx.deps.db.$transaction([
    // The account's stale challenges go, so the table holds at most the recent ones.
    ctx.deps.db.loginChallenge.deleteMany({ where: { accountId, expiresAt: { lt: now } } }),
    ctx.deps.db.loginChallenge.create({ data: { accountId, tokenHash: hashToken(challenge), expiresAt } }),
  ]);
  throw new TwoFactorChallengeError(challenge, expiresAt);
}

/**
 * The second step: a live challenge and a valid code open a session (marked as having passed the second factor).
 * A dead challenge (unknown, used, expired, too many wrong codes) is InvalidCredentialsError: sign in again.
 * A wrong code is ValidationError on `code`, and the same challenge may be tried again.
 */
export async function completeTwoFactorLogin(ctx: RequestContext, raw: unknown): Promise<{ token: string; accountId: string }> {
  const input = parseInput(completeTwoFactorLoginInput, raw, { summary: 'first' });
  const { db } = ctx.deps;
  const challenge = await db.loginChallenge.findUnique({
    where: { tokenHash: hashToken(input.challenge) },
    select: { id: true, accountId: true, attempts: true, expiresAt: true, usedAt: true, account: { select: { email: true, isActive: true } } },
  });
  // Counted before anything is judged, per IP always and per account when the challenge names one.
  await ctx.deps.limits.consume('twoFactor', { ip: ctx.meta.ip, account: challenge?.accountId });
  if (!challenge || challenge.usedAt || challenge.expiresAt <= new Date() || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS || !challenge.account.isActive) {
    throw new InvalidCredentialsError(MSG.twoFactorChallengeExpired);
  }

  const method = await acceptSecondFactor(ctx, challenge.accountId, input.code);
  if (!method) {
    await db.loginChallenge.update({ where: { id: challenge.id }, data: { attempts: { increment: 1 } } });
    const message = isRecoveryCode(input.code) ? MSG.twoFactorRecoveryCodeInvalid : MSG.twoFactorCodeInvalid;
    logSignIn(ctx, { accountId: challenge.accountId, email: challenge.account.email, ok: false, detail: 'Codice di verifica errato' });
    throw new ValidationError({ code: message }, message);
  }
  // Single use: of two requests with the same challenge, one opens a session.
  const { count } = await db.loginChallenge.updateMany({ where: { id: challenge.id, usedAt: null }, data: { usedAt: new Date() } });
  if (count !== 1) throw new InvalidCredentialsError(MSG.twoFactorChallengeExpired);

  await ctx.deps.limits.reset('twoFactor', challenge.accountId);
  await ctx.deps.limits.reset('login', challenge.account.email);
  logSignIn(ctx, { accountId: challenge.accountId, email: challenge.account.email, ok: true, detail: 'Con verifica in due passaggi' });
  return { token: await openSession(ctx, challenge.accountId, db, { secondFactor: true }), accountId: challenge.accountId };
}
