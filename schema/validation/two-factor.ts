// Two-factor sign-in (TOTP): the codes people type, with the same rules for the forms and the server.
//   - the 6-digit code of an authenticator app (spaces allowed: apps show "123 456");
//   - a one-time recovery code, 12 letters and digits shown as "abcd-efgh-jkmn" (case, spaces and dashes ignored).
import { z } from 'zod';
import { MSG } from '../messages';

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits nobody confuses when copying by hand (no 0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 12;

const TOTP_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** What was typed, without spaces and dashes, lower-cased. */
const normalizeCode = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toLowerCase() : typeof v === 'number' ? String(v) : v);

export const isTotpCode = (code: string) => TOTP_PATTERN.test(code);
export const isRecoveryCode = (code: string) => RECOVERY_PATTERN.test(code);

/** A recovery code as shown: "abcd-efgh-jkmn". */
export const formatRecoveryCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The authenticator app's code (turning two-factor sign-in on). */
export const totpCodeInput = z.object({
  code: z.preprocess(normalizeCode, z.string({ error: MSG.twoFactorCodeRequired }).regex(TOTP_PATTERN, { error: MSG.twoFactorCodeRequired })),
});

/** The sign-in's second step: the challenge login answered, and the app's code or a recovery code. */
export const completeTwoFactorLoginInput = z.object({
  challenge: z.string({ error: MSG.twoFactorChallengeExpired }).min(1, { error: MSG.twoFactorChallengeExpired }).max(200, { error: MSG.twoFactorChallengeExpired }),
  code: z.preprocess(
    normalizeCode,
    z
      .string({ error: MSG.twoFactorLoginCodeRequired })
      .refine((c) => isTotpCode(c) || isRecoveryCode(c), { error: MSG.twoFactorLoginCodeRequired }),
  ),
});

/**
 * Proof that the signed-in person is the account holder, to turn two-factor sign-in off or make new recovery codes:
 * the password, or a current code (app or recovery). The form has one field and sends a 6-digit value as `code`.
 */
export const twoFactorProofInput = z
  .object({
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: MSG.twoFactorProofRequired }).optional()),
    code: z.preprocess(
      (v) => (v === '' || v === null ? undefined : normalizeCode(v)),
      z
        .string({ error: MSG.twoFactorProofRequired })
        .refine((c) => isTotpCode(c) || isRecoveryCode(c), { error: MSG.twoFactorLoginCodeRequired })
        .optional(),
    ),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, { error: MSG.twoFactorProofRequired, path: ['password'] });

/**
 * The Security page's one proof field (password or code): six digits go to the server as the app's code, anything
 * else as the password (twoFactorProofInput then checks it).
 */
export const twoFactorProofField = z
  .object({
    proof: z.string({ error: MSG.twoFactorProofRequired }).refine((v) => v.trim() !== '', { error: MSG.twoFactorProofRequired }),
  })
  .transform(({ proof }): { code: string } | { password: string } => {
    const code = normalizeCode(proof) as string;
    return isTotpCode(code) ? { code } : { password: proof };
  });
