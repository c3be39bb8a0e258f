import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../platform/jobs/index';
import { queueReviewFollowUps, reviewFollowUpBusinesses } from './follow-ups';

/** One business's due review reminders and referral asks after a review, queued in the outbox (docs/reviews.md). */
export const businessReviewFollowUpsJob = defineJob({
  name: 'reviews.business-follow-ups',
  schema: z.object({ businessId: z.number().int().positive() }).strict(),
  fanOut: true,
  async handler({ businessId }, context) {
    await queueReviewFollowUps({ database: context.database, jobs: context.jobs }, businessId);
  },
});

/**
 * Every hour at :50 UTC: one `reviews.business-follow-ups` job per business with a review request that may need
 * its reminder or referral ask (key `review-follow-ups:<business>:<UTC hour>`; each text is keyed by its request).
 */
export const queueReviewFollowUpsJob = defineJob({
  name: 'reviews.queue-follow-ups',
  schema: z.object({}).strict(),
  schedule: { cron: '50 * * * *' },
  async handler(_data, context) {
    const hour = new Date().toISOString().slice(0, 13);
    const businesses = await reviewFollowUpBusinesses({ database: context.database, jobs: context.jobs });
    await context.jobs.sendMany(businessReviewFollowUpsJob, businesses.map((businessId) => ({ data: { businessId }, key: `review-follow-ups:${businessId}:${hour}` })));
  },
});

export const reviewJobs: JobDefinition[] = [queueReviewFollowUpsJob, businessReviewFollowUpsJob];
