import { z } from 'zod';
import { providerIdFields } from './provider-ids';
import { TEMPLATE_MIN_LENGTH } from '../constants';
import { idInput } from './ids';
import { isPublicHttpsUrl } from '../public-url';
import { requiredText } from './required-text';
import { scheduledSendSchema } from './send-time';

// SMS set-up, sending and outreach settings (spec part 2 sections 5, 7 and 8; docs/sms.md).
// Request bodies and the replies the server serialises through.

export const AREA_CODE_OR_ZIP_REQUIRED = 'Area code or ZIP code required';
export const NO_NUMBERS_MESSAGE = 'No available numbers in this area code. Please try a nearby one.';
export const MAX_SMS_BODY = 1600;

const text = (max: number, tooLong: string) => z.string({ error: 'Invalid input' }).trim().max(max, { error: tooLong });
const areaCode = text(3, 'Area code must be 3 digits at most').regex(/^\d*$/, { error: 'Area code must be digits only' });
const zipCode = text(5, 'ZIP code must be 5 digits at most').regex(/^\d*$/, { error: 'ZIP code must be digits only' });
const optional = <S extends z.ZodType>(s: S) => s.nullish().transform((v) => (v ? (v as string) : undefined));

/** POST /api/sms/search-numbers: areaCode or businessZipCode (either may be absent, not both). */
export const searchNumbersSchema = z
  .object({ areaCode: optional(areaCode), businessZipCode: optional(zipCode) })
  .refine((v) => Boolean(v.areaCode || v.businessZipCode), { error: AREA_CODE_OR_ZIP_REQUIRED });

export const availableNumberSchema = z.object({
  phoneNumber: z.string(),
  friendlyName: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;

export const searchNumbersResponseSchema = z.object({ success: z.boolean(), numbers: z.array(availableNumberSchema), message: z.string() });

/** POST /api/sms/purchase-number. */
export const purchaseNumberSchema = z.object({
  phoneNumber: text(20, 'Please choose a number from the list')
    .min(1, { error: 'Please choose a number from the list' })
    .register(providerIdFields, { kind: 'number' }),
  areaCode: optional(areaCode),
});

export const purchaseNumberResponseSchema = z.object({
  success: z.literal(true),
  /** (512) 555-0110 */
  friendlyNumber: z.string(),
  /** E.164 */
  phoneNumber: z.string(),
  message: z.string(),
});

export const FORWARDING_NUMBER_REQUIRED = 'Please enter your personal phone number to forward replies to';

/** POST /api/sms/assign-local-number (onboarding). */
export const assignLocalNumberSchema = z
  .object({
    preferredAreaCode: optional(areaCode),
    businessZipCode: optional(zipCode),
    forwardingNumber: optional(text(30, 'Please enter a valid phone number')),
    enableForwarding: z.boolean({ error: 'Invalid input' }).optional().default(true),
  })
  .refine((v) => Boolean(v.preferredAreaCode || v.businessZipCode), { error: AREA_CODE_OR_ZIP_REQUIRED })
  .refine((v) => !v.enableForwarding || Boolean(v.forwardingNumber), { error: FORWARDING_NUMBER_REQUIRED, path: ['forwardingNumber'] });

export const assignLocalNumberResponseSchema = z.object({
  success: z.literal(true),
  /** E.164, as the spec's response names it. */
  twilioPhoneNumber: z.string(),
  friendlyNumber: z.string(),
  message: z.string(),
});

export const MESSAGE_TYPES = ['followUp', 'thankYou', 'referral', 'review', 'custom'] as const;

/** POST /api/outreach/send-sms (insights follow-up and other one-to-one texts). */
export const sendSmsSchema = z.object({
  clientId: idInput('Invalid input'),
  messageType: z.enum(MESSAGE_TYPES, { error: 'Invalid input' }).optional().default('followUp'),
  messageContent: text(MAX_SMS_BODY, `The message is too long (${MAX_SMS_BODY} characters at most)`).min(1, { error: 'Please enter a message' }),
});

export const sentSmsSchema = z.object({
  id: z.number().int(),
  sid: z.string(),
  status: z.string(),
  to: z.string(),
  body: z.string(),
  segments: z.number().int(),
});

/** `sms` is the text sent now; null when it waits for the client's hours (`scheduled`, docs/sms-send-window.md). */
export const sendSmsResponseSchema = z.object({ success: z.literal(true), message: z.string(), sms: sentSmsSchema.nullable(), scheduled: scheduledSendSchema.nullable() });

export const customMessagesSchema = z.object({
  referral: z.string(),
  thankYou: z.string(),
  followUp: z.string(),
  review: z.string(),
});
export type CustomMessages = z.infer<typeof customMessagesSchema>;

/** The four templates a business starts with (docs/sms.md). The reward is a phrase ("$25 off", "a free
 * add-on service"), so each sentence puts it where any phrase reads naturally: after "get". */
export const DEFAULT_CUSTOM_MESSAGES: CustomMessages = {
  referral: "Hi {clientName}! Thanks for being a great client. Share your link with friends and they'll get {referralDiscount} when they book: {referralLink}",
  thankYou:
    "Hi {clientName}, thank you for choosing us! We hope you loved the service. Know someone who would too? They get {referralDiscount} when they book with your link: {referralLink}",
  // Goes to the referred friend (docs/sms-automations.md): {clientName} is the friend, {referralLink} the referrer's link.
  followUp: "Hi {clientName}, just checking in! You still get {referralDiscount} when you book your first visit with your friend's link: {referralLink}",
  review: 'Hi {clientName}, thanks again for your business! Would you leave us a quick review? It helps a lot: {googleReviewLink}',
};

/** Automated texts (docs/sms-automations.md): no recipient gets the same kind twice within its cool-down. */
export const DEFAULT_COOLDOWN_DAYS = { thankYou: 14, review: 180, followUp: 30 } as const;
export const MAX_COOLDOWN_DAYS = 365;
/** Review requests at most once per 180 days; an owner may lengthen it, never shorten it. */
export const MIN_REVIEW_COOLDOWN_DAYS = 180;
export const COOLDOWN_DAYS_MESSAGE = `Cool-down must be a whole number of days from 0 to ${MAX_COOLDOWN_DAYS}`;
export const REVIEW_COOLDOWN_MESSAGE = `Review requests go to a client at most once every ${MIN_REVIEW_COOLDOWN_DAYS} days: enter ${MIN_REVIEW_COOLDOWN_DAYS} to ${MAX_COOLDOWN_DAYS}`;

/** A review request not opened gets one reminder after 2 to 7 days (default 3), or none (docs/reviews.md). */
export const MIN_REVIEW_REMINDER_DAYS = 2;
export const MAX_REVIEW_REMINDER_DAYS = 7;
export const REVIEW_REMINDER_DAYS_MESSAGE = `Choose ${MIN_REVIEW_REMINDER_DAYS} to ${MAX_REVIEW_REMINDER_DAYS} days for the review reminder, or turn it off`;
export const MAX_REFER_AFTER_REVIEW_DAYS = 14;
export const REFER_AFTER_REVIEW_DAYS_MESSAGE = `Choose 1 to ${MAX_REFER_AFTER_REVIEW_DAYS} days after the review link was opened`;
/** Reminders, and the referral ask after a review, start as the spec's defaults: a reminder after 3 days; no ask. */
export const DEFAULT_REVIEW_FOLLOW_UPS = { reviewReminderDays: 3, askReviewersToRefer: false, referAfterReviewDays: 2 } as const;
/** The one reminder of a review request not opened (docs/reviews.md): the same short link. */
export const REVIEW_REMINDER_TEMPLATE = 'Hi {clientName}, a quick reminder from {businessName}: if you have a minute, a review would mean a lot: {googleReviewLink}';

const cooldown = (min = 0, message = COOLDOWN_DAYS_MESSAGE) =>
  z
    .number({ error: COOLDOWN_DAYS_MESSAGE })
    .int({ error: COOLDOWN_DAYS_MESSAGE })
    .min(min, { error: message })
    .max(MAX_COOLDOWN_DAYS, { error: message });

export const cooldownDaysSchema = z.object({
  thankYou: cooldown(),
  review: cooldown(MIN_REVIEW_COOLDOWN_DAYS, REVIEW_COOLDOWN_MESSAGE),
  followUp: cooldown(),
});

export const autoMessageSettingsSchema = z.object({
  autoSendThankYou: z.boolean({ error: 'Invalid input' }),
  autoSendFollowUp: z.boolean({ error: 'Invalid input' }),
  /** Review requests: off until the owner turns them on. */
  autoSendReview: z.boolean({ error: 'Invalid input' }),
  cooldownDays: cooldownDaysSchema,
  /** One reminder after this many days not opened (docs/reviews.md); null: no reminders. */
  reviewReminderDays: z
    .number({ error: REVIEW_REMINDER_DAYS_MESSAGE })
    .int({ error: REVIEW_REMINDER_DAYS_MESSAGE })
    .min(MIN_REVIEW_REMINDER_DAYS, { error: REVIEW_REMINDER_DAYS_MESSAGE })
    .max(MAX_REVIEW_REMINDER_DAYS, { error: REVIEW_REMINDER_DAYS_MESSAGE })
    .nullable(),
  /** "Ask reviewers to refer": the Referral Request template, once, this many days after the review link was opened. */
  askReviewersToRefer: z.boolean({ error: 'Invalid input' }),
  referAfterReviewDays: z
    .number({ error: REFER_AFTER_REVIEW_DAYS_MESSAGE })
    .int({ error: REFER_AFTER_REVIEW_DAYS_MESSAGE })
    .min(1, { error: REFER_AFTER_REVIEW_DAYS_MESSAGE })
    .max(MAX_REFER_AFTER_REVIEW_DAYS, { error: REFER_AFTER_REVIEW_DAYS_MESSAGE }),
});
export type AutoMessageSettingsOut = z.infer<typeof autoMessageSettingsSchema>;
/** What POST /api/outreach/settings accepts: any part of the settings (a cool-down alone, one toggle). */
export const autoMessageSettingsInputSchema = autoMessageSettingsSchema.extend({ cooldownDays: cooldownDaysSchema.partial() }).partial();
export type AutoMessageSettingsInput = z.infer<typeof autoMessageSettingsInputSchema>;

const template = (label: string) =>
  z
    .string({ error: `${label} message must be at least ${TEMPLATE_MIN_LENGTH} characters` })
    .trim()
    .min(TEMPLATE_MIN_LENGTH, { error: `${label} message must be at least ${TEMPLATE_MIN_LENGTH} characters` })
    .max(MAX_SMS_BODY, { error: `${label} message is too long (${MAX_SMS_BODY} characters at most)` });

const REFERRER_REWARD_INVALID = 'Referrer reward must be text';

/** POST /api/outreach/settings, with the spec's validation texts (part 2 section 5, "SMS templates"). */
export const outreachSettingsInputSchema = z.object({
  referralDiscount: requiredText('Referral discount is required', 50, 'Referral discount is too long (50 characters at most)'),
  /** The referrer's reward: empty or null for none; left out, the saved one stays (docs/referrals.md). */
  referrerReward: z
    .string({ error: REFERRER_REWARD_INVALID })
    .trim()
    .max(50, { error: 'Referrer reward is too long (50 characters at most)' })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  googleReviewLink: z
    .string({ error: 'Must be a valid URL' })
    .trim()
    .refine((v) => v === '' || isPublicHttpsUrl(v), { error: 'Must be a valid URL' })
    .nullish()
    .transform((v) => v || null),
  customMessages: z.object(
    {
      referral: template('Referral'),
      thankYou: template('Thank you'),
      followUp: template('Follow up'),
      review: template('Review request'),
    },
    { error: 'Referral message must be at least 10 characters' },
  ),
  autoMessageSettings: autoMessageSettingsInputSchema.optional(),
});
export type OutreachSettingsInput = z.input<typeof outreachSettingsInputSchema>;

/** GET /api/outreach/settings (and the reply of the POST). */
export const outreachSettingsSchema = z.object({
  referralDiscount: z.string(),
  /** What the referrer gets when their friend books; null when not set. */
  referrerReward: z.string().nullable(),
  googleReviewLink: z.string().nullable(),
  customMessages: customMessagesSchema,
  autoMessageSettings: autoMessageSettingsSchema,
  /** The business's SMS number (E.164), or null before one is chosen. */
  twilioPhone: z.string().nullable(),
});
export type OutreachSettings = z.infer<typeof outreachSettingsSchema>;

export const saveOutreachSettingsResponseSchema = outreachSettingsSchema.extend({ success: z.literal(true), message: z.string() });

/** GET /api/sms/templates: quick-start templates (spec: id, name, content, variables). */
export const smsTemplateSchema = z.object({ id: z.string(), name: z.string(), content: z.string(), variables: z.array(z.string()) });
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;
export const smsTemplatesResponseSchema = z.array(smsTemplateSchema);

/** GET /api/sms/usage: the first 100 texts are free. */
export const smsUsageSchema = z.object({
  used: z.number().int(),
  free: z.number().int(),
  freeRemaining: z.number().int(),
  /** The business's number (E.164) or null; true when texts go to the local simulator, not Twilio. */
  phoneNumber: z.string().nullable(),
  simulator: z.boolean(),
});
