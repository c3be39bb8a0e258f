import { hash, verify } from '@node-rs/argon2';
import { randomToken } from '../../platform/tokens';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum).

export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown e-mail) it still spends
 * one verification on a throw-away hash, so the answer takes as long either way.
 */
export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
