import type { Db } from '../../db/client';
import { HttpError } from '../../platform/errors';
import * as counters from '../../platform/rate-limit-counters';
import { ACCOUNT_MESSAGES, type ChangePasswordInput } from '../../../shared/schemas/account-sessions';
import { PASSWORD_CHANGE_PER_PERSON } from './limits';
import { hash as hashPassword } from '@node-rs/argon2';
import * as pq from './people-queries';
import * as q from './queries';
import { checkPassword, tooMany } from './service';
import { endOtherSessions } from './sessions';

type Who = { businessId: number; personId: number; sessionId: string };

/**
 * A person changes their own password with the current one (docs/accounts.md, "Sessions and password"). Each
 * attempt is counted before the current password is checked, as sign-in counts; a right one takes it back. The new
 * hash, the end of the person's other sessions and of their open reset links are one transaction.
 */
export async function changePassword(db: Db, who: Who, input: ChangePasswordInput): Promise<void> {
  const attempt = await counters.hit(db, PASSWORD_CHANGE_PER_PERSON, String(who.personId));
  if (attempt.limited) throw tooMany('password attempts', attempt.resetAt);
  const person = await pq.findPerson(db, who.businessId, who.personId);
  if (!person || !(await checkPassword(person.passwordHash, input.currentPassword))) throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  await counters.clear(db, PASSWORD_CHANGE_PER_PERSON, String(who.personId));
  if (input.newPassword === input.currentPassword) throw new HttpError(400, ACCOUNT_MESSAGES.sameAsCurrent);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await pq.updatePersonPassword(tx, who, passwordHash);
    await endOtherSessions(tx, who.personId, who.sessionId);
    // A reset link asked for before the change must not undo it (no link has id 0, so every open one ends).
    await q.retireOtherResetTokens(tx, who.personId, 0);
  });
}
