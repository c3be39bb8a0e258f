import { z } from 'zod';
import { defineJob, type JobContext, type JobDefinition, type JobQueue } from '../../../platform/jobs/index';
import { deliverOutboxText, type DeliverContext } from './deliver';
import { reconcileUnknownTexts } from './reconcile';
import * as q from './queries';

/** A delivery job's key: the row, and which due time of it (a held or retried text gets a new job). */
export const deliveryKey = (row: { id: number; attempts: number; notBefore: Date }) => `outbox:${row.id}:${row.attempts}:${row.notBefore.getTime()}`;

async function enqueueDelivery(ctx: { jobs: JobQueue }, row: { businessId: number; id: number; notBefore: Date; attempts: number }, priority?: number) {
  await ctx.jobs.send(deliverTextJob, { businessId: row.businessId, outboxId: row.id }, { key: deliveryKey(row), startAfter: row.notBefore, priority });
}

function deliverContext(context: JobContext): DeliverContext {
  if (!context.sms || !context.origin) throw new Error('The job queue was started without the SMS provider');
  return { database: context.database, sms: context.sms, jobs: context.jobs, origin: context.origin, appUrl: context.appUrl, sendWindowOff: context.smsSendWindowOff };
}

/** One queued text (docs/sms-outbox.md). */
export const deliverTextJob = defineJob({
  name: 'sms.deliver-text',
  schema: z.object({ businessId: z.number().int().positive(), outboxId: z.number().int().positive() }).strict(),
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 30,
  // Many businesses' texts are due at once: up to 20 per fetch, every half second (pacing per number is in
  // the rows' due times, not in the worker).
  batchSize: 20,
  pollingIntervalSeconds: 0.5,
  async handler(data, context) {
    await deliverOutboxText(deliverContext(context), data.businessId, data.outboxId, enqueueDelivery);
  },
});

/**
 * One business's stranded texts: a job lost (the process stopped between writing the rows and enqueueing, or
 * mid-send) gets a job again, in the business's line (fair queue: its k-th text due at once gets priority -k);
 * a row stuck in 'sending' is settled by its delivery (deliver.ts).
 */
export const sweepBusinessJob = defineJob({
  name: 'sms.sweep-business',
  schema: z.object({ businessId: z.number().int().positive() }).strict(),
  fanOut: true,
  async handler({ businessId }, context) {
    const stranded = await q.selectStranded(context.database.db, new Date(), 5000, businessId);
    const ctx = deliverContext(context);
    let place = 0;
    for (const row of stranded) {
      if (row.status === 'sending') await deliverOutboxText(ctx, row.businessId, row.id, enqueueDelivery);
      else await enqueueDelivery(ctx, row, -place++);
    }
  },
});

/** Every 5 minutes: one `sms.sweep-business` job per business with a stranded text (key per business and 5-minute slot). */
export const sweepOutboxJob = defineJob({
  name: 'sms.sweep-outbox',
  schema: z.object({}).strict(),
  schedule: { cron: '*/5 * * * *' },
  async handler(_data, context) {
    const now = new Date();
    const slot = Math.floor(now.getTime() / 300_000);
    const businesses = await q.selectStrandedBusinesses(context.database.db, now);
    await context.jobs.sendMany(sweepBusinessJob, businesses.map((businessId) => ({ data: { businessId }, key: `sweep:${businessId}:${slot}` })));
  },
});

/**
 * Every minute: texts whose outcome is unknown (the provider's answer was lost, or the database failed
 * after it) are settled by asking the provider, never by sending them again blindly (reconcile.ts).
 */
export const reconcileTextsJob = defineJob({
  name: 'sms.reconcile-unknown',
  schema: z.object({}).strict(),
  schedule: { cron: '* * * * *' },
  async handler(_data, context) {
    const ctx = deliverContext(context);
    await reconcileUnknownTexts(ctx, enqueueDelivery);
  },
});

export const smsOutboxJobs: JobDefinition[] = [deliverTextJob, sweepOutboxJob, sweepBusinessJob, reconcileTextsJob];
