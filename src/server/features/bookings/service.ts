import { HttpError } from '../../platform/errors';
import { normalizePhone } from '../../../shared/phone';
import type { Client } from '../../../shared/schemas/clients';
import { clientById, FUTURE_SERVICE_DATE_MESSAGE, latestServiceDate } from '../clients/service';
import { type BookingAutomationDeps, recentBookingRange } from '../sms/service';
import { type BookingRow, recordBookings } from './record';
import { reactAfterCommit } from './reactions';

// Recording completed bookings (docs/clients-api.md, "Recording bookings"): the import, the webhook and Add
// Client call this feature; it finds or creates each booking's client, inserts the booking, recomputes the
// touched clients' figures, and lets the features listed in reactions.ts react (referral conversion in the
// transaction, the automated texts once it committed).

export { recordBookings, recordCancelledBookings, type BookingRow, type CancelledBookingRow } from './record';

/** What recording needs beyond the database: the queue for the automated texts new bookings bring. */
export type BookingDeps = BookingAutomationDeps;

/** The service dates that count as new today (the automations' rule): pass to recordBookings as `recent`. */
export const recentRange = recentBookingRange;

/** Once the recording transaction committed: the reactions that follow it (the thank-you and review texts). */
export const afterBookingsCommitted = reactAfterCommit;

/** Add Client: the client (found by e-mail or created) and its completed booking, in one transaction. */
export async function addClient(
  deps: BookingDeps,
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
  const { database } = deps;
  const recent = await recentBookingRange(database, businessId);
  const { client, recentBookings } = await database.db.transaction(async (tx) => {
    if (row.serviceDate > (await latestServiceDate(tx, businessId))) throw new HttpError(400, FUTURE_SERVICE_DATE_MESSAGE);
    const result = await recordBookings(tx, businessId, [row], 'manual', { recent });
    return { client: (await clientById(tx, businessId, result.clientIds[0]))!, recentBookings: result.recentBookings };
  });
  // A recent booking brings the thank-you (and review request) automations (docs/sms-automations.md).
  await afterBookingsCommitted(deps, businessId, recentBookings);
  return client;
}
