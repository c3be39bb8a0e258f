import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import type { BookingTrendPoint, Client, ClientSort, DashboardStats, LoyaltyDistribution } from './types';

type ClientRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  referral_code: string;
  referred_by: string | null;
  is_referred_client: boolean;
  first_booking: string | null;
  last_booking: string | null;
  total_bookings: number;
  frequency: number | null;
  loyalty_score: string | number;
  total_spent: string | number | null;
  has_reward: boolean;
  reward_earned: string | null;
  thank_you_sent: boolean;
  created_at: string | Date;
};

export function toClient(r: ClientRow): Client {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    referralCode: r.referral_code,
    referredBy: r.referred_by,
    isReferredClient: r.is_referred_client,
    firstBooking: r.first_booking,
    lastBooking: r.last_booking,
    totalBookings: Number(r.total_bookings),
    frequency: r.frequency == null ? null : Number(r.frequency),
    loyaltyScore: Number(r.loyalty_score),
    totalSpent: Number(r.total_spent ?? 0),
    hasReward: r.has_reward,
    rewardEarned: r.reward_earned,
    thankYouSent: r.thank_you_sent,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Client columns plus total spent, which is computed only for the rows returned. */
const CLIENT_COLUMNS = sql.raw(`c.id, c.name, c.email, c.phone, c.referral_code, c.referred_by, c.is_referred_client,
  to_char(c.first_booking, 'YYYY-MM-DD') as first_booking, to_char(c.last_booking, 'YYYY-MM-DD') as last_booking,
  c.total_bookings, c.frequency, c.loyalty_score, c.has_reward, c.reward_earned, c.thank_you_sent, c.created_at,
  (select coalesce(sum(b.amount_charged), 0) from bookings b
    where b.client_id = c.id and b.business_id = c.business_id and b.status = 'completed') as total_spent`);

const ORDER: Record<ClientSort, SQL> = {
  loyaltyScore: sql.raw('c.loyalty_score desc, c.id'),
  lastBooking: sql.raw('c.last_booking desc nulls last, c.id'),
  totalBookings: sql.raw('c.total_bookings desc, c.id'),
  name: sql.raw('lower(c.name), c.id'),
};

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function searchFilter(search?: string): SQL {
  if (!search) return sql``;
  const p = likePattern(search);
  return sql` and (lower(c.name) like ${p} or lower(coalesce(c.email, '')) like ${p})`;
}

export async function selectClients(
  tx: Tx,
  businessId: number,
  opts: { sort: ClientSort; limit: number; offset: number; search?: string },
): Promise<Client[]> {
  // Page first, then total spent for the page's rows only (not for every skipped row of the offset).
  const result = await tx.execute(sql`
    select ${CLIENT_COLUMNS} from (
      select * from clients c
      where c.business_id = ${businessId}${searchFilter(opts.search)}
      order by ${ORDER[opts.sort]} limit ${opts.limit} offset ${opts.offset}
    ) c
    order by ${ORDER[opts.sort]}`);
  return rowsOf<ClientRow>(result).map(toClient);
}

export async function countClients(tx: Tx, businessId: number, search?: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from clients c where c.business_id = ${businessId}${searchFilter(search)}`),
  );
  return Number(row.n);
}

export async function countNewClients(tx: Tx, businessId: number, days: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from clients c
      where c.business_id = ${businessId} and c.created_at >= now() - make_interval(days => ${days}::int)`),
  );
  return Number(row.n);
}

export async function selectTopClients(tx: Tx, businessId: number, limit: number): Promise<Client[]> {
  const result = await tx.execute(sql`
    select ${CLIENT_COLUMNS} from (
      select * from clients c where c.business_id = ${businessId}
      order by c.loyalty_score desc, c.total_bookings desc, c.id limit ${limit}
    ) c
    order by c.loyalty_score desc, c.total_bookings desc, c.id`);
  return rowsOf<ClientRow>(result).map(toClient);
}

export async function selectClientById(tx: Tx, businessId: number, id: number): Promise<Client | null> {
  const result = await tx.execute(sql`select ${CLIENT_COLUMNS} from clients c where c.business_id = ${businessId} and c.id = ${id}`);
  const [row] = rowsOf<ClientRow>(result);
  return row ? toClient(row) : null;
}

export async function selectLoyaltyDistribution(tx: Tx, businessId: number): Promise<LoyaltyDistribution> {
  const [row] = rowsOf<Record<string, number>>(
    await tx.execute(sql`select
      count(*) filter (where loyalty_score >= 7)::int as high,
      count(*) filter (where loyalty_score >= 4 and loyalty_score < 7)::int as medium,
      count(*) filter (where loyalty_score < 4)::int as low,
      count(*)::int as total
      from clients where business_id = ${businessId}`),
  );
  return { high: Number(row.high), medium: Number(row.medium), low: Number(row.low), total: Number(row.total) };
}

export async function selectDashboardStats(tx: Tx, businessId: number): Promise<DashboardStats> {
  const [row] = rowsOf<Record<string, string | number>>(
    await tx.execute(sql`
      with bz as (select date_trunc('month', now() at time zone time_zone)::date as month_start from businesses where id = ${businessId}),
      cl as (select count(*)::int as total, coalesce(round(avg(loyalty_score), 1), 0) as avg_score from clients where business_id = ${businessId}),
      rf as (select count(*)::int as total, count(*) filter (where not converted)::int as active from referrals where business_id = ${businessId}),
      -- This month's revenue reads the month's bookings through (business_id, service_date); the
      -- referral figures read only referred clients' bookings. No scan of every booking.
      mo as (
        select coalesce(sum(b.amount_charged), 0) as monthly_revenue from bookings b, bz
        where b.business_id = ${businessId} and b.status = 'completed'
          and b.service_date >= bz.month_start and b.service_date < (bz.month_start + interval '1 month')::date
      ),
      rc as (
        select
          coalesce(sum(b.amount_charged), 0) as referral_revenue,
          coalesce(sum(b.amount_charged) filter (where b.service_date >= bz.month_start
            and b.service_date < (bz.month_start + interval '1 month')::date), 0) as monthly_referral_revenue,
          count(*) filter (where b.service_date >= bz.month_start
            and b.service_date < (bz.month_start + interval '1 month')::date)::int as monthly_converted,
          count(*)::int as total_converted
        from clients c join bookings b on b.client_id = c.id and b.business_id = c.business_id cross join bz
        where c.business_id = ${businessId} and c.is_referred_client and b.status = 'completed'
      )
      select cl.total as total_clients, cl.avg_score, rf.total as total_referrals, rf.active as active_referrals, mo.*, rc.*
      from cl, rf, mo, rc`),
  );
  return {
    totalClients: Number(row.total_clients),
    totalReferrals: Number(row.total_referrals),
    activeReferrals: Number(row.active_referrals),
    avgLoyaltyScore: Number(row.avg_score),
    monthlyRevenue: Number(row.monthly_revenue),
    referralRevenue: Number(row.referral_revenue),
    monthlyReferralRevenue: Number(row.monthly_referral_revenue),
    monthlyConvertedBookings: Number(row.monthly_converted),
    totalConvertedBookings: Number(row.total_converted),
  };
}

export async function selectBookingTrends(tx: Tx, businessId: number, days: number): Promise<BookingTrendPoint[]> {
  const result = await tx.execute(sql`
    with bz as (select (now() at time zone time_zone)::date as today from businesses where id = ${businessId}),
    series as (select (bz.today - s.i) as d from bz, generate_series(0, ${days}::int - 1) as s(i)),
    counts as (
      select b.service_date as d, count(*)::int as n from bookings b, bz
      where b.business_id = ${businessId} and b.status = 'completed'
        and b.service_date > bz.today - ${days}::int and b.service_date <= bz.today
      group by b.service_date
    )
    select to_char(series.d, 'YYYY-MM-DD') as date, coalesce(counts.n, 0)::int as count
    from series left join counts on counts.d = series.d order by series.d`);
  return rowsOf<{ date: string; count: number }>(result).map((r) => ({ date: r.date, count: Number(r.count) }));
}

export async function markReward(tx: Tx, businessId: number, clientId: number, label: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`update clients set has_reward = true, reward_earned = ${label}
      where id = ${clientId} and business_id = ${businessId} returning id`),
  );
  return rows.length > 0;
}

export async function markThanked(tx: Tx, businessId: number, clientId: number): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`update clients set thank_you_sent = true where id = ${clientId} and business_id = ${businessId} returning id`),
  );
  return rows.length > 0;
}

export async function insertActivity(tx: Tx, businessId: number, type: string, description: string, metadata: Record<string, unknown>) {
  await tx.execute(sql`insert into activity_logs (business_id, type, description, metadata)
    values (${businessId}, ${type}, ${description}, ${JSON.stringify(metadata)}::jsonb)`);
}

export type ExportRow = Client;

/** Every client with the money they spent, in name order; one statement. */
export async function selectExportRows(tx: Tx, businessId: number): Promise<Client[]> {
  const result = await tx.execute(sql`
    select c.id, c.name, c.email, c.phone, c.referral_code, c.referred_by, c.is_referred_client,
      to_char(c.first_booking, 'YYYY-MM-DD') as first_booking, to_char(c.last_booking, 'YYYY-MM-DD') as last_booking,
      c.total_bookings, c.frequency, c.loyalty_score, c.has_reward, c.reward_earned, c.thank_you_sent, c.created_at,
      coalesce(s.spent, 0) as total_spent
    from clients c
    left join (select client_id, sum(amount_charged) as spent from bookings
      where business_id = ${businessId} and status = 'completed' group by client_id) s on s.client_id = c.id
    where c.business_id = ${businessId}
    order by lower(c.name), c.id`);
  return rowsOf<ClientRow>(result).map(toClient);
}
