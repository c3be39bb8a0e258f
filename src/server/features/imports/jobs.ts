import { z } from 'zod';
import { defineJob } from '../../platform/jobs/index';
import { WEBHOOK_LOG_KEEP_DAYS, WEBHOOK_LOG_KEEP_PER_BUSINESS } from './webhook-limits';

/**
 * webhook_logs stays bounded: every hour, rows older than WEBHOOK_LOG_KEEP_DAYS go, and so does
 * everything past the newest WEBHOOK_LOG_KEEP_PER_BUSINESS of each business (docs/clients-api.md).
 * Both deletes are idempotent, so a retry or a second instance's run changes nothing more.
 */
export const pruneWebhookLogsJob = defineJob({
  name: 'imports.prune-webhook-logs',
  schema: z.object({}).strict(),
  schedule: { cron: '35 * * * *', tz: 'UTC' },
  expireInSeconds: 10 * 60,
  async handler(_data, { database }) {
    await database.query(`delete from webhook_logs where created_at < now() - $1::int * interval '1 day'`, [WEBHOOK_LOG_KEEP_DAYS]);
    await database.query(
      `delete from webhook_logs w using (
         select id from (
           select id, row_number() over (partition by business_id order by created_at desc, id desc) as n from webhook_logs
         ) ranked where n > $1
       ) old where w.id = old.id`,
      [WEBHOOK_LOG_KEEP_PER_BUSINESS],
    );
  },
});

export const importJobs = [pruneWebhookLogsJob];
