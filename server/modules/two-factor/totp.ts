// TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits, 30-second steps, a 160-bit secret in base32.
// The `otpauth` library computes the codes; this file only fixes the parameters and the window.
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS } from '../../../schema/validation/two-factor';

const ISSUER = 'CampoBase';
const PERIOD_SECONDS = 30;
/** One step either side of now: a phone clock a little off, or a code typed as it changes. */
const WINDOW = 1;

const totpFor = (secret: string, email = '') =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: TOTP_DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret (base32, 32 characters). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/...` address the QR code carries. */
export const otpauthUri = (secret: string, email: string): string => totpFor(secret, email).toString();

/** The address as an SVG QR code (drawn on the server: the client bundle carries no QR library). */
export const qrCodeSvg = (uri: string): Promise<string> => QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/**
 * The time step (30-second counter) `code` belongs to, within the window around `now`, or null when it matches
 * none. Callers accept a step only once (AccountTwoFactor.lastUsedStep), so a code cannot be replayed.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The code of `secret` at `now` (tests and the demo). */
export const totpCode = (secret: string, now = Date.now()): string => totpFor(secret).generate({ timestamp: now });
