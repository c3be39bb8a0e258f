import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { figuresOfStream, generateReferralCode } from '../clients/service';
import type { DateRange, RecentBooking } from '../sms/service';
import type { BookingRow, CancelledBookingRow } from './booking-row';

// The writing steps of recording bookings (service.ts runs them in order): group the rows by client, insert
// the new clients with their figures, fill in phones, insert the bookings. Set-based: a handful of statements
// whatever the number of rows. Each runs in the recording transaction, under the business's clients lock.

/** One client of the rows being recorded; `id` is set once matched or inserted. */
export type FileClient = {
  key: number;
  name: string;
  email: string | null;
  phone: string | null;
  id?: number;
  isNew?: boolean;
  /** The client's bookings in these rows, one per distinct booking (date and dedupe key): [date, amount]. */
  bookings: [string, number | null][];
  seen: Set<string>;
};

/** The rows grouped by client: e-mails (lower case) and phones of the rows, and each row's client in order. */
export type GroupedRows = { clients: FileClient[]; emails: string[]; phones: string[]; rowClient: FileClient[] };

const CHUNK = 20_000;

/** Identifies the same booking on a re-import: service type and amount, normalised. */
export const dedupeKey = (serviceType: string | null, amount: number | null) =>
  `${(serviceType ?? '').trim().toLowerCase()}|${amount == null ? '' : amount.toFixed(2)}`;

/**
 * Groups the rows by client, as the database will match them: by e-mail (case-insensitive), then by phone
 * (a row with a phone and a new e-mail joins the client of that phone that has no e-mail yet).
 */
export function groupByClient(rows: BookingRow[]): GroupedRows {
  const clients: FileClient[] = [];
  const byEmail = new Map<string, FileClient>();
  const byPhone = new Map<string, FileClient>();
  const rowClient: FileClient[] = [];
  for (const row of rows) {
    const email = row.email?.trim().toLowerCase() || null;
    let c = email ? byEmail.get(email) : row.phone ? byPhone.get(row.phone) : undefined;
    if (!c && email && row.phone) {
      const samePhone = byPhone.get(row.phone);
      if (samePhone && !samePhone.email) {
        samePhone.email = email;
        c = samePhone;
      }
    }
    if (!c) {
      c = { key: clients.length, name: row.name.trim(), email, phone: row.phone, bookings: [], seen: new Set() };
      clients.push(c);
    }
    const booking = `${row.serviceDate}|${dedupeKey(row.serviceType, row.amount)}`;
    if (!c.seen.has(booking)) {
      c.seen.add(booking);
      c.bookings.push([row.serviceDate, row.amount]);
    }
    if (email) byEmail.set(email, c);
    if (row.phone) {
      c.phone = c.phone ?? row.phone;
      if (!byPhone.has(row.phone)) byPhone.set(row.phone, c);
    }
    rowClient.push(c);
  }
  return { clients, emails: [...byEmail.keys()], phones: [...byPhone.keys()], rowClient };
}

/** Matched clients without a phone get the one of their rows. */
export async function fillPhones(tx: Tx, businessId: number, fillPhone: { id: number; phone: string }[]): Promise<void> {
  if (fillPhone.length === 0) return;
  await tx.execute(sql`
    update clients c set phone = v.phone
    from json_to_recordset(${JSON.stringify(fillPhone)}::json) as v(id int, phone text)
    where c.id = v.id and c.business_id = ${businessId} and c.phone is null`);
}

/**
 * Inserts each row's completed booking unless the same booking exists already (`clientIds`: each row's client),
 * then keeps the cancelled and no-show ones. Answers how many completed ones were inserted, and those whose
 * service date is within `recent` (the automations').
 */
export async function insertBookings(
  tx: Tx,
  businessId: number,
  bookings: { rows: BookingRow[]; clientIds: number[]; cancelled: CancelledBookingRow[] },
  source: string,
  recent?: DateRange,
): Promise<{ newBookings: number; recentBookings: RecentBooking[] }> {
  const { rows, clientIds } = bookings;
  let newBookings = 0;
  const recentBookings: RecentBooking[] = [];
  const from = recent?.from ?? null;
  const to = recent?.to ?? null;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const batch = rows.slice(start, start + CHUNK).map((r, i) => ({
      c: clientIds[start + i],
      d: r.serviceDate,
      t: r.serviceType,
      a: r.amount,
      k: dedupeKey(r.serviceType, r.amount),
    }));
    const [res] = rowsOf<{ n: number; recent: RecentBooking[] | null }>(
      await tx.execute(sql`
        with ins as (
          insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
          select ${businessId}, v.c, v.d, v.t, v.a, v.a, 'completed', ${source}, v.k
          from json_to_recordset(${JSON.stringify(batch)}::json) as v(c int, d date, t text, a numeric, k text)
          on conflict (client_id, service_date, dedupe_key) do nothing
          returning id, client_id, service_date
        )
        select count(*)::int as n,
          json_agg(json_build_object('id', id, 'clientId', client_id, 'serviceDate', to_char(service_date, 'YYYY-MM-DD')))
            filter (where service_date between ${from}::date and ${to}::date) as recent
        from ins`),
    );
    newBookings += Number(res.n);
    if (res.recent) recentBookings.push(...res.recent);
  }
  await insertCancelledBookings(tx, businessId, bookings.cancelled, source);
  return { newBookings, recentBookings };
}

/**
 * Inserts new clients with their figures (the recompute's own SQL, figuresOfStream, over the client's
 * distinct bookings in these rows). Answers the new clients a referral of the business already names by
 * referral code (a code once held by a deleted client): their referral counts need the full recompute.
 */
export async function insertNewClients(tx: Tx, businessId: number, fresh: FileClient[]): Promise<number[]> {
  const referred: number[] = [];
  let pending = fresh;
  // Referral codes are globally unique; a rare collision is retried with a new code.
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === 5) throw new Error('Could not generate unique referral codes');
    const byCode = new Map<string, FileClient>();
    for (const c of pending) byCode.set(generateReferralCode(c.name), c);
    const values = [...byCode].map(([code, c]) => ({ i: c.key, n: c.name, e: c.email, p: c.phone, r: code, bs: c.bookings }));
    for (let start = 0; start < values.length; start += CHUNK) {
      const inserted = rowsOf<{ id: number; referral_code: string; referred: boolean }>(
        await tx.execute(sql`
          with v as (
            select * from json_to_recordset(${JSON.stringify(values.slice(start, start + CHUNK))}::json)
              as v(i int, n text, e text, p text, r text, bs json)
          ),
          stream as (
            -- the same stream as the recompute's, keyed by the file's client: one row per distinct booking,
            -- gap = days since the previous distinct service date
            select v.i as id, x.d as service_date, x.a as amount,
              nullif(x.d - lag(x.d) over (partition by v.i order by x.d), 0) as gap,
              null::boolean as converted
            from v cross join lateral (select (b->>0)::date as d, (b->>1)::numeric as a from json_array_elements(v.bs) as bs(b)) x
          ),
          ${figuresOfStream(businessId)}
          insert into clients (business_id, name, email, phone, referral_code,
            total_bookings, first_booking, last_booking, frequency, loyalty_score, total_spent)
          select ${businessId}, v.n, v.e, v.p, v.r,
            n.total_bookings, n.first_booking, n.last_booking, n.frequency, n.loyalty_score, n.total_spent
          from v join fresh n on n.id = v.i
          on conflict (referral_code) do nothing
          returning id, referral_code,
            exists (select 1 from referrals r where r.business_id = ${businessId} and r.referrer_code = clients.referral_code) as referred`),
      );
      for (const row of inserted) {
        const c = byCode.get(row.referral_code)!;
        c.id = row.id;
        c.isNew = true;
        if (row.referred) referred.push(row.id);
      }
    }
    pending = pending.filter((c) => c.id === undefined);
  }
  return referred;
}

/**
 * Keeps cancelled and no-show rows as bookings of clients the business has (including clients this
 * import's completed rows just created: it runs after their insert). A row whose
 * client is unknown is dropped: a cancellation creates no client. The client is matched as matchClients
 * does (e-mail, then phone when one side has no e-mail; the current one before one the client had before an edit). No client figure moves: the read model's triggers
 * and the recompute count completed bookings only, so nothing is recomputed. The dedupe key carries the
 * status, so a re-import adds nothing and a completed booking on the same day with the same service and
 * amount is kept beside it. Answers the number of bookings inserted now.
 */
async function insertCancelledBookings(tx: Tx, businessId: number, rows: CancelledBookingRow[], source: string): Promise<number> {
  if (rows.length === 0) return 0;
  let kept = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const batch = rows.slice(start, start + CHUNK).map((r) => ({
      e: r.email?.trim().toLowerCase() || null,
      p: r.phone,
      d: r.serviceDate,
      t: r.serviceType,
      a: r.amount,
      s: r.status,
      k: `${dedupeKey(r.serviceType, r.amount)}|${r.status}`,
    }));
    const [res] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with v as (
          select * from json_to_recordset(${JSON.stringify(batch)}::json) as v(e text, p text, d date, t text, a numeric, s text, k text)
        ),
        m as (
          select v.*, coalesce(
            (select c.id from clients c
              where v.e is not null and c.business_id = ${businessId} and lower(c.email) = v.e and c.email is not null),
            (select k.client_id from client_previous_contacts k
              where v.e is not null and k.business_id = ${businessId} and k.kind = 'email' and k.value = v.e),
            (select c.id from clients c
              where v.p is not null and c.business_id = ${businessId} and c.phone = v.p and (c.email is null or v.e is null)
              order by c.id limit 1),
            (select c.id from client_previous_contacts k join clients c on c.id = k.client_id
              where v.p is not null and k.business_id = ${businessId} and k.kind = 'phone' and k.value = v.p
                and (c.email is null or v.e is null))
          ) as client_id
          from v
        ),
        ins as (
          insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
          select ${businessId}, m.client_id, m.d, m.t, m.a, null, m.s, ${source}, m.k
          from m where m.client_id is not null
          on conflict (client_id, service_date, dedupe_key) do nothing
          returning 1
        )
        select count(*)::int as n from ins`),
    );
    kept += Number(res.n);
  }
  return kept;
}
