import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants';

// Request bodies of the account screens (spec part 1 sections 5 and 7), the part without phone numbers: the
// messages, the caps, e-mail and password, and the sign-in and forgot-password bodies. auth.ts re-exports these
// very objects (the server validates with them) and adds the signup and reset bodies; the sign-in page checks
// its form with these without loading the phone-number rules (libphonenumber) the signup bodies need.
// The messages are the spec's own words where it has them; the caps keep absurd input out of the database
// with a clear message.

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 120;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_PHONE_LENGTH = 40;

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  emailTooLong: `Email must be at most ${MAX_EMAIL_LENGTH} characters`,
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  businessNameRequired: 'Business name is required',
  businessNameTooLong: `Business name must be at most ${MAX_NAME_LENGTH} characters`,
  ownerNameRequired: 'Your name is required',
  ownerNameTooLong: `Your name must be at most ${MAX_NAME_LENGTH} characters`,
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Please enter a valid phone number',
  businessTypeRequired: 'Please choose a business type',
  tokenRequired: 'Reset token is required',
  invalidTimeZone: 'Please choose a time zone from the list',
  notAnObject: 'Request body must be a JSON object',
  // Server answers.
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  resetLinkExpired: 'This password reset link has expired or has already been used.',
  passwordResetDone: 'Your password has been reset successfully!',
  loggedOut: 'You have been signed out.',
  /** GET /api/auth/me with a session cookie whose session is gone (expired, or ended elsewhere). */
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

const m = AUTH_MESSAGES;
const body = { error: m.notAnObject };

export const emailSchema = z
  .string({ error: m.invalidEmail })
  .trim()
  .max(MAX_EMAIL_LENGTH, m.emailTooLong)
  .pipe(z.email(m.invalidEmail));

export const passwordSchema = z
  .string({ error: m.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, m.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, m.passwordTooLong);

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema }, body);
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }, body);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
