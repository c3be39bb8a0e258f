import { z } from 'zod';
import { requiredText } from './required-text';
import { textingSchema } from './texting';
import { CLIENT_PAGE_SIZE, CLIENT_SORTS, GIFT_TYPES } from '../constants';
import { sentSmsSchema } from './sms';
import { scheduledSendSchema } from './send-time';
import { idInput, numberInput } from './ids';
import { parseServiceDate } from './imports';

// Request and response contract of the clients feature (docs/clients-api.md). Messages are the spec's.

export const ADD_CLIENT_MISSING = 'Please fill in name, email, and service date.';

const required = (message: string) => requiredText(message, Number.MAX_SAFE_INTEGER, message);

/** Amount is converted to a number, 0 if empty (spec part 1 section 5). */
export const amountInput = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v == null) return 0;
    const n = typeof v === 'number' ? v : v.trim() === '' ? 0 : Number(v.replace(/[$,\s]/g, ''));
    if (!Number.isFinite(n) || n < 0 || n >= 1e8) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid amount' });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const addClientSchema = z.object({
  name: required(ADD_CLIENT_MISSING).pipe(z.string().max(200, { error: 'Name is too long' })),
  email: required(ADD_CLIENT_MISSING).pipe(z.email({ error: 'Please enter a valid email' })),
  phone: z.string().trim().max(40).optional().nullable(),
  serviceDate: required(ADD_CLIENT_MISSING).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter the service date as YYYY-MM-DD' })
      .refine((v) => parseServiceDate(v) !== null, { error: 'Please enter a real service date' }),
  ),
  serviceType: z.string().trim().max(100).optional().nullable(),
  amount: amountInput,
});
export type AddClientInput = z.input<typeof addClientSchema>;

export const giftTypeValues = GIFT_TYPES.map((g) => g.value) as ['discount', 'gift_card', 'free_service', 'custom'];

export const sendGiftSchema = z.object({
  clientId: idInput('Please choose a client'),
  giftType: z.enum(giftTypeValues, { error: 'Please choose a gift type' }),
  amount: numberInput('Please enter an amount above 0')
    .refine((n) => Number.isFinite(n) && n > 0, { error: 'Please enter an amount above 0' })
    .refine((n) => n < 100000, { error: 'Please enter an amount below $100,000' }),
});
export type SendGiftInput = z.input<typeof sendGiftSchema>;

export const sendThanksSchema = z.object({
  clientId: idInput('Please choose a client'),
  message: requiredText('Please enter a message', 1600, 'The message is too long (1600 characters at most)', { multiline: true }),
});
export type SendThanksInput = z.input<typeof sendThanksSchema>;

/** '$25 Service Discount', '$50 Gift Card', '$75 Free Service', '$30 Custom Gift'. */
export function giftLabel(giftType: SendGiftInput['giftType'], amount: number): string {
  const money = Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
  const name = giftType === 'custom' ? 'Custom Gift' : GIFT_TYPES.find((g) => g.value === giftType)!.label;
  return `${money} ${name}`;
}

export const clientListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).max(1_000_000).optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(CLIENT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(CLIENT_SORTS, { error: `sort must be one of ${CLIENT_SORTS.join(', ')}` }).default('loyaltyScore'),
  new: z.enum(['true', 'false', '1', '0']).optional(),
});

export const topClientsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, { error: 'limit must be between 1 and 50' }).max(50, { error: 'limit must be between 1 and 50' }).default(5),
});

export const BOOKING_TREND_DAYS = [7, 30, 90, 180, 365] as const;
export const bookingTrendsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be one of 7, 30, 90, 180, 365' })
    .refine((n) => (BOOKING_TREND_DAYS as readonly number[]).includes(n), { error: 'days must be one of 7, 30, 90, 180, 365' })
    .default(30),
});

// Replies (docs/clients-api.md). The server serialises through these schemas (a field not listed never
// leaves it) and the browser types its queries with the inferred types.

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  isReferredClient: z.boolean(),
  /** 'YYYY-MM-DD' */
  firstBooking: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  lastBooking: z.string().nullable(),
  totalBookings: z.number(),
  frequency: z.number().nullable(),
  loyaltyScore: z.number(),
  totalSpent: z.number(),
  hasReward: z.boolean(),
  rewardEarned: z.string().nullable(),
  thankYouSent: z.boolean(),
  /** ISO timestamps of the last thank-you and gift text the provider took; null: never (docs/sms.md). */
  lastThankedAt: z.string().nullable(),
  lastGiftedAt: z.string().nullable(),
  /** ISO timestamp */
  createdAt: z.string(),
  /** In the client list: opted out, a number that cannot take texts, and the basis to text (docs/sms.md). */
  texting: textingSchema.optional(),
});
export type Client = z.infer<typeof clientSchema>;

/**
 * A page of clients. `totalIsCapped` (only ever `true`, absent otherwise): the search had more matches than `total`
 * counts, so `total` is a lower bound and there is a match after this page (docs/clients-api.md).
 */
export const clientPageSchema = z.object({
  clients: z.array(clientSchema),
  total: z.number(),
  totalIsCapped: z.literal(true).optional(),
  page: z.number(),
  pageSize: z.number(),
});
export type ClientPage = z.infer<typeof clientPageSchema>;

export const newClientCountSchema = z.object({ count: z.number() });

/** GET /api/clients: a page (?page=), the new-client count (?new=true), or the unpaged list. */
export const clientListResponseSchema = z.union([clientPageSchema, newClientCountSchema, z.array(clientSchema)]);

export const loyaltyDistributionSchema = z.object({ high: z.number(), medium: z.number(), low: z.number(), total: z.number() });
export type LoyaltyDistribution = z.infer<typeof loyaltyDistributionSchema>;

export const bookingTrendPointSchema = z.object({ date: z.string(), count: z.number() });
export type BookingTrendPoint = z.infer<typeof bookingTrendPointSchema>;

export const dashboardStatsSchema = z.object({
  totalClients: z.number(),
  totalReferrals: z.number(),
  activeReferrals: z.number(),
  avgLoyaltyScore: z.number(),
  /** Not in the spec's read shape: the Activity Dashboard's Total Revenue card (docs/clients-api.md). */
  totalRevenue: z.number(),
  monthlyRevenue: z.number(),
  referralRevenue: z.number(),
  monthlyReferralRevenue: z.number(),
  monthlyConvertedBookings: z.number(),
  totalConvertedBookings: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** POST /api/clients (201). */
export const addClientResponseSchema = z.object({ client: clientSchema });

/**
 * POST /api/admin/send-gift and /api/admin/send-thanks: `sms` is the text sent now; at a closed hour for the client
 * it is null and `scheduled` says when it goes (docs/sms-send-window.md "Per kind of text").
 */
export const clientActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  client: clientSchema,
  sms: sentSmsSchema.nullable(),
  scheduled: scheduledSendSchema.nullable(),
});

/** The Send Gift text (placeholders filled in when it is sent); the dialog shows it filled in for the client. */
export const giftMessage = (label: string) => `Hi {clientName}! As a thank-you, {businessName} has a ${label} for you. Just mention it when you book your next visit.`;
