import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { normalizePhone } from '../../../shared/phone';
import { giftLabel, type Client, type ClientPage, type SendGiftInput } from '../../../shared/schemas/clients';
import type { ClientSort } from '../../../shared/constants';
import * as q from './queries';
import { type BookingRow, recordBookings } from './record-bookings';
import { toCsv } from './export-csv';
import { FUTURE_SERVICE_DATE_MESSAGE, latestServiceDate } from './service-dates';

export { recomputeClientStats } from './recompute';
export { generateReferralCode } from './referral-code';
export { latestServiceDate } from './service-dates';
export { recordBookings, dedupeKey, type BookingRow, type RecordResult } from './record-bookings';

/** GET /api/clients without `page` answers at most this many, in the asked order and search (docs/clients-api.md). */
export const UNPAGED_CLIENT_LIMIT = 1000;
/** A client counts as new in the sidebar badge for this many days after it was created. */
export const NEW_CLIENT_DAYS = 7;

export async function listClientsUnpaged(db: Tx, businessId: number, opts: { search?: string; sort: ClientSort }): Promise<Client[]> {
  const page = await q.selectClientsPage(db, businessId, { sort: opts.sort, limit: UNPAGED_CLIENT_LIMIT, offset: 0, search: opts.search || undefined });
  return page.clients;
}

export async function listClientsPage(
  db: Tx,
  businessId: number,
  opts: { page: number; pageSize: number; search?: string; sort: ClientSort },
): Promise<ClientPage> {
  const search = opts.search || undefined;
  const { clients, total } = await q.selectClientsPage(db, businessId, {
    sort: opts.sort,
    limit: opts.pageSize,
    offset: (opts.page - 1) * opts.pageSize,
    search,
  });
  return { clients, total, page: opts.page, pageSize: opts.pageSize };
}

export const countNewClients = (db: Tx, businessId: number) => q.countNewClients(db, businessId, NEW_CLIENT_DAYS);
export const topClients = (db: Tx, businessId: number, limit: number) => q.selectTopClients(db, businessId, limit);
export const loyaltyDistribution = (db: Tx, businessId: number) => q.selectLoyaltyDistribution(db, businessId);
export const dashboardStats = (db: Tx, businessId: number) => q.selectDashboardStats(db, businessId);
export const bookingTrends = (db: Tx, businessId: number, days: number) => q.selectBookingTrends(db, businessId, days);

/** Add Client: the client (found by e-mail or created) and its completed booking, in one transaction. */
export async function addClient(
  database: Database,
  businessId: number,
  input: { name: string; email: string; phone?: string | null; serviceDate: string; serviceType?: string | null; amount: number },
): Promise<Client> {
  let phone: string | null = null;
  if (input.phone) {
    phone = normalizePhone(input.phone);
    if (!phone) throw new HttpError(400, 'Please enter a valid phone number');
  }
  const row: BookingRow = {
    name: input.name,
    email: input.email,
    phone,
    serviceDate: input.serviceDate,
    serviceType: input.serviceType || null,
    amount: input.amount,
  };
  return database.db.transaction(async (tx) => {
    if (row.serviceDate > (await latestServiceDate(tx, businessId))) throw new HttpError(400, FUTURE_SERVICE_DATE_MESSAGE);
    const result = await recordBookings(tx, businessId, [row], 'manual');
    return (await q.selectClientById(tx, businessId, result.clientIds[0]))!;
  });
}

export async function sendGift(
  database: Database,
  businessId: number,
  input: { clientId: number; giftType: SendGiftInput['giftType']; amount: number },
): Promise<Client> {
  const label = giftLabel(input.giftType, input.amount);
  return database.db.transaction(async (tx) => {
    if (!(await q.markReward(tx, businessId, input.clientId, label))) throw new HttpError(404, 'Client not found');
    const client = (await q.selectClientById(tx, businessId, input.clientId))!;
    // Delivery by text comes with the SMS feature; the log keeps what was given.
    await q.insertActivity(tx, businessId, 'gift_sent', `${label} sent to ${client.name}`, {
      client_id: client.id,
      client_name: client.name,
      phone_number: client.phone ?? undefined,
      gift_type: input.giftType,
      amount: input.amount,
      reward: label,
    });
    return client;
  });
}

export async function sendThanks(database: Database, businessId: number, input: { clientId: number; message: string }): Promise<Client> {
  return database.db.transaction(async (tx) => {
    if (!(await q.markThanked(tx, businessId, input.clientId))) throw new HttpError(404, 'Client not found');
    const client = (await q.selectClientById(tx, businessId, input.clientId))!;
    await q.insertActivity(tx, businessId, 'thank_you_sent', `Thank-you message sent to ${client.name}`, {
      client_id: client.id,
      client_name: client.name,
      phone_number: client.phone ?? undefined,
      message_type: 'thankYou',
      message: input.message,
    });
    return client;
  });
}

export async function exportClientsCsv(db: Tx, businessId: number): Promise<string> {
  return toCsv(await q.selectExportRows(db, businessId));
}

/** Clients of a business by id (for other features); ids of another business are simply absent. */
export async function clientExists(db: Tx, businessId: number, clientId: number): Promise<boolean> {
  const rows = (await db.execute(sql`select 1 from clients where id = ${clientId} and business_id = ${businessId}`)) as unknown as {
    rows: unknown[];
  };
  return rows.rows.length > 0;
}
