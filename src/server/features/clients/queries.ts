import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { clients } from '../../db/schema';
import { readRows, rowCount } from '../../db/read-rows';
import type { BookingTrendPoint, Client, ClientSort, DashboardStats, LoyaltyDistribution } from './types';
import { searchTerm, substringMatch } from '../../db/like-pattern';
import { cappedSearchCount, cappedTotal, countStopOf, isShortSearch, SHORT_SEARCH_COUNT_CAP, shortTermNeighbours } from '../../db/short-search';
import { TEXTING_COLUMNS, textingFrom, textingJoins, type TextingFacts } from '../sms/service';

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
  last_thanked_at: string | Date | null;
  last_gifted_at: string | Date | null;
  created_at: string | Date;
};

const isoTime = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());

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
    lastThankedAt: isoTime(r.last_thanked_at),
    lastGiftedAt: isoTime(r.last_gifted_at),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The columns of a client as the API answers it; total spent is kept on the row with the other figures. */
const CLIENT_COLUMNS = sql.raw(`c.id, c.name, c.email, c.phone, c.referral_code, c.referred_by, c.is_referred_client,
  to_char(c.first_booking, 'YYYY-MM-DD') as first_booking, to_char(c.last_booking, 'YYYY-MM-DD') as last_booking,
  c.total_bookings, c.frequency, c.loyalty_score, c.has_reward, c.reward_earned, c.thank_you_sent, c.last_thanked_at, c.last_gifted_at,
  c.created_at, c.total_spent`);

/** The same columns for the builder's reads of clients (dates come as 'YYYY-MM-DD' from a date column). */
const CLIENT_FIELDS = {
  id: clients.id, name: clients.name, email: clients.email, phone: clients.phone, referral_code: clients.referralCode,
  referred_by: clients.referredBy, is_referred_client: clients.isReferredClient, first_booking: clients.firstBooking,
  last_booking: clients.lastBooking, total_bookings: clients.totalBookings, frequency: clients.frequency,
  loyalty_score: clients.loyaltyScore, has_reward: clients.hasReward, reward_earned: clients.rewardEarned,
  thank_you_sent: clients.thankYouSent, last_thanked_at: clients.lastThankedAt, last_gifted_at: clients.lastGiftedAt,
  created_at: clients.createdAt, total_spent: clients.totalSpent,
} satisfies Record<keyof ClientRow, unknown>;

/** A listed client with its texting state ("Opted out", a landline, the basis to text), in the page's statement. */
const LISTED = (businessId: number) => sql`${CLIENT_COLUMNS}, ${TEXTING_COLUMNS} from ids join clients c on c.id = ids.id ${textingJoins(businessId, sql`c.phone`)}`;
const toListedClient = (r: ClientRow & TextingFacts): Client => ({ ...toClient(r), texting: textingFrom(Number(r.total_bookings), r) });

// Each order matches an index of clients (schema/clients.ts) column for column, so a page is read
// through the index instead of sorting the business's clients. `nulls last` is the indexes' order.
const ORDER: Record<ClientSort, string> = {
  loyaltyScore: 'loyalty_score desc nulls last, total_bookings desc nulls last, id',
  lastBooking: 'last_booking desc nulls last, id',
  totalBookings: 'total_bookings desc nulls last, id',
  name: 'lower(name), id',
};
const orderOf = (sort: ClientSort, alias: string) => sql.raw(ORDER[sort].replace(/\b(loyalty_score|total_bookings|last_booking|name|id)\b/g, `${alias}.$1`));

/**
 * Substring of the name or e-mail, case-insensitive: `search_text` holds both in lower case, a line each, matched
 * through one trigram index (migration 0024).
 */
function searchFilter(search?: string): SQL {
  if (!search) return sql``;
  return sql` and ${substringMatch(sql`c.search_text`, search)}`;
}

/**
 * One page of clients and the total, in one statement. The page's ids come from the sort's index
 * (an index-only scan past the offset), then only those rows are read.
 * The total is the kept client count; with a search, the matches are found once (trigram indexes) and
 * counted by a window over them before the page is cut. The matches are a materialised CTE because, left to
 * itself, PostgreSQL 15 walks the sort's index under the window and filters every client (many times
 * slower for a surname among 50,000 clients: docs/benchmarks.md). A search of one or two characters
 * is counted only up to a stop (selectShortSearchPage).
 */
export async function selectClientsPage(
  tx: Tx,
  businessId: number,
  opts: { sort: ClientSort; limit: number; offset: number; search?: string },
): Promise<{ clients: Client[]; total: number; totalIsCapped?: true }> {
  if (opts.search && isShortSearch(opts.search)) return selectShortSearchPage(tx, businessId, { ...opts, search: opts.search });
  if (opts.search && opts.offset + opts.limit <= SHORT_SEARCH_COUNT_CAP) return selectSearchPage(tx, businessId, { ...opts, search: opts.search });
  const search = searchFilter(opts.search);
  const result = await readRows<ClientRow & TextingFacts & { total: number }>(
    tx,
    opts.search
      ? sql`
        with m as materialized (
          select c.id, c.loyalty_score, c.total_bookings, c.last_booking, c.name from clients c
          where c.business_id = ${businessId}${search}
        ), ids as (
          select m.id, count(*) over () as total from m
          order by ${orderOf(opts.sort, 'm')} limit ${rowCount(opts.limit)} offset ${opts.offset}
        )
        select ids.total, ${LISTED(businessId)}
        where c.business_id = ${businessId}
        order by ${orderOf(opts.sort, 'c')}`
      : sql`
        with ids as (
          select c.id from clients c
          where c.business_id = ${businessId}
          order by ${orderOf(opts.sort, 'c')} limit ${rowCount(opts.limit)} offset ${opts.offset}
        )
        select t.total, p.* from (select coalesce((select clients from business_figures where business_id = ${businessId}), 0) as total) t
        left join lateral (
          select ${LISTED(businessId)} where c.business_id = ${businessId}
        ) p on true
        order by ${orderOf(opts.sort, 'p')}`,
  );
  const rows = result.filter((r) => r.id != null);
  let total = Number(result[0]?.total ?? 0);
  if (opts.search && rows.length === 0 && opts.offset > 0) {
    // A search paged past its end has no row to carry the count.
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from clients c where c.business_id = ${businessId}${search}`));
    total = Number(row.n);
  }
  return { clients: rows.map(toListedClient), total };
}

/**
 * A page within the first SHORT_SEARCH_COUNT_CAP matches of a search of 3 characters or more, its count stopped
 * there (as the short searches, the Lead Inbox and the Referral Tracker: decision 0017). Whether a term has more
 * matches than the stop does not depend on the order they are found in, so up to 1,200 clients are walked
 * in the order they were added (clients_business_created_idx, the smallest index that starts with the business),
 * whatever the sort, until the stop is reached or out of reach (walkedCount): a term every client holds (an
 * e-mail domain) reaches it there without reading the trigram index. Otherwise the matches are gathered through
 * the trigram index (its entries of this business only, migration 0072) up to the stop plus one: fewer are all
 * the matches (exact count, page cut from them); more, and the page walks the sort's index filtering as it goes
 * (such a term fills a page within a few hundred clients). A one-time filter skips each read not needed.
 * Decisions 0029 and 0038 have the figures.
 */
async function selectSearchPage(
  tx: Tx,
  businessId: number,
  opts: { sort: ClientSort; limit: number; offset: number; search: string },
): Promise<{ clients: Client[]; total: number; totalIsCapped?: true }> {
  const stop = SHORT_SEARCH_COUNT_CAP;
  const n = rowCount(opts.limit);
  const strpos = sql`strpos(c.search_text, ${searchTerm(opts.search)}) > 0`;
  const walked = sql`select ${strpos} as hit from clients c
    where c.business_id = ${businessId} order by c.created_at`;
  const result = await readRows<ClientRow & TextingFacts & { counted: number }>(
    tx,
    sql`
      with ${cappedSearchCount(
        walked,
        sql`select c.id, c.loyalty_score, c.total_bookings, c.last_booking, c.name from clients c
          where c.business_id = ${businessId}${searchFilter(opts.search)}`,
      )}, ids as (
        (select m.id from m where (select counted from k) <= ${stop}
          order by ${orderOf(opts.sort, 'm')} limit ${n} offset ${opts.offset})
        union all
        (select c.id from clients c where (select counted from k) > ${stop} and c.business_id = ${businessId} and ${strpos}
          order by ${orderOf(opts.sort, 'c')} limit ${n} offset ${opts.offset})
      )
      select k.counted, p.* from k
      left join lateral (
        select ${LISTED(businessId)} where c.business_id = ${businessId}
      ) p on true
      order by ${orderOf(opts.sort, 'p')}`,
  );
  const rows = result.filter((r) => r.id != null);
  return { clients: rows.map(toListedClient), ...cappedTotal(Number(result[0]?.counted ?? 0), stop) };
}

/**
 * A short term's first look reads the first SHORT_SEARCH_FIRST clients in the sort's order. A term held by at least
 * SHORT_SEARCH_COMMON of them (one in twenty) is common: the look reads on, up to SHORT_SEARCH_WALK clients in all,
 * until it finds the count's stop (a term held by one client in twenty reaches it there). A term held by fewer is
 * rare, and its matches are gathered through the trigram index.
 */
const SHORT_SEARCH_FIRST = 500;
const SHORT_SEARCH_COMMON = 25;
const SHORT_SEARCH_WALK = 20_000;

/**
 * A page of a one- or two-character search. Its matches are gathered up to the count's stop plus one
 * (`countStopOf`). Fewer than that are all the matches: they are counted exactly and the page is cut from them.
 * Otherwise the total is the stop (a lower bound, `totalIsCapped`) and the page walks the sort's index, which
 * finds a page of a term that common after a few dozen clients. "ar" matches 13,619 of 50,000 clients: the
 * exact count read all 50,000 (docs/benchmarks.md has the times). The branch not taken is skipped by its
 * one-time filter, and each count is read once (`sn`, `k`): a term that reaches the stop in the look is not
 * copied into `m` and counted again.
 *
 * The matches are first looked for in the sort's order (its index walked; a read in storage order gathered every
 * client of the business through the trigram index's business entries first, migration 0072): the first
 * SHORT_SEARCH_FIRST clients (`s1`), then, for a term common among them, on from there (`s2`) until the stop
 * or SHORT_SEARCH_WALK clients. A common term reaches the stop there ("ar" after about 3,700 clients, "jo", held
 * by one client in fourteen, after about 14,000). When the look read the whole business (its kept client count),
 * its matches are all the matches.
 * Otherwise the term is rare and its matches are gathered through the trigram index by their neighbours
 * (shortTermNeighbours, for a rare term such as "h5") or, for other terms, by reading every client: a gather that
 * costs most for a term of a few thousand matches ("er", "jo": 5-10 ms), which the walk now counts instead.
 * Which way a term goes changes what is read, never the answer.
 */
async function selectShortSearchPage(
  tx: Tx,
  businessId: number,
  opts: { sort: ClientSort; limit: number; offset: number; search: string },
): Promise<{ clients: Client[]; total: number; totalIsCapped?: true }> {
  const search = searchFilter(opts.search);
  const stop = countStopOf(opts.offset, opts.limit);
  const n = rowCount(opts.limit);
  const first = rowCount(SHORT_SEARCH_FIRST);
  const neighbours = shortTermNeighbours(searchTerm(opts.search), sql`c.search_text`) ?? sql``;
  const common = sql`(select n from s1n) >= ${rowCount(SHORT_SEARCH_COMMON)}`;
  // The look read every match when the business has no more clients than it read (its kept client count).
  const covered = sql`(select n from b) <= ${first} or ((select n from b) <= ${rowCount(SHORT_SEARCH_WALK)} and ${common})`;
  // The clients the look reads, in the sort's order, with the search text it matches.
  const looked = (limit: number, offset: number) => sql`select c.id, c.loyalty_score, c.total_bookings, c.last_booking, c.name, c.search_text
    from clients c where c.business_id = ${businessId} order by ${orderOf(opts.sort, 'c')} limit ${rowCount(limit)} offset ${rowCount(offset)}`;
  const result = await readRows<ClientRow & TextingFacts & { counted: number }>(
    tx,
    sql`
      with b as materialized (select coalesce(max(f.clients), 0) as n from business_figures f where f.business_id = ${businessId}),
      s1 as materialized (
        select c.id, c.loyalty_score, c.total_bookings, c.last_booking, c.name
        from (${looked(SHORT_SEARCH_FIRST, 0)}) c where true${search} limit ${stop + 1}
      ), s1n as materialized (select count(*) as n from s1),
      s2 as materialized (
        select c.id, c.loyalty_score, c.total_bookings, c.last_booking, c.name
        from (${looked(SHORT_SEARCH_WALK - SHORT_SEARCH_FIRST, SHORT_SEARCH_FIRST)}) c
        where ${common}${search} limit (select ${stop + 1} - n from s1n)
      ), sn as materialized (select (select n from s1n) + (select count(*) from s2) as n),
      m as materialized (
        (select s1.* from s1 where ${covered})
        union all
        (select s2.* from s2 where ${covered})
        union all
        (select c.id, c.loyalty_score, c.total_bookings, c.last_booking, c.name from clients c
          where not (${covered}) and c.business_id = ${businessId}${search}${neighbours} limit ${stop + 1})
      ), k as materialized (
        select (case when (select n from sn) > ${stop} then (select n from sn) else (select count(*) from m) end)::int as counted
      ), ids as (
        (select m.id from m where (select counted from k) <= ${stop}
          order by ${orderOf(opts.sort, 'm')} limit ${n} offset ${opts.offset})
        union all
        (select c.id from clients c where (select counted from k) > ${stop} and c.business_id = ${businessId}${search}
          order by ${orderOf(opts.sort, 'c')} limit ${n} offset ${opts.offset})
      )
      select k.counted, p.* from k
      left join lateral (
        select ${LISTED(businessId)} where c.business_id = ${businessId}
      ) p on true
      order by ${orderOf(opts.sort, 'p')}`,
  );
  const rows = result.filter((r) => r.id != null);
  return { clients: rows.map(toListedClient), ...cappedTotal(Number(result[0]?.counted ?? 0), stop) };
}

export async function countNewClients(tx: Tx, businessId: number, days: number): Promise<number> {
  const [row] = await readRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from clients c
      where c.business_id = ${businessId} and c.created_at >= now() - make_interval(days => ${days}::int)`,
  );
  return Number(row.n);
}

/** The most loyal clients: the loyalty sort's index read from its start. */
export async function selectTopClients(tx: Tx, businessId: number, limit: number): Promise<Client[]> {
  return (await selectClientsPage(tx, businessId, { sort: 'loyaltyScore', limit, offset: 0 })).clients;
}

export async function selectClientById(tx: Tx, businessId: number, id: number): Promise<Client | null> {
  const [row] = await tx.select(CLIENT_FIELDS).from(clients).where(and(eq(clients.businessId, businessId), eq(clients.id, id)));
  return row ? toClient(row) : null;
}

// The figures below read the read model (docs/read-model.md): one row per business, one per day.

export async function selectLoyaltyDistribution(tx: Tx, businessId: number): Promise<LoyaltyDistribution> {
  const [row] = await readRows<Record<string, number>>(
    tx,
    sql`select loyalty_high as high, loyalty_medium as medium, loyalty_low as low, clients as total
      from business_figures where business_id = ${businessId}`,
  );
  if (!row) return { high: 0, medium: 0, low: 0, total: 0 };
  return { high: Number(row.high), medium: Number(row.medium), low: Number(row.low), total: Number(row.total) };
}

export async function selectDashboardStats(tx: Tx, businessId: number): Promise<DashboardStats> {
  const [row] = await readRows<Record<string, string | number>>(
    tx,
    sql`
      with bz as (select date_trunc('month', now() at time zone time_zone)::date as month_start from businesses where id = ${businessId}),
      mo as (
        select coalesce(sum(d.revenue), 0) as monthly_revenue, coalesce(sum(d.referred_revenue), 0) as monthly_referral_revenue,
          coalesce(sum(d.referred_bookings), 0)::int as monthly_converted
        from business_daily_figures d, bz
        where d.business_id = ${businessId} and d.day >= bz.month_start and d.day < (bz.month_start + interval '1 month')::date
      )
      select f.revenue as total_revenue, f.clients as total_clients,
        case when f.clients > 0 then round(f.loyalty_sum / f.clients, 1) else 0 end as avg_score,
        f.referrals as total_referrals, f.referrals_active as active_referrals,
        f.referred_revenue as referral_revenue, f.referred_bookings as total_converted, mo.*
      from business_figures f, mo where f.business_id = ${businessId}`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    totalClients: n('total_clients'),
    totalReferrals: n('total_referrals'),
    activeReferrals: n('active_referrals'),
    avgLoyaltyScore: n('avg_score'),
    totalRevenue: n('total_revenue'),
    monthlyRevenue: n('monthly_revenue'),
    referralRevenue: n('referral_revenue'),
    monthlyReferralRevenue: n('monthly_referral_revenue'),
    monthlyConvertedBookings: n('monthly_converted'),
    totalConvertedBookings: n('total_converted'),
  };
}

/** Completed bookings per local day for the last `days` days, oldest first; days without bookings are 0. */
export async function selectBookingTrends(tx: Tx, businessId: number, days: number): Promise<BookingTrendPoint[]> {
  // The business's local today and its kept day rows of the range (one index range read, at most `days`
  // rows, folded into one JSON array of [days before today, bookings]); the days between are filled in here
  // (docs/read-model.md).
  const [row] = await readRows<{ today: string; counts: [number, number][] | null }>(
    tx,
    sql`
      with bz as (select (now() at time zone time_zone)::date as today from businesses where id = ${businessId})
      select to_char(bz.today, 'YYYY-MM-DD') as today,
        (select json_agg(json_build_array(bz.today - f.day, f.bookings)) from business_daily_figures f
          where f.business_id = ${businessId} and f.day > bz.today - ${days}::int and f.day <= bz.today) as counts
      from bz`,
  );
  if (!row) return [];
  return dailySeries(row.today, days, row.counts ?? []);
}

/** `days` points ending on `today` (YYYY-MM-DD), each day's count from `counts` ([days before today, count]) or 0. */
export function dailySeries(today: string, days: number, counts: [number, number][]): BookingTrendPoint[] {
  const byAge = new Array<number>(days).fill(0);
  for (const [age, count] of counts) byAge[age] = Number(count);
  const [y, m, d] = today.split('-').map(Number);
  const points: BookingTrendPoint[] = [];
  for (let age = days - 1; age >= 0; age--) {
    points.push({ date: new Date(Date.UTC(y, m - 1, d - age)).toISOString().slice(0, 10), count: byAge[age] });
  }
  return points;
}

export async function markThanked(tx: Tx, businessId: number, clientId: number): Promise<boolean> {
  const rows = await tx
    .update(clients)
    .set({ thankYouSent: true })
    .where(and(eq(clients.id, clientId), eq(clients.businessId, businessId)))
    .returning({ id: clients.id });
  return rows.length > 0;
}


/** Every client with the money they spent, in name order; one statement (measured: docs/benchmarks.md, so left raw). */
export async function selectExportRows(tx: Tx, businessId: number): Promise<Client[]> {
  const result = await tx.execute(sql`
    select ${CLIENT_COLUMNS} from clients c where c.business_id = ${businessId} order by lower(c.name), c.id`);
  return rowsOf<ClientRow>(result).map(toClient);
}
