import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../platform/jobs/index';
import { emailFollowUpJob } from './follow-up-emails';
import { queueDueFollowUps } from './follow-ups';

/** Every hour at :45 UTC: referrals pending for 3 days get their follow-up queued (docs/sms-automations.md). */
export const queueFollowUpsJob = defineJob({
  name: 'sms-automations.queue-follow-ups',
  schema: z.object({}).strict(),
  schedule: { cron: '45 * * * *' },
  async handler(_data, context) {
    await queueDueFollowUps({ database: context.database, jobs: context.jobs, origin: context.origin ?? 'http://localhost' });
  },
});

export const smsAutomationJobs: JobDefinition[] = [queueFollowUpsJob, emailFollowUpJob];
