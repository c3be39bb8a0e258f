import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes are read aloud and typed from a text message.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A readable referral code such as 'JANE-7K3QX': the first name and 5 random characters (~28M per name). */
export function generateReferralCode(name: string): string {
  const first = (name.normalize('NFKD').replace(/[^A-Za-z\s]/g, '').trim().split(/\s+/)[0] ?? '').toUpperCase().slice(0, 8);
  let suffix = '';
  for (let i = 0; i < 5; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${first || 'CLIENT'}-${suffix}`;
}
