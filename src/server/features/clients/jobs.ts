import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/client';
import { businessFigures } from '../../db/schema';
import { defineJob } from '../../platform/jobs/index';
import { lockBusinessClients, recomputeClientStats } from './service';
import { repairDerivedTables } from '../../db/derived-tables';

/** A business's scores are refreshed once a day, at the first hourly run after this local hour. */
export const LOCAL_REFRESH_HOUR = 3;

const dueNow = sql`(f.scores_refreshed_on is null
  or f.scores_refreshed_on < (now() at time zone b.time_zone)::date - 1
  or (f.scores_refreshed_on < (now() at time zone b.time_zone)::date
    and extract(hour from now() at time zone b.time_zone) >= ${LOCAL_REFRESH_HOUR}))`;
const localToday = sql`to_char((now() at time zone b.time_zone)::date, 'YYYY-MM-DD')`;

/**
 * One business's nightly refresh, in one transaction: the recompute, then a check of every derived table
 * against its rows (db/derived-tables.ts: rebuilt and logged when they differ), then its refresh date. Keyed
 * `refresh:<business>:<local date>`, so it is enqueued once a day whatever the instances; it takes the lock
 * imports, webhooks and Add Client take (bookings/service.ts), so a recompute never writes stats computed from
 * bookings older than a concurrent import's, and checks under it that the business is still due (a late
 * duplicate does nothing).
 */
export const refreshBusinessJob = defineJob({
  name: 'clients.refresh-business',
  schema: z.object({ businessId: z.number().int().positive(), all: z.boolean().optional() }).strict(),
  fanOut: true,
  expireInSeconds: 15 * 60,
  async handler({ businessId, all }, { database }) {
    await database.db.transaction(async (tx) => {
      await lockBusinessClients(tx, businessId);
      const [business] = rowsOf<{ today: string; due: boolean }>(
        await tx.execute(sql`select ${localToday} as today, ${dueNow} as due
          from businesses b left join business_figures f on f.business_id = b.id where b.id = ${businessId}`),
      );
      if (!business || (!all && !business.due)) return; // deleted, or refreshed already today
      await recomputeClientStats(tx, businessId);
      for (const { table, rows } of await repairDerivedTables(tx, businessId)) {
        console.warn(`clients.refresh-business: business ${businessId}: ${table} differed from its rows in ${rows} row(s) and was rebuilt`);
      }
      await tx
        .insert(businessFigures)
        .values({ businessId, scoresRefreshedOn: business.today })
        .onConflictDoUpdate({ target: businessFigures.businessId, set: { scoresRefreshedOn: business.today } });
    });
  },
});

/**
 * Loyalty scores have a recency part that depends on the business's today, so each business's client
 * stats are recomputed once a day after 03:00 in its own time zone (docs/loyalty-score.md,
 * docs/jobs.md, docs/read-model.md). This scan runs hourly and enqueues one `clients.refresh-business` job per
 * business that is due: not refreshed on its local today and past 03:00 there, or never refreshed, or missed
 * a whole day. Any instance with the queue on works them (docs/jobs.md "Fan-out"). `{ all: true }` enqueues
 * every business now (a manual run).
 */
export const recomputeStatsJob = defineJob({
  name: 'clients.recompute-stats',
  schema: z.object({ all: z.boolean().optional() }).strict(),
  schedule: { cron: '10 * * * *', tz: 'UTC', catchUpAfterHours: 2 },
  expireInSeconds: 15 * 60,
  async handler(data, { database, jobs, jobId }) {
    const due = rowsOf<{ id: number; today: string }>(
      await database.db.execute(sql`
        select b.id, ${localToday} as today
        from businesses b left join business_figures f on f.business_id = b.id
        where ${data.all ? sql`true` : dueNow}
        order by b.id`),
    );
    await jobs.sendMany(
      refreshBusinessJob,
      due.map(({ id, today }) => ({
        data: data.all ? { businessId: id, all: true } : { businessId: id },
        // A manual run is its own work; the nightly one is the business's local day.
        key: data.all ? `refresh:${id}:all:${jobId}` : `refresh:${id}:${today}`,
      })),
    );
  },
});

export const clientJobs = [recomputeStatsJob, refreshBusinessJob];
