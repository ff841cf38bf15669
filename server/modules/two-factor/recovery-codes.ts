// One-time recovery codes: shown once, stored as SHA-256 (about 59 random bits each, so a leaked table cannot be
// reversed in practice), each accepted once.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../schema/validation/two-factor';
import { hashToken } from '../../lib/tokens';

/** `count` new codes, normalised (no dashes): the screens format them as "abcd-efgh-jkmn". */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(''),
  );
}

/** The stored form of a normalised code. */
export const hashRecoveryCode = (code: string): string => hashToken(`recovery:${code}`);
