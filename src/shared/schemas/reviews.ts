import { z } from 'zod';
import { idInput } from './ids';

// Review requests that report back (docs/reviews.md): each client's review state, the owner's "left a review"
// mark, the Insights review section and the Referrals screen's count.

export const REVIEW_STATES_MAX_IDS = 100;
export const REVIEWS_NOT_OPENED_PAGE_SIZE = 20;

/** GET /api/reviews/states?ids=1,2,3: the review state of these clients (a page of the client list). */
export const reviewStatesQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must be client ids separated by commas' })
    .trim()
    .regex(/^[0-9]{1,10}(,[0-9]{1,10}){0,99}$/, { error: `ids must be up to ${REVIEW_STATES_MAX_IDS} client ids separated by commas` })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive({ error: 'ids must be client ids' }).max(2_147_483_647, { error: 'ids must be client ids' }))),
});

/** not asked, asked (date), opened (date), reminded (date), reviewed (marked by the owner). */
export const reviewStateSchema = z.object({
  clientId: z.number().int(),
  state: z.enum(['notAsked', 'asked', 'reminded', 'opened', 'reviewed']),
  askedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  openCount: z.number().int(),
  remindedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  referralAskedAt: z.string().nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;
export const reviewStatesSchema = z.object({ states: z.array(reviewStateSchema) });

/** POST /api/reviews/clients/:id/reviewed: the owner marks (or unmarks) that the client left a review. */
export const markReviewedSchema = z.object({ reviewed: z.boolean({ error: 'reviewed must be true or false' }) });
/** POST /api/reviews/clients/:id/request: the owner's review request, queued (it goes within the client's sending hours). */
export const reviewRequestedSchema = z.object({ message: z.string() });
export const clientIdParamsSchema = z.object({ id: idInput('Client not found') });

export const reviewMonthSchema = z.object({
  /** 'YYYY-MM' in the business's time zone. */
  month: z.string(),
  sent: z.number().int(),
  opened: z.number().int(),
  reminded: z.number().int(),
  reviewed: z.number().int(),
  referralAsks: z.number().int(),
  /** Of the requests sent that month, the share opened since (whole percent); null when none was sent. */
  openRate: z.number().int().nullable(),
});

/** GET /api/reviews/insights: the last 12 months, oldest first, this month last; and the Referrals screen's count. */
export const reviewInsightsSchema = z.object({
  months: z.array(reviewMonthSchema),
  /** Referrals made by clients after they were asked to refer following their review. */
  referralsAfterReviewAsk: z.number().int(),
});
export type ReviewInsights = z.infer<typeof reviewInsightsSchema>;

export const reviewsNotOpenedQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(100_000, { error: 'page must be 100000 or less' }).default(1),
});

/** GET /api/reviews/not-opened?page=: clients whose latest review request went out and was not opened, newest first. */
export const reviewsNotOpenedSchema = z.object({
  clients: z.array(z.object({ clientId: z.number().int(), name: z.string(), phone: z.string().nullable(), askedAt: z.string(), remindedAt: z.string().nullable() })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type ReviewsNotOpened = z.infer<typeof reviewsNotOpenedSchema>;
