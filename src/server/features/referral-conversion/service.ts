import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { bookings, clients, referrals } from '../../db/schema';
import { HttpError } from '../../platform/errors';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import {
  BOOKING_NOT_FOUND,
  CLIENT_ALREADY_LINKED,
  CLIENT_NOT_FOUND,
  CONVERTED_WITH_ANOTHER_CLIENT,
  CONVERTED_WITHOUT_CLIENT,
  SELF_REFERRAL,
  type ConvertReferralReply,
} from '../../../shared/schemas/referral-conversion';
import { lockBusinessClients, recomputeClientStats } from '../clients/service';
import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';

// Conversion of referrals when bookings arrive and by hand (docs/referrals.md, "Conversion").

const selectReferral = async (tx: Tx, businessId: number, id: number) =>
  (
    await tx
      .select({
        converted: referrals.converted,
        convertedClientId: referrals.convertedClientId,
        referrerCode: referrals.referrerCode,
        referrerClientId: referrals.referrerClientId,
      })
      .from(referrals)
      .where(and(eq(referrals.id, id), eq(referrals.businessId, businessId)))
  )[0];

export type ByHand = { clientId?: number; bookingId?: number; amount?: number };

/**
 * The owner marks a referral converted, optionally naming the friend's client, or their booking (its client is
 * the friend), or the amount their booking brought when it is not in the app. Idempotent.
 */
export async function convertReferralByHand(db: Tx, businessId: number, referralId: number, by: ByHand = {}): Promise<ConvertReferralReply> {
  return db.transaction(async (tx) => {
    // The same lock as imports: the friend's client row and the referrer's score are written.
    await lockBusinessClients(tx, businessId);
    const referral = await selectReferral(tx, businessId, referralId);
    if (!referral) throw new HttpError(404, REFERRAL_NOT_FOUND);
    let clientId = by.clientId;
    if (by.bookingId !== undefined) {
      const [booking] = await tx
        .select({ clientId: bookings.clientId })
        .from(bookings)
        .where(and(eq(bookings.id, by.bookingId), eq(bookings.businessId, businessId)));
      if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
      clientId = Number(booking.clientId);
    }
    if (referral.converted) {
      if (clientId !== undefined && referral.convertedClientId === null) throw new HttpError(409, CONVERTED_WITHOUT_CLIENT);
      if (clientId !== undefined && referral.convertedClientId !== clientId) throw new HttpError(409, CONVERTED_WITH_ANOTHER_CLIENT);
      return { referral: await convertedReferral(tx, businessId, referralId) };
    }
    let friend: number | null;
    if (clientId !== undefined) {
      const [client] = await tx
        .select({ referralCode: clients.referralCode, referralId: clients.referralId, isReferredClient: clients.isReferredClient })
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.businessId, businessId)));
      if (!client) throw new HttpError(404, CLIENT_NOT_FOUND);
      if (clientId === Number(referral.referrerClientId) || client.referralCode === referral.referrerCode) throw new HttpError(400, SELF_REFERRAL);
      if (client.referralId !== null || client.isReferredClient) throw new HttpError(409, CLIENT_ALREADY_LINKED);
      friend = clientId;
    } else if (by.amount !== undefined) {
      // An amount is the owner saying the friend's booking is not in the app: no client is looked up.
      friend = null;
    } else {
      friend = await matchingClient(tx, businessId, referralId);
    }
    const referrers = await convertOne(tx, businessId, referralId, friend);
    if (by.amount !== undefined) {
      await tx
        .update(referrals)
        .set({ conversionAmount: sql`round(${by.amount}::numeric, 2)` })
        .where(and(eq(referrals.id, referralId), eq(referrals.businessId, businessId)));
    }
    await recomputeClientStats(tx, businessId, referrers);
    return { referral: await convertedReferral(tx, businessId, referralId) };
  });
}

async function convertedReferral(tx: Tx, businessId: number, id: number): Promise<ConvertReferralReply['referral']> {
  const [row] = rowsOf<{
    id: number;
    converted: boolean;
    converted_at: string | Date | null;
    converted_client_id: number | null;
    reward_amount: string | null;
    reward_given: boolean | null;
    marked_at: string | Date | null;
    has_reward: boolean;
    revenue: string | null;
  }>(
    await tx.execute(sql`select r.id, r.converted, r.converted_at, r.converted_client_id,
        w.reward_amount, w.reward_given, w.marked_at, w.id is not null as has_reward, ${REFERRAL_REVENUE} as revenue
      from referrals r left join referral_rewards w on w.referral_id = r.id and w.business_id = r.business_id
      where r.id = ${id} and r.business_id = ${businessId}`),
  );
  const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());
  return {
    id: Number(row.id),
    converted: row.converted,
    convertedAt: iso(row.converted_at),
    convertedClientId: row.converted_client_id == null ? null : Number(row.converted_client_id),
    revenue: row.revenue,
    referralReward: row.has_reward ? { rewardAmount: row.reward_amount, rewardGiven: Boolean(row.reward_given), markedAt: iso(row.marked_at) } : null,
  };
}

// The conversion of referrals (docs/referrals.md, "Conversion"): set-based, one statement per call.

/**
 * What a referral `r` brought (docs/referrals.md, "Referral credit"), as text with 2 decimals: its friend's completed
 * bookings (the client's kept total_spent, one primary-key probe), or the amount the owner entered when converting
 * without a client; null while pending or when neither is known.
 */
export const REFERRAL_REVENUE = sql.raw(`(case when r.converted then coalesce(
    (select fc.total_spent from clients fc where fc.id = r.converted_client_id and fc.business_id = r.business_id),
    r.conversion_amount)::numeric(14, 2)::text end)`);

const PENDING_COLUMNS = sql.raw('r.id, r.referrer_code, r.referrer_client_id, lower(r.referee_email) as email, r.referee_phone as phone, r.created_at');

/** What a conversion looks at: one referral (by hand), or the e-mails and phones of a booking write. */
type Scope = { referralId: number } | { emails: string[]; phones: string[] };

/**
 * Pending referrals of the business matched to a client: CTE `eligible (referral_id, client_id, rank,
 * created_at)`, rank 0 for an e-mail match, 1 for a phone match; leaves out the referrer and clients who
 * are referred already. A booking write looks up only the pending referrals naming one of its e-mails
 * or phones (partial indexes), and each of those finds its client through the client indexes: the cost
 * follows the write's size and its matches, not the number of clients or referrals.
 */
const matchedPending = (businessId: number, scope: Scope) => {
  const pending = 'referralId' in scope
    ? sql`select ${PENDING_COLUMNS} from referrals r where r.id = ${scope.referralId} and r.business_id = ${businessId} and not r.converted`
    : sql`select ${PENDING_COLUMNS} from referrals r
        where r.business_id = ${businessId} and not r.converted
          and lower(r.referee_email) in (select v from json_array_elements_text(${JSON.stringify(scope.emails)}::json) as e(v))
        union
        select ${PENDING_COLUMNS} from referrals r
        where r.business_id = ${businessId} and not r.converted
          and r.referee_phone in (select v from json_array_elements_text(${JSON.stringify(scope.phones)}::json) as e(v))`;
  return sql`
  pending as (${pending}),
  matched as (
    -- offset 0 keeps each lookup a probe of its index, whatever the estimates
    select p.id as referral_id, c.id as client_id, 0 as rank
    from pending p cross join lateral (
      select c.id from clients c where c.business_id = ${businessId} and lower(c.email) = p.email and c.email is not null offset 0
    ) c
    where p.email is not null
    union all
    select p.id, c.id, 1
    from pending p cross join lateral (
      select c.id from clients c where c.business_id = ${businessId} and c.phone = p.phone
        and (c.email is null or p.email is null or lower(c.email) = p.email) offset 0
    ) c
    where p.phone is not null
  ),
  eligible as (
    select m.referral_id, m.client_id, m.rank, p.created_at
    from matched m join pending p on p.id = m.referral_id join clients c on c.id = m.client_id
    where not c.is_referred_client and c.referral_id is null
      and c.id is distinct from p.referrer_client_id and c.referral_code <> p.referrer_code
  )`;
};

/**
 * The effects of converting the rows of CTE `chosen (referral_id, client_id)` (client_id may be null):
 * the referral, the friend's client row, the referral's lead, the referrer's reward. Answers the
 * referrers' client ids (their loyalty scores count the conversion).
 */
async function applyConversions(tx: Tx, businessId: number, chosenCtes: SQL): Promise<number[]> {
  const rows = rowsOf<{ referrer_id: number | null; code_holder_id: number | null }>(
    await tx.execute(sql`
      with ${chosenCtes},
      conv as (
        update referrals r set converted = true, converted_at = now(), converted_client_id = ch.client_id
          from chosen ch
        where r.id = ch.referral_id and r.business_id = ${businessId} and not r.converted
        returning r.id, r.referrer_code, r.referrer_client_id, lower(r.referee_email) as email, r.referee_phone as phone, ch.client_id
      ),
      linked as (
        update clients c set referred_by = conv.referrer_code, is_referred_client = true, referral_id = conv.id
        from conv
        where c.id = conv.client_id and c.business_id = ${businessId}
        returning c.id
      ),
      lead_rows as (
        update leads l set status = 'converted', updated_at = now()
        from conv
        where l.business_id = ${businessId} and l.status <> 'converted'
          and l.referrer_code = conv.referrer_code
          and (lower(l.email) = conv.email or l.phone = conv.phone)
        returning l.id
      ),
      reward as (
        insert into referral_rewards (business_id, referral_id, reward_amount)
        select ${businessId}, conv.id,
          coalesce((select o.referral_discount from outreach_settings o where o.business_id = ${businessId}), ${DEFAULT_REFERRAL_DISCOUNT})
        from conv
        on conflict (referral_id) do nothing
        returning id
      )
      select conv.referrer_client_id as referrer_id,
        (select c.id from clients c where c.referral_code = conv.referrer_code and c.business_id = ${businessId}) as code_holder_id
      from conv`),
  );
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.referrer_id != null) ids.add(Number(r.referrer_id));
    if (r.code_holder_id != null) ids.add(Number(r.code_holder_id));
  }
  return [...ids];
}

/**
 * Converts the pending referrals of the business that name one of `emails` (lower case) or `phones`
 * (E.164) — the booking write's — and whose friend is a client with a completed booking. Called by
 * recordBookings after it inserted the bookings, in its transaction and under its clients lock. The
 * oldest claim wins a friend that several referrals match. Answers the referrers to recompute.
 */
export async function convertBookedReferrals(tx: Tx, businessId: number, emails: string[], phones: string[]): Promise<number[]> {
  if (emails.length === 0 && phones.length === 0) return [];
  return applyConversions(
    tx,
    businessId,
    sql`${matchedPending(businessId, { emails, phones })},
    booked as (
      select e.* from eligible e
      where exists (select 1 from bookings b where b.client_id = e.client_id and b.status = 'completed')
    ),
    per_referral as (select distinct on (referral_id) * from booked order by referral_id, rank, client_id),
    chosen as (select distinct on (client_id) referral_id, client_id from per_referral order by client_id, created_at, referral_id)`,
  );
}

/** The client a manual conversion links when the owner names none: the matching rule, no booking needed. */
export async function matchingClient(tx: Tx, businessId: number, referralId: number): Promise<number | null> {
  const [row] = rowsOf<{ client_id: number }>(
    await tx.execute(sql`
      with ${matchedPending(businessId, { referralId })}
      select client_id from eligible order by rank, client_id limit 1`),
  );
  return row ? Number(row.client_id) : null;
}

/** Converts one pending referral, linking `clientId` (or no client). Answers the referrers to recompute. */
export function convertOne(tx: Tx, businessId: number, referralId: number, clientId: number | null): Promise<number[]> {
  return applyConversions(tx, businessId, sql`chosen as (select ${referralId}::int as referral_id, ${clientId}::int as client_id)`);
}
