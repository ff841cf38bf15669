// Password recovery (spec §4): request a 6-digit code by email, verify it for a single-use reset token,
// reset the password. Codes and tokens are stored hashed; the answer to an unknown email is the same, in the same time.
import { MSG } from '../../../schema/messages';
import { RESET_CODE_LENGTH } from '../../../schema/constants';
import { forgotPasswordInput, resetPasswordInput, verifyResetCodeInput } from '../../../schema/validation/auth';
import { ValidationError } from '../../lib/errors';
import { decoyHash, hashSecret, verifySecret } from '../../lib/passwords';
import { hashToken, randomDigits, randomToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import type { RequestContext } from '../../context';
import { revokeAllSessions } from './sessions';

export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/**
 * Answers at once, the same for every email: the request only validates and counts the rate limit. Looking the
 * account up, storing the code and mailing it happen after the answer, so a known email costs no more time than an
 * unknown one (the audit measured 7 ms) and a slow mail server delays nobody; failures are logged.
 */
export async function requestPasswordReset(ctx: RequestContext, raw: unknown): Promise<true> {
  const { email } = parseInput(forgotPasswordInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('forgot', { ip: ctx.meta.ip, account: email });
  ctx.deps.background.run('password reset code', () => sendResetCode(ctx.deps, email, ctx.meta.ip));
  return true;
}

async function sendResetCode({ db, mailer, log }: RequestContext['deps'], email: string, ip?: string): Promise<void> {
  const account = await db.account.findUnique({ where: { email }, select: { id: true, isActive: true } });
  if (!account?.isActive) return;
  const code = randomDigits(RESET_CODE_LENGTH);
  const codeHash = await hashSecret(code);
  await db.$transaction([
    // A new code replaces any earlier one still pending.
    db.passwordReset.updateMany({ where: { accountId: account.id, usedAt: null }, data: { usedAt: new Date() } }),
    db.passwordReset.create({ data: { accountId: account.id, codeHash, expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS) } }),
  ]);
  await mailer.send(
    {
      to: email,
      subject: 'CampoBase: il tuo codice per reimpostare la password',
      text:
        `Ciao,\n\nil tuo codice per reimpostare la password di CampoBase è: ${code}\n\n` +
        `Il codice vale 10 minuti e si può usare una sola volta.\n` +
        `Se non hai chiesto tu di reimpostare la password, ignora questo messaggio: la tua password resta invariata.\n\n` +
        `Il team CampoBase\n`,
    },
    { ip },
  );
  log.info({ accountId: account.id }, 'password reset code sent');
}

export async function verifyPasswordResetCode(ctx: RequestContext, raw: unknown): Promise<{ resetToken: string }> {
  const { email, code } = parseInput(verifyResetCodeInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('verify', { ip: ctx.meta.ip, account: email });
  const invalid = (message: string = MSG.codeInvalid) => new ValidationError({ code: message }, message);

  const { db } = ctx.deps;
  const reset = await db.passwordReset.findFirst({
    where: { account: { email, isActive: true }, usedAt: null, verifiedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: 'desc' },
  });
  if (!reset) {
    await verifySecret(await decoyHash(), code);
    throw invalid();
  }
  if (!(await verifySecret(reset.codeHash, code))) {
    const attempts = reset.attempts + 1;
    const exhausted = attempts >= RESET_CODE_MAX_ATTEMPTS;
    await db.passwordReset.update({ where: { id: reset.id }, data: { attempts, usedAt: exhausted ? new Date() : null } });
    throw invalid(exhausted ? MSG.codeTooManyAttempts : MSG.codeInvalid);
  }

  const resetToken = randomToken();
  // The where on verifiedAt makes the code single-use even if two verifications race.
  const { count } = await db.passwordReset.updateMany({
    where: { id: reset.id, verifiedAt: null, usedAt: null },
    data: { verifiedAt: new Date(), resetTokenHash: hashToken(resetToken), resetTokenExpires: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  });
  if (count !== 1) throw invalid();
  return { resetToken };
}

export async function resetPassword(ctx: RequestContext, raw: unknown): Promise<true> {
  const input = parseInput(resetPasswordInput, raw, { summary: 'first' });
  const { db } = ctx.deps;
  const tokenInvalid = () => new ValidationError({ resetToken: MSG.resetTokenInvalid }, MSG.resetTokenInvalid);

  const reset = await db.passwordReset.findUnique({
    where: { resetTokenHash: hashToken(input.resetToken) },
    select: { id: true, accountId: true, usedAt: true, resetTokenExpires: true, account: { select: { email: true } } },
  });
  if (!reset || reset.usedAt || !reset.resetTokenExpires || reset.resetTokenExpires <= new Date() || reset.account.email !== input.email) {
    throw tokenInvalid();
  }
  const passwordHash = await hashSecret(input.password);
  await db.$transaction(async (tx) => {
    const { count } = await tx.passwordReset.updateMany({ where: { id: reset.id, usedAt: null }, data: { usedAt: new Date() } });
    if (count !== 1) throw tokenInvalid();
    await tx.account.update({ where: { id: reset.accountId }, data: { passwordHash } });
    await revokeAllSessions(tx, reset.accountId);
  });
  return true;
}
