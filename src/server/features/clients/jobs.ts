import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { businesses } from '../../db/schema';
import { defineJob } from '../../platform/jobs/index';
import { recomputeClientStats } from './recompute';
import { lockBusinessClients } from './business-lock';

/**
 * Loyalty scores have a recency part that depends on today's date, so every night each business's
 * client stats are recomputed (docs/loyalty-score.md, docs/jobs.md). One transaction per business:
 * a failure leaves the others done, and a retry redoes only whole businesses (the recompute is
 * idempotent).
 */
export const recomputeStatsJob = defineJob({
  name: 'clients.recompute-stats',
  schema: z.object({}).strict(),
  // 03:10 UTC: night in the US time zones the product serves; a missed night runs at the next start.
  schedule: { cron: '10 3 * * *', tz: 'UTC', catchUpAfterHours: 24 },
  expireInSeconds: 60 * 60,
  async handler(_data, { database }) {
    const rows = await database.db.select({ id: businesses.id }).from(businesses).orderBy(asc(businesses.id));
    for (const { id } of rows) {
      await database.db.transaction(async (tx) => {
        // The lock imports, webhooks and Add Client take (record-bookings.ts): a recompute never
        // writes stats computed from bookings older than a concurrent import's.
        await lockBusinessClients(tx, id);
        await recomputeClientStats(tx, id);
      });
    }
  },
});

export const clientJobs = [recomputeStatsJob];
