import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import type { ClientBooking, ClientTotals } from '../../../shared/schemas/client-detail';

const isoDate = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export async function selectClientBookings(tx: Tx, businessId: number, clientId: number, limit: number): Promise<ClientBooking[]> {
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select id, to_char(service_date, 'YYYY-MM-DD') as service_date, service_type, amount_charged, status, source
      from bookings where business_id = ${businessId} and client_id = ${clientId}
      order by service_date desc, id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    serviceDate: isoDate(r.service_date),
    serviceType: r.service_type ?? null,
    amount: r.amount_charged == null ? null : Number(r.amount_charged),
    status: r.status,
    source: r.source ?? null,
  }));
}

export async function selectClientTotals(tx: Tx, businessId: number, clientId: number): Promise<ClientTotals> {
  const [r] = rowsOf<Record<string, any>>(
    await tx.execute(sql`select count(*)::int as all_bookings,
        count(*) filter (where status = 'completed')::int as completed,
        coalesce(sum(amount_charged) filter (where status = 'completed'), 0)::float8 as spent
      from bookings where business_id = ${businessId} and client_id = ${clientId}`),
  );
  const completed = Number(r?.completed ?? 0);
  const spent = Math.round(Number(r?.spent ?? 0) * 100) / 100;
  return {
    completedBookings: completed,
    totalSpent: spent,
    averageBooking: completed ? Math.round((spent / completed) * 100) / 100 : 0,
    allBookings: Number(r?.all_bookings ?? 0),
  };
}

export async function selectBusinessToday(tx: Tx, businessId: number): Promise<string> {
  const [r] = rowsOf<{ d: string }>(
    await tx.execute(sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as d from businesses where id = ${businessId}`),
  );
  return r?.d ?? new Date().toISOString().slice(0, 10);
}

/**
 * Deletes the client; its bookings go with it (foreign key on delete cascade), referrals and messages keep
 * their history with the client link cleared. Run inside a transaction. Null when the business has no such client.
 */
export async function deleteClient(tx: Tx, businessId: number, clientId: number): Promise<{ deletedBookings: number } | null> {
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from bookings where business_id = ${businessId} and client_id = ${clientId}`),
  );
  const deleted = rowsOf<{ id: number }>(
    await tx.execute(sql`delete from clients where id = ${clientId} and business_id = ${businessId} returning id`),
  );
  return deleted.length ? { deletedBookings: Number(counted?.n ?? 0) } : null;
}

export async function selectClientNotes(tx: Tx, businessId: number, clientId: number): Promise<string | null> {
  const [r] = rowsOf<{ notes: string | null }>(await tx.execute(sql`select notes from clients where id = ${clientId} and business_id = ${businessId}`));
  return r?.notes ?? null;
}

/** The client's e-mail and phone, the row locked for the edit; null when the business has no such client. */
export async function selectClientContact(tx: Tx, businessId: number, clientId: number) {
  const [r] = rowsOf<{ email: string | null; phone: string | null }>(
    await tx.execute(sql`select email, phone from clients where id = ${clientId} and business_id = ${businessId} for update`),
  );
  return r ?? null;
}

export async function emailTakenByAnother(tx: Tx, businessId: number, clientId: number, email: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`select 1 from clients
      where business_id = ${businessId} and lower(email) = lower(${email}) and email is not null and id <> ${clientId} limit 1`),
  );
  return rows.length > 0;
}

export type ClientChanges = { name?: string; email?: string | null; phone?: string | null; notes?: string | null };

export async function updateClient(tx: Tx, businessId: number, clientId: number, c: ClientChanges) {
  const sets = [
    c.name !== undefined ? sql`name = ${c.name}` : null,
    c.email !== undefined ? sql`email = ${c.email}` : null,
    c.phone !== undefined ? sql`phone = ${c.phone}` : null,
    c.notes !== undefined ? sql`notes = ${c.notes}` : null,
  ].filter((s) => s !== null);
  if (!sets.length) return;
  await tx.execute(sql`update clients set ${sql.join(sets, sql`, `)} where id = ${clientId} and business_id = ${businessId}`);
}
