// Security page: turning two-factor sign-in (TOTP) on and off for the signed-in account, and its recovery codes.
// Only the account's own rows are ever read or written (every query is keyed by the session's account).
//   start    a new secret (encrypted at rest), shown once as a QR code and as text; not active yet
//   confirm  the first code from the app turns it on, marks this session as having passed the second factor, ends
//            the account's other sessions (opened with the password alone), and answers 10 recovery codes (stored
//            hashed, shown this once)
//   disable / regenerate recovery codes   need the password or a current code
// Codes are rate limited like the password (action `twoFactor`).
import { MSG } from '../../../schema/messages';
import { totpCodeInput, twoFactorProofInput } from '../../../schema/validation/two-factor';
import { logAccountEvent } from '../../access/access-log';
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import { ConflictError, ValidationError } from '../../lib/errors';
import { verifySecret } from '../../lib/passwords';
import { parseInput } from '../../lib/validate';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { acceptSecondFactor, twoFactorBox } from './second-factor';
import { matchingStep, newTotpSecret, otpauthUri, qrCodeSvg } from './totp';
import { isUniqueViolation } from '../../db/sql-state';
import { revokeAllSessions } from '../accounts/sessions';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /** The session making the request passed the second factor (at sign-in, or by turning it on). */
  sessionVerified: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

export interface RecoveryCodesResult {
  message: string;
  recoveryCodes: string[];
}

/** Prisma's unique-constraint violation: a concurrent request created the row first. */

export async function twoFactorStatus(ctx: RequestContext): Promise<TwoFactorStatus> {
  const viewer = requireSession(ctx);
  const [row, recoveryCodesLeft] = await Promise.all([
    ctx.deps.db.accountTwoFactor.findUnique({ where: { accountId: viewer.accountId }, select: { confirmedAt: true } }),
    ctx.deps.db.recoveryCode.count({ where: { accountId: viewer.accountId, usedAt: null } }),
  ]);
  return {
    enabled: !!row?.confirmedAt,
    enabledAt: row?.confirmedAt ?? null,
    recoveryCodesLeft: row?.confirmedAt ? recoveryCodesLeft : 0,
    sessionVerified: !!viewer.secondFactor,
  };
}

/** A new secret for the app, replacing an unconfirmed one; refused while two-factor sign-in is on. */
export async function startTwoFactorSetup(ctx: RequestContext): Promise<TwoFactorSetup> {
  const viewer = requireSession(ctx);
  const { db } = ctx.deps;
  const account = await db.account.findUniqueOrThrow({
    where: { id: viewer.accountId },
    select: { email: true, twoFactor: { select: { confirmedAt: true } } },
  });
  // Once on, the secret is never shown again: turn it off first to set up another phone.
  if (account.twoFactor?.confirmedAt) throw new ConflictError(MSG.twoFactorAlreadyOn);

  const secret = newTotpSecret();
  const secretEncrypted = (await twoFactorBox(ctx)).seal(secret);
  await db.accountTwoFactor.deleteMany({ where: { accountId: viewer.accountId, confirmedAt: null } });
  try {
    await db.accountTwoFactor.create({ data: { accountId: viewer.accountId, secretEncrypted } });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(MSG.twoFactorAlreadyOn);
    throw e;
  }
  const uri = otpauthUri(secret, account.email);
  return { secret, otpauthUri: uri, qrCodeSvg: await qrCodeSvg(uri) };
}

/** The first code from the app turns two-factor sign-in on; answers the recovery codes (shown this once). */
export async function confirmTwoFactorSetup(ctx: RequestContext, raw: unknown): Promise<RecoveryCodesResult> {
  const viewer = requireSession(ctx);
  const { code } = parseInput(totpCodeInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('twoFactor', { ip: ctx.meta.ip, account: viewer.accountId });

  const { db } = ctx.deps;
  const row = await db.accountTwoFactor.findUnique({ where: { accountId: viewer.accountId } });
  if (row?.confirmedAt) throw new ConflictError(MSG.twoFactorAlreadyOn);
  if (!row) throw new ValidationError({ code: MSG.twoFactorSetupMissing }, MSG.twoFactorSetupMissing);
  const step = matchingStep((await twoFactorBox(ctx)).open(row.secretEncrypted), code);
  if (step === null) throw new ValidationError({ code: MSG.twoFactorCodeInvalid }, MSG.twoFactorCodeInvalid);

  const recoveryCodes = newRecoveryCodes();
  const now = new Date();
  await db.$transaction(async (tx) => {
    // Keyed by the secret that was checked: a setup restarted meanwhile (another tab) is not turned on by this code.
    const { count } = await tx.accountTwoFactor.updateMany({
      where: { accountId: viewer.accountId, secretEncrypted: row.secretEncrypted, confirmedAt: null },
      data: { confirmedAt: now, lastUsedStep: step },
    });
    if (count !== 1) throw new ConflictError(MSG.twoFactorSetupMissing);
    await replaceRecoveryCodes(tx, viewer.accountId, recoveryCodes);
    // This session has just proved the second factor: a club that requires it opens at once.
    await tx.session.update({ where: { id: viewer.sessionId }, data: { secondFactorAt: now } });
    // The others were opened with the password alone (perhaps by whoever made the account turn this on): they end,
    // like after a password change. The session cache hears the revocation through the database's notification.
    await revokeAllSessions(tx, viewer.accountId, viewer.sessionId);
  });
  await ctx.deps.limits.reset('twoFactor', viewer.accountId);
  logAccountEvent(ctx, viewer.accountId, 'two_factor_enabled');
  return { message: MSG.twoFactorEnabled, recoveryCodes };
}

/**
 * Turns two-factor sign-in off (password or a current code). Every session of the account loses its second-factor
 * mark: a club that requires it refuses them until the account turns it on again and signs in with a code.
 */
export async function disableTwoFactor(ctx: RequestContext, raw: unknown): Promise<{ message: string }> {
  const viewer = requireSession(ctx);
  await proveAccountHolder(ctx, viewer.accountId, raw);
  await ctx.deps.db.$transaction(async (tx) => {
    await tx.accountTwoFactor.deleteMany({ where: { accountId: viewer.accountId } });
    await tx.recoveryCode.deleteMany({ where: { accountId: viewer.accountId } });
    await tx.loginChallenge.deleteMany({ where: { accountId: viewer.accountId } });
    await tx.session.updateMany({ where: { accountId: viewer.accountId }, data: { secondFactorAt: null } });
  });
  logAccountEvent(ctx, viewer.accountId, 'two_factor_disabled');
  return { message: MSG.twoFactorDisabled };
}

/** New recovery codes (password or a current code); the previous ones stop working. */
export async function regenerateRecoveryCodes(ctx: RequestContext, raw: unknown): Promise<RecoveryCodesResult> {
  const viewer = requireSession(ctx);
  await proveAccountHolder(ctx, viewer.accountId, raw);
  const recoveryCodes = newRecoveryCodes();
  await ctx.deps.db.$transaction((tx) => replaceRecoveryCodes(tx, viewer.accountId, recoveryCodes));
  return { message: MSG.recoveryCodesRegenerated, recoveryCodes };
}

type Tx = Parameters<Parameters<RequestContext['deps']['db']['$transaction']>[0]>[0];

async function replaceRecoveryCodes(tx: Tx, accountId: string, codes: string[]): Promise<void> {
  await tx.recoveryCode.deleteMany({ where: { accountId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ accountId, codeHash: hashRecoveryCode(code) })) });
}

/**
 * The password or a current code (app or recovery) of the account, whose two-factor sign-in must be on. A wrong
 * one counts against the `twoFactor` allowance, like a wrong code at sign-in.
 */
async function proveAccountHolder(ctx: RequestContext, accountId: string, raw: unknown): Promise<void> {
  const input = parseInput(twoFactorProofInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('twoFactor', { ip: ctx.meta.ip, account: accountId });
  const account = await ctx.deps.db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { passwordHash: true, twoFactor: { select: { confirmedAt: true } } },
  });
  if (!account.twoFactor?.confirmedAt) throw new ConflictError(MSG.twoFactorNotOn);
  const proved =
    input.code !== undefined
      ? (await acceptSecondFactor(ctx, accountId, input.code)) !== null
      : await verifySecret(account.passwordHash, input.password ?? '');
  if (!proved) {
    const field = input.code !== undefined ? 'code' : 'password';
    throw new ValidationError({ [field]: MSG.twoFactorProofWrong }, MSG.twoFactorProofWrong);
  }
  await ctx.deps.limits.reset('twoFactor', accountId);
}
