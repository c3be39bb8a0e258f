import type { Database, Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { CLIENT_DETAIL_BOOKINGS_LIMIT, CLIENT_NOT_FOUND, type ClientDeleted, type ClientDetail } from '../../../shared/schemas/client-detail';
import * as detail from './client-detail-queries';
import { selectClientById } from './queries';
import { lockBusinessClients } from './business-lock';

/** The client detail view: the client, their bookings (newest first), totals and the business's today. */
export async function clientDetail(db: Tx, businessId: number, clientId: number): Promise<ClientDetail> {
  const client = await selectClientById(db, businessId, clientId);
  if (!client) throw new HttpError(404, CLIENT_NOT_FOUND);
  const [bookings, totals, today] = await Promise.all([
    detail.selectClientBookings(db, businessId, clientId, CLIENT_DETAIL_BOOKINGS_LIMIT),
    detail.selectClientTotals(db, businessId, clientId),
    detail.selectBusinessToday(db, businessId),
  ]);
  return { client, bookings, totals, today };
}

/** Deletes a client and their bookings in one transaction, serialised with the business's imports. */
export async function deleteClient(database: Database, businessId: number, clientId: number): Promise<ClientDeleted> {
  const result = await database.db.transaction(async (tx) => {
    await lockBusinessClients(tx, businessId);
    return detail.deleteClient(tx, businessId, clientId);
  });
  if (!result) throw new HttpError(404, CLIENT_NOT_FOUND);
  const n = result.deletedBookings;
  return { success: true, message: `Client deleted with ${n} ${n === 1 ? 'booking' : 'bookings'}.`, deletedBookings: n };
}
