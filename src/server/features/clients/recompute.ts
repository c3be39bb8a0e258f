import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Recomputes first/last booking, total bookings, frequency and loyalty score of a business's clients
 * (all of them, or only `clientIds`) in one set-based statement. The loyalty rule is written down in
 * docs/loyalty-score.md; this statement is its only implementation.
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
    parts as (
      select t.id, tt.total, tt.first_date, tt.last_date, round(gs.median_gap)::int as frequency,
        -- repeat bookings: up to 3.5 points, full at 8 bookings
        case when coalesce(tt.total, 0) <= 1 then 0 else 3.5 * least(tt.total - 1, 7) / 7.0 end as p_repeat,
        -- regularity: 1 point for a second booking; from 3 bookings 2 points scaled by how even the gaps are
        case
          when gs.gap_count is null then 0
          when gs.gap_count = 1 then 1
          when gs.mean_gap <= 0 then 0
          else 2 * greatest(0, 1 - gs.sd_gap / gs.mean_gap)
        end as p_regular,
        -- recency: 2.5 points up to 30 days since the last booking, falling to 0 at 365 days
        case
          when tt.last_date is null then 0
          else 2.5 * greatest(0, least(1, (365 - greatest(today.d - tt.last_date, 0)) / 335.0))
        end as p_recent,
        -- referrals: 1 point per converted, 0.5 per pending referral, up to 2
        least(2, coalesce(rf.converted, 0) + 0.5 * coalesce(rf.pending, 0)) as p_referral
      from target t
      cross join today
      left join totals tt on tt.client_id = t.id
      left join gap_stats gs on gs.client_id = t.id
      left join refs rf on rf.id = t.id
    )
    update clients c set
      total_bookings = coalesce(p.total, 0),
      first_booking = p.first_date,
      last_booking = p.last_date,
      frequency = p.frequency,
      loyalty_score = round(least(10, p.p_repeat + p.p_regular + p.p_recent + p.p_referral)::numeric, 1)
    from parts p
    where c.id = p.id and c.business_id = ${businessId}
  `);
}
