import type { Tx } from '../../db/client';
import { randomToken, sha256 } from '../../platform/tokens';
import { insertChallenge } from './two-factor-queries';

/** Between the password and the code: five minutes, then the person signs in again. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** A right password of a person with two-factor: a token for the code step (only its SHA-256 is kept), no session. */
export async function createChallenge(db: Tx, who: { businessId: number; personId: number }): Promise<string> {
  const token = randomToken();
  await insertChallenge(db, who, sha256(token), new Date(Date.now() + CHALLENGE_LIFETIME_MS));
  return token;
}
