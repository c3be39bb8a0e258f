import { type SQL, and, eq, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { referralRewards, referrals } from '../../db/schema';
import { readRows, rowCount } from '../../db/read-rows';
import type {
  ConversionItem,
  PendingReferralItem,
  ReferralListItem,
  ReferralReward,
  ReferralSummary,
  TopReferrer,
} from '../../../shared/schemas/referrals';
import type { REFERRAL_SORTS, REFERRAL_STATUSES } from '../../../shared/schemas/referrals';
import { SHORT_SEARCH_COUNT_CAP, cappedSearchCount, cappedTotal } from '../../db/short-search';
import { searchFilter, searchMatches, textFilter } from './search';
import { REFERRAL_REVENUE } from '../referral-conversion/service';

// The owner's reads of referrals (docs/referrals.md, "Owner side"). The referrer is the client named by
// referrer_client_id (the one the loyalty score credits); a referral whose referrer was deleted keeps its code.

type Time = string | Date | null;
const iso = (v: Time) => (v == null ? null : new Date(v).toISOString());

type Row = {
  id: number;
  referee_name: string;
  referee_email: string | null;
  referee_phone: string | null;
  referrer_code: string;
  referrer_id: number | null;
  referrer_name: string | null;
  converted: boolean;
  created_at: Time;
  converted_at: Time;
  last_reminder_at: Time;
  flagged: boolean;
  flag_reason: string | null;
  reward_id: number | null;
  reward_amount: string | null;
  reward_given: boolean | null;
  marked_at: Time;
  days: number | string;
  revenue: string | null;
};

const COLUMNS = sql`r.id, r.referee_name, r.referee_email, r.referee_phone, r.referrer_code, c.id as referrer_id, c.name as referrer_name,
  r.converted, r.created_at, r.converted_at, r.last_reminder_at, r.flagged, r.flag_reason,
  rw.id as reward_id, rw.reward_amount, rw.reward_given, rw.marked_at,
  floor(extract(epoch from (now() - r.created_at)) / 86400)::int as days, ${REFERRAL_REVENUE} as revenue`;

/**
 * The referrer and reward of each row, by primary key and unique key (lateral, so a page of 25 rows is
 * never hash-joined against every client or reward of the business).
 */
const REFERRER_AND_REWARD = sql`left join lateral (select c.id, c.name from clients c where c.id = r.referrer_client_id and c.business_id = r.business_id offset 0) c on true
  left join lateral (select rw.id, rw.reward_amount, rw.reward_given, rw.marked_at from referral_rewards rw
    where rw.referral_id = r.id and rw.business_id = r.business_id offset 0) rw on true`;

const FROM = sql`from referrals r
  left join clients c on c.id = r.referrer_client_id and c.business_id = r.business_id
  left join referral_rewards rw on rw.referral_id = r.id and rw.business_id = r.business_id`;

/** The referrer and reward of the rows `chosen` picked from referrals alone (the newest few). */
const joined = (chosen: SQL) => sql`from (${chosen}) r ${REFERRER_AND_REWARD}`;

const flagOf = (r: Row) => (r.flagged ? (r.flag_reason ?? 'Flagged for review') : null);

const referrerOf = (r: Row) => (r.referrer_id == null ? null : { id: Number(r.referrer_id), name: r.referrer_name ?? '' });

export const rewardOf = (r: Pick<Row, 'reward_id' | 'reward_amount' | 'reward_given' | 'marked_at'>): ReferralReward | null =>
  r.reward_id == null ? null : { rewardAmount: r.reward_amount, rewardGiven: Boolean(r.reward_given), markedAt: iso(r.marked_at) };

/** A referral as read; the service adds whether the friend may be texted. */
export type ReferralRecord = Omit<ReferralListItem, 'agreedToTexts'>;

function toItem(r: Row): ReferralRecord {
  return {
    id: Number(r.id),
    refereeName: r.referee_name,
    refereeEmail: r.referee_email,
    refereePhone: r.referee_phone,
    referrerCode: r.referrer_code,
    referrerClient: referrerOf(r),
    converted: r.converted,
    createdAt: iso(r.created_at)!,
    convertedAt: iso(r.converted_at),
    lastReminderAt: iso(r.last_reminder_at),
    flagReason: flagOf(r),
    referralReward: rewardOf(r),
    revenue: r.revenue ?? null,
  };
}

const STATUS: Record<(typeof REFERRAL_STATUSES)[number], SQL> = {
  all: sql``,
  pending: sql` and not r.converted`,
  converted: sql` and r.converted`,
};

/** The tracker's orders; each has its index on referrals (referrals_business_*_order_idx, with converted in it). */
const ORDER: Record<(typeof REFERRAL_SORTS)[number], SQL> = {
  newest: sql`r.created_at desc, r.id desc`,
  oldest: sql`r.created_at asc, r.id asc`,
  refereeName: sql`lower(r.referee_name) asc, r.id asc`,
  convertedAt: sql`r.converted_at desc nulls last, r.created_at desc, r.id desc`,
};

/** The same orders over the page's rows (alias p). */
const ORDER_PAGE: Record<(typeof REFERRAL_SORTS)[number], SQL> = {
  newest: sql`p.created_at desc, p.id desc`,
  oldest: sql`p.created_at asc, p.id asc`,
  refereeName: sql`lower(p.referee_name) asc, p.id asc`,
  convertedAt: sql`p.converted_at desc nulls last, p.created_at desc, p.id desc`,
};

type SummaryCounts = { s_total: number; s_converted: number; s_given: number };

function toSummary(r: SummaryCounts): ReferralSummary {
  const total = Number(r.s_total);
  const converted = Number(r.s_converted);
  // A reward row exists only for a converted referral (conversion creates it; Reward Given refuses pending ones).
  const given = Math.min(Number(r.s_given), converted);
  return {
    totalReferrals: total,
    convertedReferrals: converted,
    pendingReferrals: total - converted,
    conversionRate: total === 0 ? 0 : converted / total,
    rewardsGiven: given,
    rewardsOwed: converted - given,
  };
}

/**
 * The business's referral counts: total and pending are kept on business_figures (docs/read-model.md); the
 * rewards given are counted through referral_rewards_business_given_idx (a business has at most one per
 * conversion). Zeros without a row.
 */
const FIGURES = (businessId: number) => sql`(select coalesce(max(f.referrals), 0)::int as s_total,
    coalesce(max(f.referrals - f.referrals_active), 0)::int as s_converted,
    (select count(*)::int from referral_rewards rw where rw.business_id = ${businessId} and rw.reward_given) as s_given
  from business_figures f where f.business_id = ${businessId}) s`;

type PageOpts = { status: (typeof REFERRAL_STATUSES)[number]; sort: (typeof REFERRAL_SORTS)[number]; search?: string; limit: number; offset: number };

/**
 * A page of the tracker and the business's summary in one statement (one pool connection). The page's ids come
 * from the sort's index (an index-only scan: the status is in it), then only those rows are read with their
 * referrer and reward. The summary and the total without a search come from the kept figures. A search:
 * searchPage.
 */
export async function selectReferralPage(
  tx: Tx,
  businessId: number,
  opts: PageOpts,
): Promise<{ referrals: ReferralRecord[]; total: number; totalIsCapped?: true; summary: ReferralSummary }> {
  const page = (ids: SQL) => sql`left join lateral (select ${COLUMNS} from (${ids}) ids
      cross join lateral (select * from referrals r where r.id = ids.id offset 0) r ${REFERRER_AND_REWARD}) p on true
    order by ${ORDER_PAGE[opts.sort]}`;
  const rows = await readRows<PageRow>(
    tx,
    opts.search
      ? searchPage(businessId, { ...opts, search: opts.search }, page)
      : sql`select s.*, p.* from ${FIGURES(businessId)}
        ${page(sql`select r.id from referrals r where r.business_id = ${businessId}${STATUS[opts.status]}
          order by ${ORDER[opts.sort]} limit ${rowCount(opts.limit)} offset ${opts.offset}`)}`,
  );
  const summary = toSummary(rows[0]);
  const referrals = rows.filter((r) => r.id != null).map((r) => toItem(r as Row));
  if (opts.search) {
    const matches = Number(rows[0].matches);
    return { referrals, ...(withinCap(opts) ? cappedTotal(matches, SEARCH_COUNT_CAP) : { total: matches }), summary };
  }
  const total = opts.status === 'all' ? summary.totalReferrals : opts.status === 'pending' ? summary.pendingReferrals : summary.convertedReferrals;
  return { referrals, total, summary };
}

type PageRow = SummaryCounts & Partial<Row> & { matches?: number };

/** A search counts its matches this far (as the Lead Inbox's and the clients' short searches): docs/referrals.md. */
export const SEARCH_COUNT_CAP = SHORT_SEARCH_COUNT_CAP;

/** Whether the asked page ends within the matches a search counts (SEARCH_COUNT_CAP). */
const withinCap = (opts: { offset: number; limit: number }) => opts.offset + opts.limit <= SEARCH_COUNT_CAP;

/**
 * A search's statement. Counting every match read each of them on every request, so a page within the first
 * SEARCH_COUNT_CAP matches counts only that far (as the Lead Inbox's search does). The newest 1,200
 * referrals are walked first, matching the friend's text as they go, until the cap plus one match or can no longer
 * match there (walkedCount): a term nearly every friend's e-mail holds reaches it without reading the trigram
 * index, whose bitmap would hold every referral. Otherwise the matches are gathered up to the cap plus one
 * (searchMatches). Fewer than that are all the matches: counted exactly, and the page is cut from them. Otherwise
 * the total is the cap (a lower bound) and the page walks the sort's index, filtering as it goes (searchFilter); a
 * one-time filter skips each read not needed. A page past the cap gathers and counts every match.
 */
function searchPage(businessId: number, opts: PageOpts & { search: string }, page: (ids: SQL) => SQL): SQL {
  const n = rowCount(opts.limit);
  const columns = sql`r.id, r.created_at, r.converted_at, r.referee_name`;
  const matches = searchMatches(businessId, opts.search, columns, STATUS[opts.status]);
  const cut = (where: SQL) => sql`select r.id from m r where ${where} order by ${ORDER[opts.sort]} limit ${n} offset ${opts.offset}`;
  const head = (count: SQL) => sql`select s.*, (${count})::int as matches, p.* from ${FIGURES(businessId)}`;
  if (!withinCap(opts)) return sql`with m as materialized (${matches}) ${head(sql`select count(*) from m`)} ${page(cut(sql`true`))}`;
  const cap = rowCount(SEARCH_COUNT_CAP);
  // The friend's text alone: its matches are some of the search's, so reaching the cap there is enough.
  const walked = sql`select ${textFilter(opts.search)} as hit from referrals r
    where r.business_id = ${businessId}${STATUS[opts.status]} order by r.created_at desc, r.id desc`;
  const counted = sql`(select counted from k)`;
  return sql`with ${cappedSearchCount(walked, matches)}
    ${head(counted)}
    ${page(sql`(${cut(sql`${counted} <= ${cap}`)}) union all
      (select r.id from referrals r where ${counted} > ${cap} and r.business_id = ${businessId}${STATUS[opts.status]}
        and ${searchFilter(businessId, opts.search)} order by ${ORDER[opts.sort]} limit ${n} offset ${opts.offset})`)}`;
}

export async function countNewReferrals(tx: Tx, businessId: number, days: number): Promise<number> {
  const [r] = await readRows<{ n: number }>(tx, sql`select count(*)::int as n from referrals r where r.business_id = ${businessId} and r.created_at >= now() - make_interval(days => ${days}::int)`,
  );
  return Number(r.n);
}

/** Every referral, newest first, for the CSV export. */
export async function selectAllReferrals(tx: Tx, businessId: number): Promise<ReferralRecord[]> {
  return rowsOf<Row>(await tx.execute(sql`select ${COLUMNS} ${FROM} where r.business_id = ${businessId} order by r.created_at desc, r.id desc`)).map(toItem);
}

/**
 * Top Referrers from the kept per-referrer figures (referrer_figures: each referrer's referrals and conversions,
 * kept by the referrals trigger), ties broken by the referrer's name: the rows of referrer_figures_order_idx down
 * to the limit-th row's figures (so every referrer tied with it is in), each referrer looked up by primary key,
 * cut to the limit; then only the referrers shown have their revenue summed (a tie can hold hundreds of referrers).
 */
export async function selectTopReferrers(tx: Tx, businessId: number, limit: number): Promise<TopReferrer[]> {
  const rows = await readRows<{ id: number; name: string; referral_code: string; total: number; converted: number; revenue: string }>(tx, sql`
      with f as materialized (select * from referrer_figures f where f.business_id = ${businessId} and f.referrals > 0
          order by f.referrals desc, f.converted desc, f.client_id limit ${rowCount(limit)}),
        last as (select f.referrals, f.converted from f order by f.referrals, f.converted limit 1),
        top as materialized (select c.id, c.name, c.referral_code, f.referrals, f.converted
          from (select * from referrer_figures f where f.business_id = ${businessId} and f.referrals > 0
                and (f.referrals, f.converted) >= (select last.referrals, last.converted from last)) f
          cross join lateral (select c.id, c.name, c.referral_code from clients c where c.id = f.client_id and c.business_id = ${businessId} offset 0) c
          order by f.referrals desc, f.converted desc, lower(c.name), c.id limit ${rowCount(limit)})
      select top.id, top.name, top.referral_code, top.referrals as total, top.converted, rv.revenue
      from top
      cross join lateral (select coalesce(sum(${REFERRAL_REVENUE}::numeric), 0)::numeric(14, 2)::text as revenue from referrals r
        where r.business_id = ${businessId} and r.referrer_client_id = top.id and r.converted) rv
      order by top.referrals desc, top.converted desc, lower(top.name), top.id`,
  );
  return rows.map((r) => ({
    client: { id: Number(r.id), name: r.name, referralCode: r.referral_code },
    totalReferrals: Number(r.total),
    convertedReferrals: Number(r.converted),
    conversionRate: Number(r.total) === 0 ? 0 : Number(r.converted) / Number(r.total),
    revenue: r.revenue,
  }));
}

export async function selectRecentConversions(tx: Tx, businessId: number, limit: number): Promise<ConversionItem[]> {
  const rows = await readRows<Row & { booked_on: string | null }>(tx, sql`select ${COLUMNS},
        (select coalesce(min(b.service_date) filter (where b.service_date >= (r.created_at at time zone 'UTC')::date), max(b.service_date))::text
          from bookings b where b.client_id = r.converted_client_id and b.business_id = r.business_id and b.status = 'completed') as booked_on
      ${joined(sql`select * from referrals r where r.business_id = ${businessId} and r.converted order by r.converted_at desc nulls last, r.id desc limit ${rowCount(limit)}`)}
      order by r.converted_at desc nulls last, r.id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    refereeName: r.referee_name,
    referrerClient: referrerOf(r),
    referrerCode: r.referrer_code,
    // A converted referral always has its date (docs/referrals.md); an old row without one shows when it was made.
    convertedAt: iso(r.converted_at) ?? iso(r.created_at)!,
    bookedOn: r.booked_on ?? null,
    revenue: r.revenue ?? null,
    referralReward: rewardOf(r),
  }));
}

/** The newest pending referrals (through referrals_business_pending_idx) and how many are pending (kept figures). */
export async function selectPendingReferrals(tx: Tx, businessId: number, limit: number): Promise<{ referrals: Omit<PendingReferralItem, 'agreedToTexts'>[]; total: number }> {
  const rows = await readRows<Partial<Row> & SummaryCounts>(tx, sql`select s.*, p.* from ${FIGURES(businessId)}
      left join lateral (select ${COLUMNS}
        ${joined(sql`select * from referrals r where r.business_id = ${businessId} and not r.converted order by r.created_at desc, r.id desc limit ${rowCount(limit)}`)}) p on true
      order by p.created_at desc, p.id desc`,
  );
  return {
    referrals: rows.filter((r): r is Row & SummaryCounts => r.id != null).map((r) => ({
      id: Number(r.id),
      refereeName: r.referee_name,
      refereePhone: r.referee_phone,
      refereeEmail: r.referee_email,
      referrerCode: r.referrer_code,
      referrerClient: referrerOf(r),
      daysSinceShared: Math.max(0, Number(r.days)),
      createdAt: iso(r.created_at)!,
      lastReminderAt: iso(r.last_reminder_at),
      flagReason: flagOf(r),
    })),
    total: Number(rows[0].s_total) - Number(rows[0].s_converted),
  };
}

export type ReminderTarget = { id: number; refereeName: string; refereePhone: string | null; referrerCode: string; converted: boolean; lastReminderAt: Date | null; smsConsent: boolean };

export async function selectReminderTarget(tx: Tx, businessId: number, id: number): Promise<ReminderTarget | null> {
  const [r] = await tx
    .select({
      id: referrals.id,
      refereeName: referrals.refereeName,
      refereePhone: referrals.refereePhone,
      referrerCode: referrals.referrerCode,
      converted: referrals.converted,
      lastReminderAt: referrals.lastReminderAt,
      smsConsentAt: referrals.smsConsentAt,
    })
    .from(referrals)
    .where(and(eq(referrals.businessId, businessId), eq(referrals.id, id)));
  if (!r) return null;
  const { smsConsentAt, ...target } = r;
  return { ...target, smsConsent: smsConsentAt !== null };
}

/**
 * Claims the reminder: stamps last_reminder_at now if it is still what was read and older than the gap,
 * so two clicks at once send one text. Returns the new stamp, or null when another reminder won.
 */
export async function claimReminder(tx: Tx, businessId: number, id: number, previous: Date | null, gapHours: number): Promise<Date | null> {
  const r = referrals;
  const [row] = await tx
    .update(r)
    .set({ lastReminderAt: sql`date_trunc('milliseconds', now())` })
    .where(
      and(
        eq(r.businessId, businessId),
        eq(r.id, id),
        not(r.converted),
        sql`${r.lastReminderAt} is not distinct from ${previous ? previous.toISOString() : null}::timestamptz`,
        or(isNull(r.lastReminderAt), lt(r.lastReminderAt, sql`now() - make_interval(hours => ${gapHours}::int)`)),
      ),
    )
    .returning({ at: r.lastReminderAt });
  return row?.at ?? null;
}

/** Gives the claim back when the text did not go (the stamp says when a reminder was sent). Stamps are whole milliseconds so the JavaScript Date matches. */
export async function releaseReminder(tx: Tx, businessId: number, id: number, claimed: Date, previous: Date | null) {
  await tx
    .update(referrals)
    .set({ lastReminderAt: previous })
    .where(and(eq(referrals.businessId, businessId), eq(referrals.id, id), eq(referrals.lastReminderAt, claimed)));
}

export async function selectRewardTarget(tx: Tx, businessId: number, id: number): Promise<{ converted: boolean } | null> {
  const [r] = await tx
    .select({ converted: referrals.converted })
    .from(referrals)
    .where(and(eq(referrals.businessId, businessId), eq(referrals.id, id)));
  return r ?? null;
}

/**
 * Sets Reward Given. A converted referral without its reward row (converted before rewards were recorded)
 * gets one with the business's referral discount. markedAt is when it was marked given: kept when it is
 * marked given again, cleared when unticked.
 */
export async function upsertRewardGiven(tx: Tx, businessId: number, referralId: number, rewardGiven: boolean, defaultAmount: string): Promise<ReferralReward> {
  const rw = referralRewards;
  const [r] = await tx
    .insert(rw)
    .values({ businessId, referralId, rewardAmount: defaultAmount, rewardGiven, markedAt: rewardGiven ? sql`now()` : null })
    .onConflictDoUpdate({
      target: rw.referralId,
      set: {
        rewardGiven: sql`excluded.reward_given`,
        markedAt: sql`case when not excluded.reward_given then null when ${rw.rewardGiven} then ${rw.markedAt} else now() end`,
      },
      setWhere: eq(rw.businessId, businessId),
    })
    .returning({ reward_id: rw.id, reward_amount: rw.rewardAmount, reward_given: rw.rewardGiven, marked_at: rw.markedAt });
  return rewardOf(r)!;
}
