import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { figuresOfStream, generateReferralCode, lockBusinessClients, recomputeClientStats } from '../clients/service';
import type { DateRange, RecentBooking } from '../sms/service';
import { matchClients } from './match-clients';
import { reactInTransaction } from './reactions';

/** One completed booking, already normalised (importer, webhook and Add Client all end here). */
export type BookingRow = {
  name: string;
  email: string | null;
  phone: string | null;
  serviceDate: string;
  serviceType: string | null;
  amount: number | null;
};

export type RecordResult = {
  newClients: number;
  updatedClients: number;
  newBookings: number;
  duplicateBookings: number;
  /** The client id of each input row, in order. */
  clientIds: number[];
  /** Bookings inserted now (not known already) whose service date is within `opts.recent` (automations). */
  recentBookings: RecentBooking[];
};

export type { DateRange, RecentBooking };

type FileClient = {
  key: number;
  name: string;
  email: string | null;
  phone: string | null;
  id?: number;
  isNew?: boolean;
  /** The client's bookings in this file, one per distinct booking (date and dedupe key): [date, amount]. */
  bookings: [string, number | null][];
  seen: Set<string>;
};

const CHUNK = 20_000;

/** Identifies the same booking on a re-import: service type and amount, normalised. */
export const dedupeKey = (serviceType: string | null, amount: number | null) =>
  `${(serviceType ?? '').trim().toLowerCase()}|${amount == null ? '' : amount.toFixed(2)}`;

/**
 * Finds or creates each row's client (by e-mail, case-insensitive, then by phone; a client is also found by
 * the e-mails and phones it had before the owner edited them) and inserts its
 * completed booking unless the same booking exists already; then recomputes the touched clients.
 * Set-based: a handful of statements whatever the number of rows. Call inside a transaction.
 */
export async function recordBookings(
  tx: Tx,
  businessId: number,
  rows: BookingRow[],
  source: string,
  opts: { recent?: DateRange } = {},
): Promise<RecordResult> {
  const empty = { newClients: 0, updatedClients: 0, newBookings: 0, duplicateBookings: 0, clientIds: [], recentBookings: [] };
  if (rows.length === 0) return empty;
  // Imports, webhooks and Add Client of one business run one at a time: no racing duplicate clients.
  await lockBusinessClients(tx, businessId);
  // The statements below are cheap per row but, on statistics from before the file's rows, estimated to
  // cost millions: PostgreSQL would compile them with JIT first, which costs seconds on a large re-upload
  // (docs/benchmarks.md).
  await tx.execute(sql`set local jit = off`);

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

  const { updated, fillPhone } = await matchClients(tx, businessId, clients, [...byEmail.keys()], [...byPhone.keys()]);

  // New clients are inserted with their figures, computed from their bookings in this file (they have no
  // others), so the recompute below only rewrites clients that existed before.
  const referredNew = await insertNewClients(tx, businessId, clients.filter((c) => c.id === undefined));
  if (fillPhone.length) {
    await tx.execute(sql`
      update clients c set phone = v.phone
      from json_to_recordset(${JSON.stringify(fillPhone)}::json) as v(id int, phone text)
      where c.id = v.id and c.business_id = ${businessId} and c.phone is null`);
  }

  const clientIds = rowClient.map((c) => c.id!);
  let newBookings = 0;
  const recentBookings: RecentBooking[] = [];
  const from = opts.recent?.from ?? null;
  const to = opts.recent?.to ?? null;
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

  // What other features do in this transaction when bookings are recorded (reactions.ts): pending referrals
  // whose friend now has a booking convert (docs/referrals.md); their referrers' figures move.
  const moved = await reactInTransaction(tx, { businessId, emails: [...byEmail.keys()], phones: [...byPhone.keys()] });
  const touched = [...new Set([...updated, ...referredNew, ...moved])];
  // No ANALYZE here: it serialised different businesses' imports; the recompute is fast without it.
  await recomputeClientStats(tx, businessId, touched);
  return {
    newClients: clients.filter((c) => c.isNew).length,
    updatedClients: updated.size,
    newBookings,
    duplicateBookings: rows.length - newBookings,
    clientIds,
    recentBookings,
  };
}

/**
 * Inserts new clients with their figures (the recompute's own SQL, figuresOfStream, over the client's
 * distinct bookings in this file). Answers the new clients a referral of the business already names by
 * referral code (a code once held by a deleted client): their referral counts need the full recompute.
 */
async function insertNewClients(tx: Tx, businessId: number, fresh: FileClient[]): Promise<number[]> {
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

/** A cancelled or no-show booking from an import (docs/insights.md, "Cancelled bookings"). */
export type CancelledBookingRow = BookingRow & { status: 'cancelled' | 'no-show' };

/**
 * Keeps cancelled and no-show rows as bookings of clients the business has (including clients this
 * import's completed rows just created; call after recordBookings in the same transaction). A row whose
 * client is unknown is dropped: a cancellation creates no client. The client is matched as recordBookings
 * does (e-mail, then phone when one side has no e-mail; the current one before one the client had before an edit). No client figure moves: the read model's triggers
 * and the recompute count completed bookings only, so nothing is recomputed. The dedupe key carries the
 * status, so a re-import adds nothing and a completed booking on the same day with the same service and
 * amount is kept beside it. Answers the number of bookings inserted now.
 */
export async function recordCancelledBookings(tx: Tx, businessId: number, rows: CancelledBookingRow[], source: string): Promise<number> {
  if (rows.length === 0) return 0;
  await lockBusinessClients(tx, businessId);
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
