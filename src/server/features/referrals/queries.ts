import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import type {
  ConversionItem,
  PendingReferralItem,
  ReferralListItem,
  ReferralReward,
  ReferralSummary,
  TopReferrer,
} from '../../../shared/schemas/referrals';
import type { REFERRAL_SORTS, REFERRAL_STATUSES } from '../../../shared/schemas/referrals';

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
  reward_id: number | null;
  reward_amount: string | null;
  reward_given: boolean | null;
  marked_at: Time;
  days: number | string;
};

const COLUMNS = sql`r.id, r.referee_name, r.referee_email, r.referee_phone, r.referrer_code, c.id as referrer_id, c.name as referrer_name,
  r.converted, r.created_at, r.converted_at, r.last_reminder_at,
  rw.id as reward_id, rw.reward_amount, rw.reward_given, rw.marked_at,
  floor(extract(epoch from (now() - r.created_at)) / 86400)::int as days`;

const FROM = sql`from referrals r
  left join clients c on c.id = r.referrer_client_id and c.business_id = r.business_id
  left join referral_rewards rw on rw.referral_id = r.id and rw.business_id = r.business_id`;

const referrerOf = (r: Row) => (r.referrer_id == null ? null : { id: Number(r.referrer_id), name: r.referrer_name ?? '' });

export const rewardOf = (r: Pick<Row, 'reward_id' | 'reward_amount' | 'reward_given' | 'marked_at'>): ReferralReward | null =>
  r.reward_id == null ? null : { rewardAmount: r.reward_amount, rewardGiven: Boolean(r.reward_given), markedAt: iso(r.marked_at) };

function toItem(r: Row): ReferralListItem {
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
    referralReward: rewardOf(r),
  };
}

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filters(opts: { status: (typeof REFERRAL_STATUSES)[number]; search?: string }): SQL {
  const parts: SQL[] = [];
  if (opts.status === 'pending') parts.push(sql` and not r.converted`);
  if (opts.status === 'converted') parts.push(sql` and r.converted`);
  if (opts.search) {
    const p = likePattern(opts.search);
    const digits = opts.search.replace(/\D/g, '');
    // Phone digits match the stored E.164 (with or without the leading 1) when at least 3 were typed.
    const phone = digits.length >= 3 ? sql` or r.referee_phone like ${`%${digits.replace(/^1(?=\d{10}$)/, '')}%`}` : sql``;
    parts.push(sql` and (lower(r.referee_name) like ${p} or lower(r.referee_email) like ${p} or lower(r.referrer_code) like ${p} or lower(c.name) like ${p}${phone})`);
  }
  return sql.join(parts, sql``);
}

const ORDER: Record<(typeof REFERRAL_SORTS)[number], SQL> = {
  newest: sql`r.created_at desc, r.id desc`,
  oldest: sql`r.created_at asc, r.id asc`,
  refereeName: sql`lower(r.referee_name) asc, r.id asc`,
  convertedAt: sql`r.converted_at desc nulls last, r.created_at desc, r.id desc`,
};

export async function selectReferralPage(
  tx: Tx,
  businessId: number,
  opts: { status: (typeof REFERRAL_STATUSES)[number]; sort: (typeof REFERRAL_SORTS)[number]; search?: string; limit: number; offset: number },
): Promise<{ referrals: ReferralListItem[]; total: number }> {
  const where = sql`where r.business_id = ${businessId}${filters(opts)}`;
  const rows = rowsOf<Row & { total: number }>(
    await tx.execute(sql`select ${COLUMNS}, count(*) over ()::int as total ${FROM} ${where} order by ${ORDER[opts.sort]} limit ${opts.limit} offset ${opts.offset}`),
  );
  if (rows.length > 0) return { referrals: rows.map(toItem), total: Number(rows[0].total) };
  // Paged past the end: no row carries the count.
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${FROM} ${where}`));
  return { referrals: [], total: Number(count.n) };
}

export async function selectSummary(tx: Tx, businessId: number): Promise<ReferralSummary> {
  const [r] = rowsOf<{ total: number; converted: number; given: number; owed: number }>(
    await tx.execute(sql`select count(*)::int as total, count(*) filter (where r.converted)::int as converted,
        count(*) filter (where r.converted and rw.reward_given)::int as given,
        count(*) filter (where r.converted and not coalesce(rw.reward_given, false))::int as owed
      from referrals r left join referral_rewards rw on rw.referral_id = r.id and rw.business_id = r.business_id
      where r.business_id = ${businessId}`),
  );
  const total = Number(r.total);
  const converted = Number(r.converted);
  return {
    totalReferrals: total,
    convertedReferrals: converted,
    pendingReferrals: total - converted,
    conversionRate: total === 0 ? 0 : converted / total,
    rewardsGiven: Number(r.given),
    rewardsOwed: Number(r.owed),
  };
}

export async function countNewReferrals(tx: Tx, businessId: number, days: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from referrals r where r.business_id = ${businessId} and r.created_at >= now() - make_interval(days => ${days}::int)`),
  );
  return Number(r.n);
}

/** Every referral, newest first, for the CSV export. */
export async function selectAllReferrals(tx: Tx, businessId: number): Promise<ReferralListItem[]> {
  return rowsOf<Row>(await tx.execute(sql`select ${COLUMNS} ${FROM} where r.business_id = ${businessId} order by ${ORDER.newest}`)).map(toItem);
}

export async function selectTopReferrers(tx: Tx, businessId: number, limit: number): Promise<TopReferrer[]> {
  const rows = rowsOf<{ id: number; name: string; referral_code: string; total: number; converted: number }>(
    await tx.execute(sql`select c.id, c.name, c.referral_code, t.total, t.converted
      from (select r.referrer_client_id as id, count(*)::int as total, count(*) filter (where r.converted)::int as converted
            from referrals r where r.business_id = ${businessId} and r.referrer_client_id is not null
            group by r.referrer_client_id) t
      join clients c on c.id = t.id and c.business_id = ${businessId}
      order by t.total desc, t.converted desc, lower(c.name), c.id
      limit ${limit}`),
  );
  return rows.map((r) => ({
    client: { id: Number(r.id), name: r.name, referralCode: r.referral_code },
    totalReferrals: Number(r.total),
    convertedReferrals: Number(r.converted),
    conversionRate: Number(r.total) === 0 ? 0 : Number(r.converted) / Number(r.total),
  }));
}

export async function selectRecentConversions(tx: Tx, businessId: number, limit: number): Promise<ConversionItem[]> {
  const rows = rowsOf<Row>(
    await tx.execute(sql`select ${COLUMNS} ${FROM} where r.business_id = ${businessId} and r.converted
      order by r.converted_at desc nulls last, r.id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    refereeName: r.referee_name,
    referrerClient: referrerOf(r),
    referrerCode: r.referrer_code,
    // A converted referral always has its date (docs/referrals.md); an old row without one shows when it was made.
    convertedAt: iso(r.converted_at) ?? iso(r.created_at)!,
    referralReward: rewardOf(r),
  }));
}

export async function selectPendingReferrals(tx: Tx, businessId: number, limit: number): Promise<{ referrals: PendingReferralItem[]; total: number }> {
  const rows = rowsOf<Row & { total: number }>(
    await tx.execute(sql`select ${COLUMNS}, count(*) over ()::int as total ${FROM} where r.business_id = ${businessId} and not r.converted
      order by r.created_at desc, r.id desc limit ${limit}`),
  );
  return {
    referrals: rows.map((r) => ({
      id: Number(r.id),
      refereeName: r.referee_name,
      refereePhone: r.referee_phone,
      refereeEmail: r.referee_email,
      referrerCode: r.referrer_code,
      referrerClient: referrerOf(r),
      daysSinceShared: Math.max(0, Number(r.days)),
      createdAt: iso(r.created_at)!,
      lastReminderAt: iso(r.last_reminder_at),
    })),
    total: rows.length > 0 ? Number(rows[0].total) : 0,
  };
}

export type ReminderTarget = { id: number; refereeName: string; refereePhone: string | null; referrerCode: string; converted: boolean; lastReminderAt: Date | null };

export async function selectReminderTarget(tx: Tx, businessId: number, id: number): Promise<ReminderTarget | null> {
  const [r] = rowsOf<{ id: number; referee_name: string; referee_phone: string | null; referrer_code: string; converted: boolean; last_reminder_at: Time }>(
    await tx.execute(sql`select id, referee_name, referee_phone, referrer_code, converted, last_reminder_at from referrals where business_id = ${businessId} and id = ${id}`),
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    refereeName: r.referee_name,
    refereePhone: r.referee_phone,
    referrerCode: r.referrer_code,
    converted: r.converted,
    lastReminderAt: r.last_reminder_at == null ? null : new Date(r.last_reminder_at),
  };
}

/**
 * Claims the reminder: stamps last_reminder_at now if it is still what was read and older than the gap,
 * so two clicks at once send one text. Returns the new stamp, or null when another reminder won.
 */
export async function claimReminder(tx: Tx, businessId: number, id: number, previous: Date | null, gapHours: number): Promise<Date | null> {
  const [r] = rowsOf<{ at: Time }>(
    await tx.execute(sql`update referrals set last_reminder_at = date_trunc('milliseconds', now())
      where business_id = ${businessId} and id = ${id} and not converted
        and last_reminder_at is not distinct from ${previous ? previous.toISOString() : null}::timestamptz
        and (last_reminder_at is null or last_reminder_at < now() - make_interval(hours => ${gapHours}::int))
      returning last_reminder_at as at`),
  );
  return r ? new Date(r.at!) : null;
}

/** Gives the claim back when the text did not go (the stamp says when a reminder was sent). Stamps are whole milliseconds so the JavaScript Date matches. */
export async function releaseReminder(tx: Tx, businessId: number, id: number, claimed: Date, previous: Date | null) {
  await tx.execute(sql`update referrals set last_reminder_at = ${previous ? previous.toISOString() : null}::timestamptz
    where business_id = ${businessId} and id = ${id} and last_reminder_at = ${claimed.toISOString()}::timestamptz`);
}

export async function selectRewardTarget(tx: Tx, businessId: number, id: number): Promise<{ converted: boolean } | null> {
  const [r] = rowsOf<{ converted: boolean }>(await tx.execute(sql`select converted from referrals where business_id = ${businessId} and id = ${id}`));
  return r ?? null;
}

/**
 * Sets Reward Given. A converted referral without its reward row (converted before rewards were recorded)
 * gets one with the business's referral discount. markedAt is when it was marked given: kept when it is
 * marked given again, cleared when unticked.
 */
export async function upsertRewardGiven(tx: Tx, businessId: number, referralId: number, rewardGiven: boolean, defaultAmount: string): Promise<ReferralReward> {
  const [r] = rowsOf<{ reward_id: number; reward_amount: string | null; reward_given: boolean; marked_at: Time }>(
    await tx.execute(sql`insert into referral_rewards (business_id, referral_id, reward_amount, reward_given, marked_at)
      values (${businessId}, ${referralId}, ${defaultAmount}, ${rewardGiven}, case when ${rewardGiven} then now() end)
      on conflict (referral_id) do update set
        reward_given = excluded.reward_given,
        marked_at = case when not excluded.reward_given then null
                         when referral_rewards.reward_given then referral_rewards.marked_at
                         else now() end
      where referral_rewards.business_id = ${businessId}
      returning id as reward_id, reward_amount, reward_given, marked_at`),
  );
  return rewardOf(r)!;
}
