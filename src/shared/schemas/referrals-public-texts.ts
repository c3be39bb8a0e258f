// Texts of the public referral page and its two calls (spec part 2 "Public referral page", sections 5 and 8).
// No zod here: the page imports this file and must stay light (docs/referrals.md, "Public claim").

export const INVALID_REFERRAL_LINK = 'Invalid referral link';
export const LOAD_REFERRAL_FAILED = 'Failed to load referral information';
export const SUBMIT_REFERRAL_FAILED = 'Failed to submit referral';
export const FILL_ALL_FIELDS = 'Please fill in all fields';
export const INVALID_CLAIM_EMAIL = 'Please enter a valid email address';
export const INVALID_CLAIM_PHONE = 'Please enter a valid phone number';
export const WRONG_BUSINESS = 'This referral link belongs to a different business. Please open the link your friend sent again.';
export const OWN_REFERRAL = "You can't claim your own referral reward. Share your link with a friend instead.";
/** The claim page's own, unticked text-consent box (docs/referrals.md, "Text consent"), then the compliance sentence as on the forms. */
export const claimConsentText = (business: string) => `Text me about my reward and offers from ${business}.`;
export const SMS_COMPLIANCE = 'Message and data rates may apply. Message frequency varies. Reply STOP to opt out, HELP for help.';
export const INVALID_SMS_CONSENT = 'smsConsent must be true or false';
export const alreadyClient = (business: string) => `You're already a client of ${business}, so this reward is for new clients only.`;
export const alreadyReferred = (business: string) =>
  `You've already claimed a referral reward with ${business}. It's waiting for your first booking.`;
