import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loyaltyScoreSql } from './loyalty-score';

/**
 * The CTEs `facts`, `today`, `f` and `fresh` that turn a CTE `stream` (id, service_date, amount, gap,
 * converted: one row per completed booking and one per referral) into each id's figures, `fresh` (id,
 * total_bookings, first_booking, last_booking, frequency, loyalty_score, total_spent). Shared by this recompute and
 * the import's insert of new clients (bookings/record.ts), so both compute the same figures.
 */
export const figuresOfStream = (businessId: number) => sql`facts as (
      -- no join between the two: one group per client
      select id,
        nullif(count(service_date), 0)::int as total, min(service_date) as first_date, max(service_date) as last_date,
        coalesce(sum(amount), 0)::numeric(14, 2) as spent,
        percentile_cont(0.5) within group (order by gap) as median_gap,
        avg(gap)::float8 as mean_gap,
        coalesce(stddev_pop(gap), 0)::float8 as sd_gap,
        nullif(count(gap), 0)::int as gap_count,
        count(*) filter (where converted)::int as converted,
        count(*) filter (where not converted)::int as pending
      from stream group by id
    ),
    today as (select (now() at time zone b.time_zone)::date as d from businesses b where b.id = ${businessId}),
    f as (select facts.*, today.d as today from facts cross join today),
    fresh as (
      select f.id, coalesce(f.total, 0) as total_bookings, f.first_date as first_booking, f.last_date as last_booking,
        round(f.median_gap)::int as frequency, ${loyaltyScoreSql} as loyalty_score, f.spent as total_spent
      from f
    )`;

/**
 * Recomputes first/last booking, total bookings, total spent, frequency and loyalty score of a business's clients
 * (all of them, or only `clientIds`) in one set-based statement. The loyalty rule is written down in
 * docs/loyalty-score.md and implemented once, in loyalty-score.ts.
 *
 * Linear in the clients it recomputes, whatever the plan (custom or generic) and the statistics (an import
 * runs it on rows its own transaction just wrote, which no ANALYZE has seen). The target ids are a set
 * (`targets`, one unnest), never an array that rows are compared with (a generic plan searches such an
 * array linearly for every row: quadratic on a re-upload). Each target's bookings and referrals are
 * read through indexes in lateral subqueries fenced by `offset 0`, which leaves the planner no join to
 * misplan on stale estimates (a join of the targets with the business's bookings, planned for the 54
 * clients the statistics knew, took minutes for 20,000). Bookings and referrals meet in one stream
 * grouped by client, and there is no `or` join. docs/read-model.md, "Uploads".
 */
export async function recomputeClientStats(tx: Tx, businessId: number, clientIds?: number[]): Promise<void> {
  if (clientIds && clientIds.length === 0) return;
  const targets = clientIds
    ? sql`select c.id, c.referral_code from (select distinct unnest(${`{${clientIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]) as id) t
        cross join lateral (select c.id, c.referral_code from clients c where c.id = t.id and c.business_id = ${businessId} offset 0) c`
    : sql`select c.id, c.referral_code from clients c where c.business_id = ${businessId}`;
  await tx.execute(sql`
    with targets as materialized (${targets}),
    stream as (
      -- one row per completed booking of each target client (a row with no date when it has none).
      -- gap: days since the previous distinct service date (null on the first date and on a repeated date).
      select t.id, d.service_date, d.amount_charged as amount,
        nullif(d.service_date - lag(d.service_date) over (partition by t.id order by d.service_date), 0) as gap,
        null::boolean as converted
      from targets t
      left join lateral (
        select b.service_date, b.amount_charged from bookings b where b.client_id = t.id and b.status = 'completed' offset 0
      ) d on true
      union all
      -- one row per referral the client made (naming the client, or carrying its referral code): two
      -- equality lookups, each on an index, united so a referral that matches both counts once
      select t.id, null, null, null, r.converted
      from targets t
      cross join lateral (
        select r.id, r.converted from referrals r where r.business_id = ${businessId} and r.referrer_client_id = t.id
        union
        select r.id, r.converted from referrals r where r.business_id = ${businessId} and r.referrer_code = t.referral_code
      ) r
    ),
    ${figuresOfStream(businessId)}
    update clients c set
      total_bookings = n.total_bookings,
      first_booking = n.first_booking,
      last_booking = n.last_booking,
      frequency = n.frequency,
      loyalty_score = n.loyalty_score,
      total_spent = n.total_spent
    from fresh n
    where c.id = n.id and c.business_id = ${businessId}
      -- a client whose figures did not change is not rewritten (re-imports, the nightly refresh)
      and (c.total_bookings, c.first_booking, c.last_booking, c.frequency, c.loyalty_score, c.total_spent)
        is distinct from (n.total_bookings, n.first_booking, n.last_booking, n.frequency, n.loyalty_score, n.total_spent)
  `);
}
