import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { AUTH_MESSAGES, MAX_PASSWORD_LENGTH, passwordSchema } from './accounts-credentials';

// Settings → Your sessions and Password: a person's own signed-in sessions and their own password
// (docs/accounts.md, "Sessions and password"). The new password follows the sign-up and reset rules and messages.

export const ACCOUNT_MESSAGES = {
  notAnObject: AUTH_MESSAGES.notAnObject,
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect.',
  sameAsCurrent: 'Choose a new password that is different from your current one.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  sessionNotFound: 'This session was not found.',
  signedOut: 'That session was signed out.',
} as const;

const m = ACCOUNT_MESSAGES;

export const changePasswordSchema = z
  .object(
    {
      currentPassword: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired).max(MAX_PASSWORD_LENGTH, m.currentPasswordWrong),
      newPassword: passwordSchema,
      confirmPassword: z
        .string({ error: AUTH_MESSAGES.confirmPassword })
        .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.confirmPassword)
        .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
    },
    { error: m.notAnObject },
  )
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A session id as the list gives it: the SHA-256 (hex) of its cookie token, which cannot sign anyone in. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{64}$/;

export const accountSessionSchema = z.object({
  id: z.string(),
  /** A readable name from the browser's User-Agent at sign-in ("Chrome on Android"). */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with ("This device"). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const endSessionReplySchema = z.object({ message: z.string(), id: z.string() });
export const endOtherSessionsReplySchema = z.object({ message: z.string(), ended: z.number().int() });
export const changePasswordReplySchema = z.object({ message: z.string() });

/** "Signed out of 2 other sessions." */
export const endedOthersMessage = (n: number) =>
  n === 0 ? 'There were no other sessions to sign out.' : `Signed out of ${n} other session${n === 1 ? '' : 's'}.`;
