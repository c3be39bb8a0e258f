import { z } from 'zod';
import { normalizePhone } from '../phone';
import { BUSINESS_TYPES, MIN_PASSWORD_LENGTH } from '../constants';

// Request bodies of the account screens (spec part 1 sections 5 and 7). The messages are the spec's
// own words where it has them; the caps keep absurd input out of the database with a clear message.

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
  notAnObject: 'Request body must be a JSON object',
  // Server answers.
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  resetLinkExpired: 'This password reset link has expired or has already been used.',
  passwordResetDone: 'Your password has been reset successfully!',
  loggedOut: 'You have been signed out.',
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

const confirmPasswordSchema = z
  .string({ error: m.confirmPassword })
  .min(MIN_PASSWORD_LENGTH, m.confirmPassword)
  .max(MAX_PASSWORD_LENGTH, m.passwordTooLong);

const businessNameSchema = z
  .string({ error: m.businessNameRequired })
  .trim()
  .min(1, m.businessNameRequired)
  .max(MAX_NAME_LENGTH, m.businessNameTooLong);

const ownerNameSchema = z
  .string({ error: m.ownerNameRequired })
  .trim()
  .min(1, m.ownerNameRequired)
  .max(MAX_NAME_LENGTH, m.ownerNameTooLong);

/** A phone number as typed (US by default), stored as E.164. */
export const phoneSchema = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .max(MAX_PHONE_LENGTH, m.invalidPhone)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: m.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

const businessTypeValues = BUSINESS_TYPES.map((t) => t.value) as [string, ...string[]];
export const businessTypeSchema = z.enum(businessTypeValues, { error: m.businessTypeRequired });

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: m.passwordsDontMatch, path: ['confirmPassword'] };

/** Landing-page modal: name is the owner's name. */
export const landingSignupSchema = z
  .object(
    {
      name: ownerNameSchema,
      email: emailSchema,
      phone: phoneSchema,
      businessName: businessNameSchema,
      businessType: businessTypeSchema,
      password: passwordSchema,
      confirmPassword: confirmPasswordSchema,
    },
    body,
  )
  .refine(passwordsMatch, mismatch);
export type LandingSignupInput = z.infer<typeof landingSignupSchema>;

/** Signup screen (/signup): name is the business name. */
export const signupSchema = z
  .object({ name: businessNameSchema, email: emailSchema, password: passwordSchema, confirmPassword: confirmPasswordSchema }, body)
  .refine(passwordsMatch, mismatch);
export type SignupInput = z.infer<typeof signupSchema>;

/** The landing modal sends businessName; the signup screen does not. */
export const isLandingSignup = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'businessName' in value;

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema }, body);
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }, body);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object(
    {
      token: z.string({ error: m.tokenRequired }).trim().min(1, m.tokenRequired).max(200, m.resetLinkExpired),
      password: passwordSchema,
      confirmPassword: confirmPasswordSchema,
    },
    body,
  )
  .refine(passwordsMatch, mismatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The signed-in business as the server sends it: the contract is businessSchema (schemas/business.ts). */
export type { Business as AuthBusiness, AuthResponse } from './business';
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export const verifyResetTokenResponseSchema = z.object({ valid: z.boolean() });
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;
