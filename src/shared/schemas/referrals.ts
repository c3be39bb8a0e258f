import { z } from 'zod';
import { sentSmsSchema } from './sms';
import { scheduledSendSchema } from './send-time';

// Owner-side referral calls (spec part 2 "Referral Tracker", part 1 "Activity Dashboard"; docs/referrals.md,
// "Owner side"). The server serialises through these schemas and the browser types its queries with them.

export const REFERRAL_PAGE_SIZE = 25;
export const REFERRAL_STATUSES = ['all', 'pending', 'converted'] as const;
export const REFERRAL_SORTS = ['newest', 'oldest', 'refereeName', 'convertedAt'] as const;
export const NEW_REFERRAL_DAYS = 7;
export const TOP_REFERRERS_DEFAULT = 10;
export const RECENT_CONVERSIONS_LIMIT = 10;
export const PENDING_REFERRALS_LIMIT = 5;

export const REMINDER_SENT = 'Reminder sent successfully';
export const REMINDER_NO_PHONE = 'This friend has no phone number, so no reminder can be texted';
export const REMINDER_NO_CONSENT = "This friend didn't agree to texts on the referral page, so no reminder can be texted. E-mail them instead.";
export const REMINDER_ALREADY_CONVERTED = 'This friend has already booked, so no reminder is needed';
export const REFERRAL_NOT_FOUND = 'Referral not found';
export const REWARD_NOT_EARNED = 'The reward is earned once the friend books: this referral is still pending';

const enumOf = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

/** GET /api/referrals query. `new=true` answers the sidebar badge's count instead of a page. */
export const referralListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(1_000_000, { error: 'page is too large' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be between 1 and 100' })
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(REFERRAL_PAGE_SIZE),
  /** Matches the friend's name, e-mail or phone, the referrer's name or code (case-insensitive). */
  search: z.string({ error: 'search must be text' }).trim().max(200, { error: 'search is too long (200 characters at most)' }).optional(),
  status: enumOf(REFERRAL_STATUSES, 'status').default('all'),
  sort: enumOf(REFERRAL_SORTS, 'sort').default('newest'),
  new: z.enum(['true', 'false', '1', '0'], { error: 'new must be true or false' }).optional(),
});

export const referrerClientSchema = z.object({ id: z.number().int(), name: z.string() });

export const referralRewardSchema = z.object({
  rewardAmount: z.string().nullable(),
  rewardGiven: z.boolean(),
  /** ISO timestamp of when the reward was marked given; null while it is not. */
  markedAt: z.string().nullable(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

/** One row of the Referral Tracker's table: the spec's Referral shape plus what the screen shows beside it. */
export const referralListItemSchema = z.object({
  id: z.number().int(),
  refereeName: z.string(),
  refereeEmail: z.string().nullable(),
  refereePhone: z.string().nullable(),
  referrerCode: z.string(),
  /** The client whose code it is; null if that client was deleted. */
  referrerClient: referrerClientSchema.nullable(),
  converted: z.boolean(),
  /** ISO timestamps */
  createdAt: z.string(),
  convertedAt: z.string().nullable(),
  lastReminderAt: z.string().nullable(),
  /** Why the public claim was flagged for the owner to review (a burst from one address); null when it was not. */
  flagReason: z.string().nullable(),
  /** Present once the referral converted (the referrer's reward). */
  referralReward: referralRewardSchema.nullable(),
  /**
   * What the referral brought (docs/referrals.md, "Referral credit"): the friend's completed bookings, or the
   * amount the owner entered when converting without a client; null while pending or when neither is known.
   */
  revenue: z.string().nullable(),
  /** Whether the business may text the friend's phone (docs/sms.md, "Consent to text"): Follow Up is offered only then. */
  agreedToTexts: z.boolean(),
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;

/** The whole business's figures (not the filtered page): the tracker's metric cards and Summary card. */
export const referralSummarySchema = z.object({
  totalReferrals: z.number(),
  convertedReferrals: z.number(),
  pendingReferrals: z.number(),
  /** Converted divided by total, 0 to 1 (0 with no referrals); shown as a percentage to 1 decimal. */
  conversionRate: z.number(),
  rewardsGiven: z.number(),
  rewardsOwed: z.number(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralPageSchema = z.object({
  referrals: z.array(referralListItemSchema),
  /** Rows matching search and status. */
  total: z.number(),
  /** Only ever `true`, absent otherwise: a search had more matches than `total` counts (a lower bound; docs/referrals.md). */
  totalIsCapped: z.literal(true).optional(),
  page: z.number(),
  pageSize: z.number(),
  summary: referralSummarySchema,
});
export type ReferralPage = z.infer<typeof referralPageSchema>;

export const newReferralCountSchema = z.object({ count: z.number() });

/** GET /api/referrals: a page, or with ?new=true the count of referrals claimed in the last NEW_REFERRAL_DAYS days. */
export const referralListResponseSchema = z.union([referralPageSchema, newReferralCountSchema]);

export const topReferrersQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be between 1 and 50' }).int({ error: 'limit must be between 1 and 50' }).min(1, { error: 'limit must be between 1 and 50' }).max(50, { error: 'limit must be between 1 and 50' }).default(TOP_REFERRERS_DEFAULT),
});

export const topReferrerSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string(), referralCode: z.string() }),
  totalReferrals: z.number(),
  convertedReferrals: z.number(),
  /** Converted divided by total, 0 to 1. */
  conversionRate: z.number(),
  /** What the referrer's converted referrals brought (the sum of their revenue). */
  revenue: z.string(),
});
export type TopReferrer = z.infer<typeof topReferrerSchema>;

/** Activity Dashboard, Pending Referrals (spec part 1 "Pending referral item"). */
export const pendingReferralItemSchema = z.object({
  id: z.number().int(),
  refereeName: z.string(),
  refereePhone: z.string().nullable(),
  refereeEmail: z.string().nullable(),
  referrerCode: z.string(),
  referrerClient: referrerClientSchema.nullable(),
  /** Whole 24-hour days since the friend claimed (0 on the day itself). */
  daysSinceShared: z.number().int(),
  createdAt: z.string(),
  lastReminderAt: z.string().nullable(),
  flagReason: z.string().nullable(),
  /** Whether the friend's phone may be texted (docs/sms.md, "Consent to text"): Follow Up is offered only then. */
  agreedToTexts: z.boolean(),
});
export type PendingReferralItem = z.infer<typeof pendingReferralItemSchema>;

/** GET /api/activities/pending-referrals: the newest few and how many are pending in all ("+N more" = total - referrals.length). */
export const pendingReferralsResponseSchema = z.object({ referrals: z.array(pendingReferralItemSchema), total: z.number() });
export type PendingReferralsResponse = z.infer<typeof pendingReferralsResponseSchema>;

/** Activity Dashboard, Recent Conversions (spec part 1 "Conversion item"). */
export const conversionItemSchema = z.object({
  id: z.number().int(),
  refereeName: z.string(),
  referrerClient: referrerClientSchema.nullable(),
  referrerCode: z.string(),
  convertedAt: z.string(),
  /** The friend's booking that counts (YYYY-MM-DD): their first completed one since the claim, else their latest; null without one. */
  bookedOn: z.string().nullable(),
  revenue: z.string().nullable(),
  referralReward: referralRewardSchema.nullable(),
});
export type ConversionItem = z.infer<typeof conversionItemSchema>;

/** POST /api/referrals/send-reminder/{id}. */
export const reminderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  lastReminderAt: z.string(),
  /** The text sent now; null when it waits for the friend's hours (`scheduled`). */
  sms: sentSmsSchema.nullable(),
  scheduled: scheduledSendSchema.nullable(),
});

/** PUT /api/referrals/{id}/reward: the Reward Given checkbox. */
export const rewardGivenInputSchema = z.object({ rewardGiven: z.boolean({ error: 'rewardGiven must be true or false' }) });

export const rewardGivenResponseSchema = z.object({ referralId: z.number().int(), referralReward: referralRewardSchema });
