import { z } from 'zod';

/** Why the business may text a client marketing: a booking with it, a form opt-in, or a referral claim opt-in. */
export const TEXTING_BASES = ['booking', 'form', 'claim'] as const;
export type TextingBasis = (typeof TEXTING_BASES)[number];

export const BASIS_LABEL: Record<TextingBasis, string> = { booking: 'Booked with you', form: 'Opted in on a form', claim: 'Opted in on the referral page' };
export const OPTED_OUT_LABEL = 'Opted out';
export const NO_BASIS_LABEL = 'No opt-in';

/** A client's texting state (docs/sms.md, "Who gets marketing texts"). */
export const textingSchema = z.object({
  optedOut: z.boolean(),
  /** The number cannot take texts (a landline, not a valid number), as the provider said. */
  unreachable: z.object({ code: z.number(), label: z.string(), advice: z.string() }).nullable(),
  basis: z.enum(TEXTING_BASES).nullable(),
});
export type Texting = z.infer<typeof textingSchema>;

/** Shown on a lead or referral whose phone the business may not text, and on its disabled Send SMS / Follow Up. */
export const NO_CONSENT_LABEL = 'Did not agree to texts';
/** The send service's refusal of a text to a number without a basis (docs/sms.md, "Consent to text"). */
export const noConsentMessage = (name: string) =>
  `${name} did not agree to texts, so no text was sent: no booking with you, no SMS opt-in on a form or the referral page, and no text from them.`;
