import { z } from 'zod';
import { AUTH_MESSAGES, MAX_PASSWORD_LENGTH } from './accounts-credentials';

// Two-factor sign-in (docs/accounts.md, "Two-factor sign-in"): the bodies, the replies and the sentences.

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code.',
  wrongCode: 'That code is not right. Please try again.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  setupFirst: 'Start the setup again to get a new secret.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  codeOrPassword: 'Enter a code from your authenticator app or your password.',
  wrongPassword: 'That password is not right.',
  requiredByBusiness: 'Your business requires two-factor sign-in, so it cannot be turned off.',
  setUpBeforeContinuing: 'Your business requires two-factor sign-in. Set it up to continue.',
  ownerFirst: 'Turn on two-factor sign-in for yourself first.',
  requirementOn: 'Everyone must now sign in with a second factor.',
  requirementOff: 'Two-factor sign-in is now up to each person.',
  requiredChoice: 'Please choose whether two-factor sign-in is required',
  codeStep: 'Enter the code from your authenticator app.',
} as const;

const m = TWO_FACTOR_MESSAGES;
const body = { error: AUTH_MESSAGES.notAnObject };
/** Longer than any code with spaces or dashes; anything longer is refused before it is looked at. */
export const MAX_CODE_LENGTH = 32;
const MAX_CHALLENGE_LENGTH = 200;

/** A 6-digit code or a recovery code, as typed (spaces and dashes are ignored when checked). */
export const codeSchema = z.string({ error: m.codeRequired }).trim().min(1, m.codeRequired).max(MAX_CODE_LENGTH, m.wrongCode);

export const enableTwoFactorSchema = z.object({ code: codeSchema }, body);

/** Turning off or new recovery codes: a code or the password proves it is the person. */
export const confirmIdentitySchema = z
  .object(
    {
      code: z.string({ error: m.codeOrPassword }).trim().max(MAX_CODE_LENGTH, m.wrongCode).optional(),
      password: z.string({ error: m.codeOrPassword }).max(MAX_PASSWORD_LENGTH, m.wrongPassword).optional(),
    },
    body,
  )
  .refine((v) => Boolean(v.code) || Boolean(v.password), { message: m.codeOrPassword });
export type ConfirmIdentityInput = z.infer<typeof confirmIdentitySchema>;

export const loginCodeSchema = z.object(
  { challenge: z.string({ error: m.challengeExpired }).min(1, m.challengeExpired).max(MAX_CHALLENGE_LENGTH, m.challengeExpired), code: codeSchema },
  body,
);
export type LoginCodeInput = z.infer<typeof loginCodeSchema>;

export const twoFactorRequirementSchema = z.object({ required: z.boolean({ error: m.requiredChoice }) }, body);

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  requiredByBusiness: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL made on the server. */
  qrCode: z.string(),
});

export const recoveryCodesReplySchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** POST /api/auth/login for a person with two-factor: no session yet, the code step sends `challenge` back. */
export const loginChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string(), message: z.string() });

export const twoFactorRequirementReplySchema = z.object({ required: z.boolean(), message: z.string() });
