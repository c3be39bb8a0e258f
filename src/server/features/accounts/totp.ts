import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../../platform/tokens';

// RFC 6238 codes with the otpauth library: SHA-1, 6 digits, 30-second steps, the ones every authenticator app
// reads from a QR code. docs/decisions/0028-two-factor.md.

const ISSUER = 'Referloop';
/** One step either side of now: a phone's clock a little off, or a code typed as it changed. */
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_LENGTH = 16;

const totpOf = (secret: string, label = 'Referloop') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A new 160-bit secret, base32 (what the app's "enter a key" asks for). */
export const newSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secret: string, email: string) => totpOf(secret, email).toString();

/** The otpauth URL as an SVG QR code in a data URL (the page's img-src allows data:). Made here, sent to no one. */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Spaces and dashes left out, lower case: how a typed code is compared. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code);
export const isRecoveryShaped = (code: string) => new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`).test(code);

/** The time step the code was made for, when it is one of now's ±1, else null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpShaped(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Ten codes of 16 base32 characters (80 bits each), shown as xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

export const hashRecoveryCode = (code: string) => sha256(`recovery:${normaliseCode(code)}`);
