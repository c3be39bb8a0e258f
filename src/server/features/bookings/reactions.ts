import type { Tx } from '../../db/client';
import { convertBookedReferrals } from '../referral-conversion/service';
import { moveLeadTextsToClients, afterBookingsRecorded, type BookingAutomationDeps, type RecentBooking } from '../sms/service';

// What other features do when bookings are recorded: an explicit list, called in order by the bookings
// feature (record.ts and service.ts). The features listed here import nothing of the bookings feature, so
// no feature imports one that imports it back.

/** Bookings just recorded in a transaction: the e-mails (lower case) and phones (E.164) of their clients. */
export type BookingsRecorded = { businessId: number; emails: string[]; phones: string[] };

/** In the recording transaction, before the touched clients' figures are recomputed; each answers the clients whose figures it moved. */
const IN_TRANSACTION: ((tx: Tx, recorded: BookingsRecorded) => Promise<number[]>)[] = [
  // a pending referral whose friend now has a booking converts (docs/referrals.md); its referrer's score moves
  (tx, r) => convertBookedReferrals(tx, r.businessId, r.emails, r.phones),
  // a lead's texts follow it to the client that now has its phone (docs/sms-inbox.md, "Leads"); no figure moves
  async (tx, r) => {
    await moveLeadTextsToClients(tx, r.businessId);
    return [];
  },
];

/** Once the transaction committed, with the bookings inserted now whose service date is recent. */
const AFTER_COMMIT: ((deps: BookingAutomationDeps, businessId: number, recent: RecentBooking[]) => Promise<void>)[] = [
  // thank-you and review texts (docs/sms-automations.md); a failure is logged there, never thrown
  afterBookingsRecorded,
];

export async function reactInTransaction(tx: Tx, recorded: BookingsRecorded): Promise<number[]> {
  const moved: number[] = [];
  for (const react of IN_TRANSACTION) moved.push(...(await react(tx, recorded)));
  return moved;
}

export async function reactAfterCommit(deps: BookingAutomationDeps, businessId: number, recent: RecentBooking[]): Promise<void> {
  for (const react of AFTER_COMMIT) await react(deps, businessId, recent);
}
