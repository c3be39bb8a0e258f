import { z } from 'zod';
import { MAX_ID } from './ids';
import { referralRewardSchema } from './referrals';

// POST /api/referrals/:id/convert — the owner marks a referral converted by hand (docs/referrals.md).

export const CLIENT_NOT_FOUND = 'Client not found';
export const SELF_REFERRAL = 'A client cannot be their own referral';
export const CLIENT_ALREADY_LINKED = 'This client is already linked to another referral';
export const CONVERTED_WITH_ANOTHER_CLIENT = 'This referral is already converted with another client';
export const CONVERTED_WITHOUT_CLIENT = 'This referral is already converted without a client';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const ONE_WAY_TO_CONVERT = 'Choose a booking or enter an amount, not both';
export const AMOUNT_INVALID = 'Please enter an amount between 0 and 1,000,000';

/** What a booking brought: a number or its text ("120", "120.50"), from 0 to 1,000,000. */
export const convertAmountSchema = z
  .union([z.number({ error: AMOUNT_INVALID }), z.string({ error: AMOUNT_INVALID }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: AMOUNT_INVALID }).transform(Number)], { error: AMOUNT_INVALID })
  .pipe(z.number().min(0, { error: AMOUNT_INVALID }).max(1_000_000, { error: AMOUNT_INVALID }));

/** Mark converted's form (the web): a picked booking, or the amount as typed ("$1,200.50" is read as 1200.50). */
export const BOOKING_NOT_PICKED = 'Please pick the booking';
export const cleanAmount = (typed: string) => typed.trim().replace(/^\$/, '').replace(/,/g, '');
export const markConvertedFormSchema = z
  .object({ mode: z.enum(['booking', 'amount']), bookingId: z.number().nullable(), amount: z.string() })
  .superRefine((form, ctx) => {
    if (form.mode === 'booking' && form.bookingId === null) ctx.addIssue({ code: 'custom', path: ['bookingId'], message: BOOKING_NOT_PICKED });
    if (form.mode === 'amount' && !convertAmountSchema.safeParse(cleanAmount(form.amount)).success) ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_INVALID });
  });

const idField = (name: string) =>
  z.number({ error: `${name} must be a number` }).int({ error: `${name} must be a whole number` }).positive({ error: `${name} must be a positive number` }).max(MAX_ID, { error: `${name} is too large` });

export const convertReferralInputSchema = z
  .object({
    /** The client to link as the friend; without it (and without a booking) the friend is looked up by e-mail or phone. */
    clientId: idField('clientId').optional(),
    /** The friend's booking: its client is linked as the friend. */
    bookingId: idField('bookingId').optional(),
    /** What the friend's booking brought, when it is not in the app: kept as the referral's revenue (no client linked). */
    amount: convertAmountSchema.optional(),
  })
  .refine((b) => [b.clientId, b.bookingId, b.amount].filter((v) => v !== undefined).length <= 1, { error: ONE_WAY_TO_CONVERT });

export const convertedReferralSchema = z.object({
  id: z.number().int(),
  converted: z.boolean(),
  /** ISO timestamp */
  convertedAt: z.string().nullable(),
  convertedClientId: z.number().int().nullable(),
  /** What the referral brought (as in the tracker). */
  revenue: z.string().nullable(),
  referralReward: referralRewardSchema.nullable(),
});
export const convertReferralReplySchema = z.object({ referral: convertedReferralSchema });
export type ConvertReferralReply = z.infer<typeof convertReferralReplySchema>;

/** GET /api/referrals/:id/bookings: the bookings the owner may pick as the friend's (Mark converted). */
export const BOOKING_CANDIDATES_LIMIT = 20;
export const bookingCandidatesQuerySchema = z.object({
  /** The client's name, e-mail or (3+ digits) phone; without it, the bookings of the client the friend became. */
  search: z.string({ error: 'search must be text' }).trim().max(200, { error: 'search is too long (200 characters at most)' }).optional(),
});
export const bookingCandidateSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD */
  serviceDate: z.string(),
  serviceType: z.string().nullable(),
  amountCharged: z.string().nullable(),
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** The client has the friend's e-mail, phone or name. */
  suggested: z.boolean(),
});
export const bookingCandidatesReplySchema = z.object({
  bookings: z.array(bookingCandidateSchema),
  /** YYYY-MM-DD, in the business's time zone: the day the friend claimed; only bookings from then on are listed. */
  claimedOn: z.string(),
});
export type BookingCandidatesReply = z.infer<typeof bookingCandidatesReplySchema>;
