import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { bookings, businesses, clientPreviousContacts, clients } from '../../db/schema';
import type { ClientBooking, ClientTotals } from '../../../shared/schemas/client-detail';

export async function selectClientBookings(tx: Tx, businessId: number, clientId: number, limit: number): Promise<ClientBooking[]> {
  const b = bookings;
  const rows = await tx
    .select({ id: b.id, serviceDate: b.serviceDate, serviceType: b.serviceType, amountCharged: b.amountCharged, status: b.status, source: b.source })
    .from(b)
    .where(and(eq(b.businessId, businessId), eq(b.clientId, clientId)))
    .orderBy(desc(b.serviceDate), desc(b.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    serviceDate: r.serviceDate,
    serviceType: r.serviceType,
    amount: r.amountCharged == null ? null : Number(r.amountCharged),
    status: r.status,
    source: r.source,
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
  const [r] = await tx
    .select({ d: sql<string>`to_char((now() at time zone ${businesses.timeZone})::date, 'YYYY-MM-DD')` })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return r?.d ?? new Date().toISOString().slice(0, 10);
}

/** The business's client with this id. */
const theClient = (businessId: number, clientId: number) => and(eq(clients.id, clientId), eq(clients.businessId, businessId));

/**
 * Deletes the client; its bookings go with it (foreign key on delete cascade), referrals and messages keep
 * their history with the client link cleared. Run inside a transaction. Null when the business has no such client.
 */
export async function deleteClient(tx: Tx, businessId: number, clientId: number): Promise<{ deletedBookings: number; name: string } | null> {
  const [counted] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.clientId, clientId)));
  const deleted = await tx.delete(clients).where(theClient(businessId, clientId)).returning({ id: clients.id, name: clients.name });
  return deleted.length ? { deletedBookings: counted?.n ?? 0, name: deleted[0].name } : null;
}

export async function selectClientNotes(tx: Tx, businessId: number, clientId: number): Promise<string | null> {
  const [r] = await tx.select({ notes: clients.notes }).from(clients).where(theClient(businessId, clientId));
  return r?.notes ?? null;
}

/** The client's e-mail and phone, the row locked for the edit; null when the business has no such client. */
export async function selectClientContact(tx: Tx, businessId: number, clientId: number) {
  const [r] = await tx.select({ email: clients.email, phone: clients.phone, name: clients.name }).from(clients).where(theClient(businessId, clientId)).for('update');
  return r ?? null;
}

export async function emailTakenByAnother(tx: Tx, businessId: number, clientId: number, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.businessId, businessId),
        sql`lower(${clients.email}) = lower(${email})`,
        isNotNull(clients.email),
        ne(clients.id, clientId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Another client of the business was known by this e-mail before an edit (it still matches their bookings). */
export async function emailPreviouslyOfAnother(tx: Tx, businessId: number, clientId: number, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: clientPreviousContacts.clientId })
    .from(clientPreviousContacts)
    .where(
      and(
        eq(clientPreviousContacts.businessId, businessId),
        eq(clientPreviousContacts.kind, 'email'),
        eq(clientPreviousContacts.value, email.toLowerCase()),
        ne(clientPreviousContacts.clientId, clientId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Keeps the e-mails (lower case) and phones a client is no longer shown with, for matching (a value stays with its first client). */
export async function keepPreviousContacts(tx: Tx, businessId: number, clientId: number, contacts: { kind: 'email' | 'phone'; value: string }[]) {
  if (contacts.length === 0) return;
  await tx
    .insert(clientPreviousContacts)
    .values(contacts.map((c) => ({ businessId, clientId, kind: c.kind, value: c.kind === 'email' ? c.value.toLowerCase() : c.value })))
    .onConflictDoNothing();
}

export type ClientChanges = { name?: string; email?: string | null; phone?: string | null; notes?: string | null };

export async function updateClient(tx: Tx, businessId: number, clientId: number, c: ClientChanges) {
  // Only the fields given change (the builder leaves undefined ones out of the SET); nothing given, no statement.
  const { name, email, phone, notes } = c;
  if ([name, email, phone, notes].every((v) => v === undefined)) return;
  await tx.update(clients).set({ name, email, phone, notes }).where(theClient(businessId, clientId));
}
