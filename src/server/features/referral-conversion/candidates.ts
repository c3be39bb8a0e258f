import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { phoneDigitsPattern, substringMatch } from '../../db/like-pattern';
import { HttpError } from '../../platform/errors';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import { BOOKING_CANDIDATES_LIMIT, type BookingCandidate } from '../../../shared/schemas/referral-conversion';

// The bookings the owner may pick as a friend's in Mark converted (docs/referrals.md, "Referral credit"): completed
// bookings of clients who could be the friend (not referred already, not the referrer).

type Row = {
  id: number;
  service_date: string;
  service_type: string | null;
  amount_charged: string | null;
  client_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  suggested: boolean;
};

/**
 * With a search: the newest completed bookings of the clients it names. Without: the bookings of clients with the
 * friend's e-mail, phone or name first (each through its client index), then the business's newest completed
 * bookings (bookings_business_date_idx walked from the newest).
 */
export async function selectBookingCandidates(tx: Tx, businessId: number, referralId: number, search?: string): Promise<BookingCandidate[]> {
  const eligible = sql`not c.is_referred_client and c.referral_id is null and c.id is distinct from f.referrer_client_id and c.referral_code <> f.referrer_code`;
  const suggested = sql`coalesce(lower(c.email) = lower(f.referee_email) or c.phone = f.referee_phone or lower(c.name) = lower(f.referee_name), false)`;
  const n = BOOKING_CANDIDATES_LIMIT;
  const bookingsOf = (clients: SQL) => sql`select b.id, b.service_date, b.service_type, b.amount_charged, c.id as client_id, c.name, c.email, c.phone, ${suggested} as suggested
    from (${clients}) c cross join f
    cross join lateral (select b.* from bookings b where b.client_id = c.id and b.business_id = ${businessId} and b.status = 'completed'
      order by b.service_date desc, b.id desc limit ${n}) b`;
  let body: SQL;
  if (search) {
    const digits = phoneDigitsPattern(search);
    const phone = digits ? sql` or c.phone like ${digits}` : sql``;
    body = sql`${bookingsOf(sql`select c.* from clients c cross join f where c.business_id = ${businessId} and (${substringMatch(sql`c.search_text`, search)}${phone}) and ${eligible}`)}`;
  } else {
    body = sql`${bookingsOf(sql`select c.* from clients c cross join f where c.business_id = ${businessId} and ${eligible}
        and (lower(c.email) = lower(f.referee_email) or c.phone = f.referee_phone or lower(c.name) = lower(f.referee_name))`)}
      union
      select b.id, b.service_date, b.service_type, b.amount_charged, c.id, c.name, c.email, c.phone, ${suggested}
      from (select b.* from bookings b where b.business_id = ${businessId} and b.status = 'completed'
              and exists (select 1 from clients c cross join f where c.id = b.client_id and ${eligible})
            order by b.service_date desc, b.id desc limit ${n}) b
      join clients c on c.id = b.client_id cross join f`;
  }
  const rows = await readRows<Row & { found: boolean }>(
    tx,
    sql`with f as (select r.referee_name, r.referee_email, r.referee_phone, r.referrer_client_id, r.referrer_code from referrals r
        where r.id = ${referralId} and r.business_id = ${businessId})
      select true as found, x.* from (select 1) one left join lateral (
        select * from (${body}) u order by u.suggested desc, u.service_date desc, u.id desc limit ${n}) x on true
      where exists (select 1 from f)
      order by x.suggested desc, x.service_date desc, x.id desc`,
  );
  if (rows.length === 0) throw new HttpError(404, REFERRAL_NOT_FOUND);
  return rows
    .filter((r) => r.id != null)
    .map((r) => ({
      id: Number(r.id),
      serviceDate: String(r.service_date).slice(0, 10),
      serviceType: r.service_type,
      amountCharged: r.amount_charged,
      client: { id: Number(r.client_id), name: r.name, email: r.email, phone: r.phone },
      suggested: Boolean(r.suggested),
    }));
}
