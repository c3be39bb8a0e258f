import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { isOverdueSql, RHYTHM_GRACE_DAYS } from '../../../shared/loyalty';
import {
  INSIGHTS_LOYAL_MIN_BOOKINGS,
  INSIGHTS_OVERDUE_LIMIT,
  INSIGHTS_OVERDUE_MAX_DAYS,
  INSIGHTS_TOP_CLIENTS_LIMIT,
  type Insights,
} from '../../../shared/schemas/insights';
import { readRows } from '../../db/read-rows';

// Insights (docs/insights.md) from the kept figures: the business's day rows (business_daily_figures), the
// clients' and cancellations' figures kept on business_figures, and indexes on the clients' kept columns
// (total_spent; last_booking + frequency). Nothing here scans the business's bookings or clients.

type Row = {
  today: string;
  week_start: string;
  month_start: string;
  total: number;
  revenue: string;
  this_week: number;
  last_week: number;
  this_month: number;
  last_month: number;
  months: { month: string; bookings: number; revenue: number }[] | null;
  booked: number;
  repeat: number;
  avg_gap: string | null;
  cancelled: number;
  overdue: { id: number; name: string; since: number; gap: number; phone: boolean }[] | null;
  top: { id: number; name: string; bookings: number; spent: number }[] | null;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
/**
 * A constant of the rule written into the statement, not passed as a parameter: the plan then knows the limits
 * and thresholds, so PostgreSQL can keep one plan per pool connection instead of replanning every call.
 */
const n = (value: number) => sql.raw(String(Number(value)));
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

/** Every Insights figure for the business, with "today" taken at `now` in the business's time zone. */
export async function selectInsights(tx: Tx, businessId: number, now: Date): Promise<Insights> {
  const [row] = await readRows<Row>(
    tx,
    sql`
      with p as (
        select t.today, (t.today - (extract(isodow from t.today)::int - 1))::date as week_start,
          date_trunc('month', t.today)::date as month_start
        from (select (${now.toISOString()}::timestamptz at time zone b.time_zone)::date as today
              from businesses b where b.id = ${businessId}) t
      ),
      -- The all-time totals are kept (drizzle/0021_read_model_totals.sql); the day rows are read from the start of
      -- last month or last week, whichever is earlier, only.
      d as (
        select coalesce(sum(f.bookings) filter (where f.day >= p.week_start and f.day < p.week_start + 7), 0)::int as this_week,
          coalesce(sum(f.bookings) filter (where f.day >= p.week_start - 7 and f.day < p.week_start), 0)::int as last_week,
          coalesce(sum(f.bookings) filter (where f.day >= p.month_start and f.day < (p.month_start + interval '1 month')::date), 0)::int as this_month,
          coalesce(sum(f.bookings) filter (where f.day >= (p.month_start - interval '1 month')::date and f.day < p.month_start), 0)::int as last_month
        from p, business_daily_figures f where f.business_id = ${businessId}
          and f.day >= least(p.week_start - 7, (p.month_start - interval '1 month')::date)
      ),
      m as (
        select json_agg(json_build_object('month', to_char(s.month, 'YYYY-MM'), 'bookings', coalesce(x.bookings, 0),
            'revenue', coalesce(x.revenue, 0)::float8) order by s.month) as months
        from p
        cross join lateral generate_series((p.month_start - interval '11 months')::date, p.month_start, interval '1 month') as s(month)
        left join lateral (
          select sum(f.bookings)::int as bookings, sum(f.revenue) as revenue from business_daily_figures f
          where f.business_id = ${businessId} and f.day >= s.month::date and f.day < (s.month + interval '1 month')::date
        ) x on true
      ),
      -- Kept by the clients trigger (drizzle/0018_insights_figures.sql): no scan of the clients.
      c as (
        select bookings as total, revenue, clients_booked as booked, clients_repeat as repeat,
          case when frequency_clients > 0 then frequency_sum::numeric / frequency_clients end as avg_gap
        from business_figures where business_id = ${businessId}
      ),
      -- Loyal clients by the date their usual gap pointed to (clients_business_due_idx), earliest first: the most
      -- overdue first. Overdue (days since > max(gap × 1.5, gap + 14)) implies due < today − 14, and at most 365
      -- days overdue is due ≥ today − 365: the index is read over that range only, until 10 are found.
      o as (
        select json_agg(json_build_object('id', x.id, 'name', x.name, 'since', x.since, 'gap', x.frequency, 'phone', x.phone)
            order by x.due, x.id) as overdue
        from (
          select cl.id, cl.name, cl.frequency, (p.today - cl.last_booking) as since, cl.phone is not null as phone,
            (cl.last_booking + cl.frequency) as due
          from p, clients cl
          where cl.business_id = ${businessId} and cl.total_bookings >= ${n(INSIGHTS_LOYAL_MIN_BOOKINGS)}
            and cl.frequency > 0 and cl.last_booking is not null
            -- scalar subqueries, so the range is the index scan's condition (a join filter otherwise)
            and (cl.last_booking + cl.frequency) < (select today from p) - ${n(RHYTHM_GRACE_DAYS)}
            and (cl.last_booking + cl.frequency) >= (select today from p) - ${n(INSIGHTS_OVERDUE_MAX_DAYS)}
            -- overdue against their rhythm: the loyalty rule's one definition (src/shared/loyalty.ts)
            and ${sql.raw(isOverdueSql('p.today - cl.last_booking', 'cl.frequency'))}
          order by (cl.last_booking + cl.frequency), cl.id
          limit ${n(INSIGHTS_OVERDUE_LIMIT)}
        ) x
      ),
      t as (
        select json_agg(json_build_object('id', x.id, 'name', x.name, 'bookings', x.total_bookings, 'spent', x.total_spent::float8)
            order by x.total_spent desc nulls last, x.total_bookings desc nulls last, x.id) as top
        from (
          select id, name, total_bookings, total_spent from clients
          where business_id = ${businessId} and total_bookings >= 1
          -- clients_business_spent_order_idx, in its order (nulls last is the index's)
          order by total_spent desc nulls last, total_bookings desc nulls last, id
          limit ${n(INSIGHTS_TOP_CLIENTS_LIMIT)}
        ) x
      ),
      -- Kept by the bookings trigger (drizzle/0019_insights_cancelled.sql): no count of booking rows.
      x as (select cancelled_bookings as cancelled from business_figures where business_id = ${businessId})
      select to_char(p.today, 'YYYY-MM-DD') as today, to_char(p.week_start, 'YYYY-MM-DD') as week_start,
        to_char(p.month_start, 'YYYY-MM-DD') as month_start, d.*, m.months, c.*, x.cancelled, o.overdue, t.top
      from p, d, m, c, x, o, t`,
  );
  if (!row) throw new Error('business not found');
  const total = Number(row.total);
  const revenue = Number(row.revenue);
  const cancelled = Number(row.cancelled);
  return {
    hasData: total > 0,
    repeatBookingRate: percent(Number(row.repeat), Number(row.booked)),
    avgTimeBetweenBookings: row.avg_gap == null ? 0 : round1(Number(row.avg_gap)),
    inactiveButLoyalClients: (row.overdue ?? []).map((o) => ({
      id: Number(o.id),
      name: o.name,
      daysSinceLastBooking: Number(o.since),
      avgTimeBetweenBookings: Number(o.gap),
      overdueByDays: Number(o.since) - Number(o.gap),
      hasPhone: Boolean(o.phone),
    })),
    topClientsByLTV: (row.top ?? []).map((c) => ({ id: Number(c.id), name: c.name, totalBookings: Number(c.bookings), totalRevenue: Number(c.spent) })),
    avgBookingValue: total > 0 ? Math.round((revenue / total) * 100) / 100 : 0,
    totalBookings: total,
    bookingsThisWeek: Number(row.this_week),
    bookingsLastWeek: Number(row.last_week),
    bookingsThisMonth: Number(row.this_month),
    bookingsLastMonth: Number(row.last_month),
    cancellationRate: percent(cancelled, cancelled + total),
    cancelledBookings: cancelled,
    today: row.today,
    weekStart: row.week_start,
    monthStart: row.month_start,
    monthlyBookings: (row.months ?? []).map((m) => ({ month: m.month, bookings: Number(m.bookings), revenue: Math.round(Number(m.revenue) * 100) / 100 })),
  };
}
