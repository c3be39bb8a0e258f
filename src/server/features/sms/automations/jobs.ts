import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../platform/jobs/index';
import { emailFollowUpJob } from './follow-up-emails';
import { followUpBusinesses, queueDueFollowUps } from './follow-ups';

/** One business's referral follow-ups (texts and e-mails) that are due, queued (docs/sms-automations.md). */
export const businessFollowUpsJob = defineJob({
  name: 'sms-automations.business-follow-ups',
  schema: z.object({ businessId: z.number().int().positive() }).strict(),
  fanOut: true,
  async handler({ businessId }, context) {
    await queueDueFollowUps({ database: context.database, jobs: context.jobs, origin: context.origin ?? 'http://localhost' }, businessId);
  },
});

/**
 * Every hour at :45 UTC: one `sms-automations.business-follow-ups` job per business with a referral that may be
 * due (key `follow-ups:<business>:<UTC hour>`: once per business and hour whatever the instances; each text and
 * e-mail is keyed by its referral besides).
 */
export const queueFollowUpsJob = defineJob({
  name: 'sms-automations.queue-follow-ups',
  schema: z.object({}).strict(),
  schedule: { cron: '45 * * * *' },
  async handler(_data, context) {
    const hour = new Date().toISOString().slice(0, 13);
    const businesses = await followUpBusinesses({ database: context.database, jobs: context.jobs });
    await context.jobs.sendMany(businessFollowUpsJob, businesses.map((businessId) => ({ data: { businessId }, key: `follow-ups:${businessId}:${hour}` })));
  },
});

export const smsAutomationJobs: JobDefinition[] = [queueFollowUpsJob, businessFollowUpsJob, emailFollowUpJob];
