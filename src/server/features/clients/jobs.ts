import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/client';
import { defineJob } from '../../platform/jobs/index';
import { recomputeClientStats } from './recompute';
import { lockBusinessClients } from './business-lock';
import { repairDerivedTables } from '../../db/derived-tables';

/** A business's scores are refreshed once a day, at the first hourly run after this local hour. */
export const LOCAL_REFRESH_HOUR = 3;

/**
 * Loyalty scores have a recency part that depends on the business's today, so each business's client
 * stats are recomputed once a day after 03:00 in its own time zone (docs/loyalty-score.md,
 * docs/jobs.md, docs/read-model.md). The job runs hourly and takes the businesses that are due: not
 * refreshed on their local today and past 03:00 there, or never refreshed, or missed a whole day. Each
 * business gets one transaction: the recompute, then a check of every derived table against its rows
 * (db/derived-tables.ts: rebuilt and logged when they differ), then its refresh date. `{ all: true }` refreshes every
 * business now (a manual run).
 */
export const recomputeStatsJob = defineJob({
  name: 'clients.recompute-stats',
  schema: z.object({ all: z.boolean().optional() }).strict(),
  schedule: { cron: '10 * * * *', tz: 'UTC', catchUpAfterHours: 2 },
  expireInSeconds: 60 * 60,
  async handler(data, { database }) {
    const due = rowsOf<{ id: number; today: string }>(
      await database.db.execute(sql`
        select b.id, to_char((now() at time zone b.time_zone)::date, 'YYYY-MM-DD') as today
        from businesses b left join business_figures f on f.business_id = b.id
        where ${data.all ? sql`true` : sql`f.scores_refreshed_on is null
          or f.scores_refreshed_on < (now() at time zone b.time_zone)::date - 1
          or (f.scores_refreshed_on < (now() at time zone b.time_zone)::date
            and extract(hour from now() at time zone b.time_zone) >= ${LOCAL_REFRESH_HOUR})`}
        order by b.id`),
    );
    for (const { id, today } of due) {
      await database.db.transaction(async (tx) => {
        // The lock imports, webhooks and Add Client take (bookings/record.ts): a recompute never
        // writes stats computed from bookings older than a concurrent import's.
        await lockBusinessClients(tx, id);
        await recomputeClientStats(tx, id);
        for (const { table, rows } of await repairDerivedTables(tx, id)) {
          console.warn(`clients.recompute-stats: business ${id}: ${table} differed from its rows in ${rows} row(s) and was rebuilt`);
        }
        await tx.execute(sql`insert into business_figures (business_id, scores_refreshed_on) values (${id}, ${today}::date)
          on conflict (business_id) do update set scores_refreshed_on = excluded.scores_refreshed_on`);
      });
    }
  },
});

export const clientJobs = [recomputeStatsJob];
