import { z } from 'zod';
import { normalizePhone } from '../phone';
import { BUSINESS_TYPES, MIN_PASSWORD_LENGTH } from '../constants';
import { requiredText } from './required-text';
import { AUTH_MESSAGES, emailSchema, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_PHONE_LENGTH, passwordSchema } from './accounts-credentials';

// Request bodies of the account screens (spec part 1 sections 5 and 7). The messages, the caps, the e-mail and
// password rules and the sign-in and forgot-password bodies are in accounts-credentials.ts (re-exported here).
export * from './accounts-credentials';

const m = AUTH_MESSAGES;
const body = { error: m.notAnObject };

const confirmPasswordSchema = z
  .string({ error: m.confirmPassword })
  .min(MIN_PASSWORD_LENGTH, m.confirmPassword)
  .max(MAX_PASSWORD_LENGTH, m.passwordTooLong);

const businessNameSchema = requiredText(m.businessNameRequired, MAX_NAME_LENGTH, m.businessNameTooLong);

const ownerNameSchema = requiredText(m.ownerNameRequired, MAX_NAME_LENGTH, m.ownerNameTooLong);

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

/**
 * The browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone), optional: a body without it, or with
 * null, gets the default zone. A string the server does not know is not refused (the owner cannot fix what their
 * browser reports): the business gets the default, and the setup guide shows the zone to confirm (docs/accounts.md).
 */
export const MAX_TIME_ZONE_LENGTH = 64;
export const signupTimeZoneSchema = z
  .string({ error: m.invalidTimeZone })
  .trim()
  .max(MAX_TIME_ZONE_LENGTH, m.invalidTimeZone)
  .nullish()
  .transform((zone) => zone || undefined);

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
      timeZone: signupTimeZoneSchema,
    },
    body,
  )
  .refine(passwordsMatch, mismatch);
export type LandingSignupInput = z.infer<typeof landingSignupSchema>;

/** Signup screen (/signup): name is the business name. */
export const signupSchema = z
  .object(
    { name: businessNameSchema, email: emailSchema, password: passwordSchema, confirmPassword: confirmPasswordSchema, timeZone: signupTimeZoneSchema },
    body,
  )
  .refine(passwordsMatch, mismatch);
export type SignupInput = z.infer<typeof signupSchema>;

/** The landing modal sends businessName; the signup screen does not. */
export const isLandingSignup = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'businessName' in value;

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
export type { Business as AuthBusiness } from './business';
export const messageResponseSchema = z.object({ message: z.string() });
export const verifyResetTokenResponseSchema = z.object({ valid: z.boolean() });
