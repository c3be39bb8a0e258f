import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';

// The Insights review section (docs/reviews.md): per month of the business's time zone, the last 12 months, each
// event counted in the month it happened; and the clients asked whose latest request was not opened.

export type MonthRow = { month: string; sent: number; opened: number; reminded: number; reviewed: number; referralAsks: number; sentOpened: number };

export async function selectReviewMonths(tx: Tx, businessId: number): Promise<MonthRow[]> {
  return rowsOf<MonthRow>(
    await tx.execute(sql`
      with b as (select time_zone as tz, date_trunc('month', now() at time zone time_zone) as this_month from businesses where id = ${businessId}),
      months as (select generate_series(b.this_month - interval '11 months', b.this_month, interval '1 month') as m from b),
      r as (
        select date_trunc('month', r.sent_at at time zone b.tz) as sent_m, date_trunc('month', r.first_opened_at at time zone b.tz) as opened_m,
          date_trunc('month', r.reminded_at at time zone b.tz) as reminded_m, date_trunc('month', r.marked_reviewed_at at time zone b.tz) as reviewed_m,
          date_trunc('month', r.referral_asked_at at time zone b.tz) as asked_m, r.first_opened_at is not null as ever_opened
        from review_requests r, b
        where r.business_id = ${businessId}
          and greatest(r.sent_at, r.first_opened_at, r.reminded_at, r.marked_reviewed_at, r.referral_asked_at) >= (b.this_month - interval '11 months') at time zone b.tz)
      select to_char(months.m, 'YYYY-MM') as month,
        (select count(*) from r where r.sent_m = months.m)::int as sent,
        (select count(*) from r where r.opened_m = months.m)::int as opened,
        (select count(*) from r where r.reminded_m = months.m)::int as reminded,
        (select count(*) from r where r.reviewed_m = months.m)::int as reviewed,
        (select count(*) from r where r.asked_m = months.m)::int as "referralAsks",
        (select count(*) from r where r.sent_m = months.m and r.ever_opened)::int as "sentOpened"
      from months order by months.m`),
  );
}

/** Referrals made by a client after they were asked to refer following their review. */
export async function countReferralsAfterReviewAsk(tx: Tx, businessId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from referrals f
      where f.business_id = ${businessId} and exists (
        select 1 from review_requests r where r.business_id = f.business_id and r.client_id = f.referrer_client_id
          and r.referral_asked_at is not null and r.referral_asked_at <= f.created_at)`),
  );
  return Number(row?.n ?? 0);
}

export type NotOpenedRow = { clientId: number; name: string; phone: string | null; askedAt: Date; remindedAt: Date | null; total: number };

/** Clients whose latest sent review request was neither opened nor marked reviewed, newest request first. */
export async function selectNotOpened(tx: Tx, businessId: number, limit: number, offset: number): Promise<NotOpenedRow[]> {
  return rowsOf<NotOpenedRow>(
    await tx.execute(sql`
      with latest as (
        select distinct on (r.client_id) r.client_id, r.sent_at, r.reminded_at, r.first_opened_at, r.marked_reviewed_at
        from review_requests r
        where r.business_id = ${businessId} and (r.sent_at is not null or r.marked_reviewed_at is not null)
        order by r.client_id, coalesce(r.sent_at, r.marked_reviewed_at) desc, r.id desc)
      select c.id as "clientId", c.name, c.phone, l.sent_at as "askedAt", l.reminded_at as "remindedAt", count(*) over ()::int as total
      from latest l join clients c on c.business_id = ${businessId} and c.id = l.client_id
      where l.sent_at is not null and l.first_opened_at is null and l.marked_reviewed_at is null
      order by l.sent_at desc, c.id
      limit ${limit} offset ${offset}`),
  );
}
