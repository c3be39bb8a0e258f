import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { LOYALTY_BAND_SQL } from '../../db/derived-tables';

// The dashboard's read model (docs/read-model.md): figures kept per business and per day by the
// triggers of src/server/db/sql/. This file reads them whole and recomputes them from the rows, for the
// exactness test to compare field by field (the nightly check and repair: db/derived-tables.ts).

export type Figures = {
  business: Record<string, number>;
  /** One entry per day with completed bookings: 'YYYY-MM-DD' -> [bookings, revenue, referred bookings, referred revenue]. */
  daily: Record<string, [number, number, number, number]>;
};

type DailyRow = { day: string; bookings: number; revenue: string; referred_bookings: number; referred_revenue: string };

const BUSINESS_COLUMNS = [
  'clients',
  'loyalty_sum',
  'loyalty_high',
  'loyalty_medium',
  'loyalty_low',
  'referrals',
  'referrals_active',
  'referred_bookings',
  'referred_revenue',
  // Insights (docs/insights.md), kept by the same clients trigger (drizzle/0018_insights_figures.sql).
  'clients_booked',
  'clients_repeat',
  'frequency_sum',
  'frequency_clients',
  // Kept by the bookings trigger (drizzle/0019_insights_cancelled.sql).
  'cancelled_bookings',
] as const;

function toFigures(business: Record<string, unknown> | undefined, daily: DailyRow[]): Figures {
  const b: Record<string, number> = {};
  for (const key of BUSINESS_COLUMNS) b[key] = Number(business?.[key] ?? 0);
  const d: Figures['daily'] = {};
  for (const r of daily) d[r.day] = [Number(r.bookings), Number(r.revenue), Number(r.referred_bookings), Number(r.referred_revenue)];
  return { business: b, daily: d };
}

/** The figures as kept. */
export async function keptFigures(tx: Tx, businessId: number): Promise<Figures> {
  const [business] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select * from business_figures where business_id = ${businessId}`));
  const daily = rowsOf<DailyRow>(
    await tx.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, bookings, revenue, referred_bookings, referred_revenue
      from business_daily_figures where business_id = ${businessId} order by day`),
  );
  return toFigures(business, daily);
}

/** The same figures computed from every client, booking and referral of the business (a full scan). */
export async function recomputedFigures(tx: Tx, businessId: number): Promise<Figures> {
  const daily = rowsOf<DailyRow>(
    await tx.execute(sql`
      select to_char(b.service_date, 'YYYY-MM-DD') as day, count(*)::int as bookings, coalesce(sum(b.amount_charged), 0) as revenue,
        count(*) filter (where c.is_referred_client)::int as referred_bookings,
        coalesce(sum(b.amount_charged) filter (where c.is_referred_client), 0) as referred_revenue
      from bookings b join clients c on c.id = b.client_id
      where b.business_id = ${businessId} and b.status = 'completed'
      group by b.service_date order by b.service_date`),
  );
  const [business] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select c.*, r.*,
        (select count(*) from bookings b join clients c on c.id = b.client_id
          where b.business_id = ${businessId} and b.status = 'completed' and c.is_referred_client) as referred_bookings,
        (select coalesce(sum(b.amount_charged), 0) from bookings b join clients c on c.id = b.client_id
          where b.business_id = ${businessId} and b.status = 'completed' and c.is_referred_client) as referred_revenue,
        (select count(*) from bookings b where b.business_id = ${businessId} and b.status in ('cancelled', 'no-show')) as cancelled_bookings
      from
        (select count(*) as clients, coalesce(sum(loyalty_score), 0) as loyalty_sum,
          count(*) filter (where ${LOYALTY_BAND_SQL.high}) as loyalty_high,
          count(*) filter (where ${LOYALTY_BAND_SQL.medium}) as loyalty_medium,
          count(*) filter (where ${LOYALTY_BAND_SQL.low}) as loyalty_low,
          count(*) filter (where total_bookings >= 1) as clients_booked,
          count(*) filter (where total_bookings >= 2) as clients_repeat,
          coalesce(sum(frequency) filter (where total_bookings >= 2 and frequency is not null), 0) as frequency_sum,
          count(*) filter (where total_bookings >= 2 and frequency is not null) as frequency_clients
         from clients where business_id = ${businessId}) c,
        (select count(*) as referrals, count(*) filter (where not converted) as referrals_active
         from referrals where business_id = ${businessId}) r`),
  );
  return toFigures(business, daily);
}
