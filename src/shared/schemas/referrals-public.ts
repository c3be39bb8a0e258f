import { z } from 'zod';
import { requiredText } from './required-text';
import { MAX_ID } from './ids';
import { FILL_ALL_FIELDS, INVALID_CLAIM_EMAIL, INVALID_REFERRAL_LINK, WRONG_BUSINESS, INVALID_SMS_CONSENT } from './referrals-public-texts';

// The public referral page's calls (spec part 2 "Public referral page", section 7; docs/referrals.md "Public
// claim"). No session: the referral code names the business.

/** GET /api/public/referral/{code}: what a friend may see — never the referrer's full name or contact. */
export const publicReferralSchema = z.object({
  /** First name and last initial: 'Alice M.' */
  referrerName: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  /** The business's reward (outreach settings' referralDiscount): '$25'. */
  referralDiscount: z.string(),
  /** What the referrer gets when the friend books, only when the owner set one (outreach settings' referrerReward). */
  referrerReward: z.string().nullable(),
  /** What the first booking is called: 'cleaning' for cleaning businesses, else 'service'. */
  serviceWord: z.string(),
});
export type PublicReferral = z.infer<typeof publicReferralSchema>;

const field = (max: number) => requiredText(FILL_ALL_FIELDS, max, `Please keep it under ${max} characters`);

/** The page sends the business id it was given; any value that is not that id gets the same message. */
const businessIdInput = z.unknown().transform((v, ctx) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[0-9]{1,10}\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: WRONG_BUSINESS });
    return z.NEVER;
  }
  return n;
});

/** POST /api/public/referral. The phone is checked and normalised by the server (E.164). */
export const referralClaimSchema = z.object({
  referralCode: z.string({ error: INVALID_REFERRAL_LINK }).trim().min(1, { error: INVALID_REFERRAL_LINK }).max(64, { error: INVALID_REFERRAL_LINK }),
  name: field(200),
  email: field(254).pipe(z.email({ error: INVALID_CLAIM_EMAIL })),
  phone: field(40),
  businessId: businessIdInput,
  /** The text-consent box; unticked (or left out) means no automated or marketing texts to this friend. */
  smsConsent: z.boolean({ error: INVALID_SMS_CONSENT }).optional().default(false),
});

export const referralClaimReplySchema = z.object({
  /** 'created': a new pending referral; 'existing': this friend had already claimed this referrer's reward. */
  status: z.enum(['created', 'existing']),
  referralId: z.number().int(),
  businessName: z.string(),
  referralDiscount: z.string(),
});
export type ReferralClaimReply = z.infer<typeof referralClaimReplySchema>;
