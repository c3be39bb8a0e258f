import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loyaltyScoreSql } from './loyalty-score';

/**
 * Recomputes first/last booking, total bookings, frequency and loyalty score of a business's clients
 * (all of them, or only `clientIds`) in one set-based statement. The loyalty rule is written down in
 * docs/loyalty-score.md and implemented once, in loyalty-score.ts.
 */
export async function recomputeClientStats(tx: Tx, businessId: number, clientIds?: number[]): Promise<void> {
  if (clientIds && clientIds.length === 0) return;
  // An int[] literal: `= any(array)` gives the planner the exact row count, so it looks bookings up
  // by client through the index instead of guessing (a JSON list made it pick nested full scans).
  const ids = clientIds ? `{${clientIds.map((id) => Math.trunc(id)).join(',')}}` : null;
  const inTarget = (column: string) => (ids ? sql`${sql.raw(column)} = any(${ids}::int[])` : sql`true`);
  await tx.execute(sql`
    with target as (
      select c.id, c.referral_code from clients c
      where c.business_id = ${businessId} and ${inTarget('c.id')}
    ),
    done as (
      select b.client_id, b.service_date from bookings b
      where b.business_id = ${businessId} and b.status = 'completed' and ${inTarget('b.client_id')}
    ),
    totals as (
      select client_id, count(*)::int as total, min(service_date) as first_date, max(service_date) as last_date
      from done group by client_id
    ),
    gaps as (
      select client_id, service_date - lag(service_date) over (partition by client_id order by service_date) as gap
      from (select distinct client_id, service_date from done) d
    ),
    gap_stats as (
      select client_id,
        percentile_cont(0.5) within group (order by gap) as median_gap,
        avg(gap)::float8 as mean_gap,
        coalesce(stddev_pop(gap), 0)::float8 as sd_gap,
        count(*)::int as gap_count
      from gaps where gap is not null group by client_id
    ),
    refs as (
      select t.id,
        count(*) filter (where r.converted)::int as converted,
        count(*) filter (where not r.converted)::int as pending
      from referrals r join target t on r.referrer_client_id = t.id or r.referrer_code = t.referral_code
      where r.business_id = ${businessId}
      group by t.id
    ),
    today as (select (now() at time zone b.time_zone)::date as d from businesses b where b.id = ${businessId}),
    f as (
      select t.id, tt.total, tt.first_date, tt.last_date,
        gs.median_gap, gs.mean_gap, gs.sd_gap, gs.gap_count,
        coalesce(rf.converted, 0) as converted, coalesce(rf.pending, 0) as pending, today.d as today
      from target t
      cross join today
      left join totals tt on tt.client_id = t.id
      left join gap_stats gs on gs.client_id = t.id
      left join refs rf on rf.id = t.id
    )
    update clients c set
      total_bookings = coalesce(f.total, 0),
      first_booking = f.first_date,
      last_booking = f.last_date,
      frequency = round(f.median_gap)::int,
      loyalty_score = ${loyaltyScoreSql}
    from f
    where c.id = f.id and c.business_id = ${businessId}
  `);
}
