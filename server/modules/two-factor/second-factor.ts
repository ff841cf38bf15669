// Checking a second-factor code of an account whose two-factor sign-in is on: the authenticator app's code (each
// 30-second step accepted once) or a recovery code (each accepted once). Used by the sign-in's second step and by
// the Security page's confirmations.
import { isRecoveryCode, isTotpCode } from '../../../schema/validation/two-factor';
import type { RequestContext } from '../../context';
import { loadSecretBox, type SecretBox } from '../../lib/secret-box';
import { hashRecoveryCode } from './recovery-codes';
import { matchingStep } from './totp';

export type SecondFactorMethod = 'totp' | 'recovery';

/** The key box of this installation's TOTP secrets (TWO_FACTOR_KEY, else a key file in DATA_DIR). */
export const twoFactorBox = (ctx: RequestContext): Promise<SecretBox> =>
  loadSecretBox({ configuredKey: ctx.deps.config.twoFactorKey, dataDir: ctx.deps.config.dataDir });

/** Whether the account signs in with a second factor (set up and confirmed). */
export async function hasTwoFactor(ctx: RequestContext, accountId: string): Promise<boolean> {
  const row = await ctx.deps.db.accountTwoFactor.findUnique({ where: { accountId }, select: { confirmedAt: true } });
  return !!row?.confirmedAt;
}

/**
 * Accepts a normalised `code` (schema/validation/two-factor.ts) for the account: which kind it was, or null when it
 * is refused (wrong, already used, or two-factor sign-in is off). `recovery: false` accepts only the app's code.
 */
export async function acceptSecondFactor(
  ctx: RequestContext,
  accountId: string,
  code: string,
  { recovery = true }: { recovery?: boolean } = {},
): Promise<SecondFactorMethod | null> {
  const { db } = ctx.deps;
  if (isTotpCode(code)) {
    const row = await db.accountTwoFactor.findUnique({ where: { accountId }, select: { secretEncrypted: true, confirmedAt: true } });
    if (!row?.confirmedAt) return null;
    const step = matchingStep((await twoFactorBox(ctx)).open(row.secretEncrypted), code);
    if (step === null) return null;
    // One statement decides: of two requests carrying the same code, only one is accepted.
    const { count } = await db.accountTwoFactor.updateMany({
      where: { accountId, confirmedAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
      data: { lastUsedStep: step },
    });
    return count === 1 ? 'totp' : null;
  }
  if (recovery && isRecoveryCode(code)) {
    const { count } = await db.recoveryCode.updateMany({
      where: { accountId, codeHash: hashRecoveryCode(code), usedAt: null },
      data: { usedAt: new Date() },
    });
    return count === 1 ? 'recovery' : null;
  }
  return null;
}
