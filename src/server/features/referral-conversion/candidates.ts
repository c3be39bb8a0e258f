import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { phoneDigitsPattern, substringMatch } from '../../db/like-pattern';
import { HttpError } from '../../platform/errors';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import { BOOKING_CANDIDATES_LIMIT, type BookingCandidatesReply } from '../../../shared/schemas/referral-conversion';

// The bookings the owner may pick as a friend's in Mark converted (docs/referrals.md, "Referral credit"): completed
// bookings from the claim day on (in the business's time zone) of the client the friend became, or of the clients a
// search names (not referred already, not the referrer). Never the business's other bookings.

type Row = {
  id: number | null;
  service_date: string;
  service_type: string | null;
  amount_charged: string | null;
  client_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  suggested: boolean;
  claimed_on: string;
};

/**
 * Without a search: the bookings of clients with the friend's e-mail, phone or name (each through its client index).
 * With one: the newest bookings of the clients it names. Both from the claim day on; `claimedOn` is that day.
 */
export async function selectBookingCandidates(tx: Tx, businessId: number, referralId: number, search?: string): Promise<BookingCandidatesReply> {
  const eligible = sql`not c.is_referred_client and c.referral_id is null and c.id is distinct from f.referrer_client_id and c.referral_code <> f.referrer_code`;
  const friend = sql`(lower(c.email) = lower(f.referee_email) or c.phone = f.referee_phone or lower(c.name) = lower(f.referee_name))`;
  const n = BOOKING_CANDIDATES_LIMIT;
  let named: SQL;
  if (search) {
    const digits = phoneDigitsPattern(search);
    const phone = digits ? sql` or c.phone like ${digits}` : sql``;
    named = sql`(${substringMatch(sql`c.search_text`, search)}${phone})`;
  } else {
    named = friend;
  }
  const rows = await readRows<Row>(
    tx,
    sql`with f as (select r.referee_name, r.referee_email, r.referee_phone, r.referrer_client_id, r.referrer_code,
          (r.created_at at time zone bz.time_zone)::date as claimed_on
        from referrals r join businesses bz on bz.id = r.business_id
        where r.id = ${referralId} and r.business_id = ${businessId})
      select f.claimed_on::text as claimed_on, x.* from f left join lateral (
        select b.id, b.service_date, b.service_type, b.amount_charged, c.id as client_id, c.name, c.email, c.phone,
          coalesce(${friend}, false) as suggested
        from clients c
        cross join lateral (select b.* from bookings b where b.client_id = c.id and b.business_id = ${businessId}
          and b.status = 'completed' and b.service_date >= f.claimed_on
          order by b.service_date desc, b.id desc limit ${n}) b
        where c.business_id = ${businessId} and ${named} and ${eligible}
        order by suggested desc, service_date desc, id desc limit ${n}) x on true
      order by x.suggested desc, x.service_date desc, x.id desc`,
  );
  if (rows.length === 0) throw new HttpError(404, REFERRAL_NOT_FOUND);
  return {
    claimedOn: rows[0].claimed_on,
    bookings: rows
      .filter((r) => r.id != null)
      .map((r) => ({
        id: Number(r.id),
        serviceDate: String(r.service_date).slice(0, 10),
        serviceType: r.service_type,
        amountCharged: r.amount_charged,
        client: { id: Number(r.client_id), name: r.name, email: r.email, phone: r.phone },
        suggested: Boolean(r.suggested),
      })),
  };
}
