// The words an import's counts are told in (docs/clients-api.md, "What an upload says"): the upload's message,
// its result panel, the setup guide and the upload history all use these, so they say the same.

import { plural } from './format';

const count = (n: number) => n.toLocaleString('en-US');

export type ImportCounts = {
  /** Completed rows turned into bookings, new or already imported. */
  processed: number;
  newBookings: number;
  duplicateBookings: number;
  newClients: number;
  /** Clients the business already had that the file's bookings belong to. */
  updatedClients: number;
  /** Rows counted as completed because the file has no status column. */
  rowsWithoutStatus: number;
};

/** "3 new", "none new, 3 already imported (not added again)", "100 new, 20 already imported (not added again)". */
export function bookingsSummary(c: Pick<ImportCounts, 'newBookings' | 'duplicateBookings'>): string {
  const added = c.newBookings === 0 ? 'none new' : `${count(c.newBookings)} new`;
  return c.duplicateBookings === 0 ? added : `${added}, ${count(c.duplicateBookings)} already imported (not added again)`;
}

/** "2 new", "2 already there", "12 new, 4 already there". */
export function clientsSummary(c: Pick<ImportCounts, 'newClients' | 'updatedClients'>): string {
  if (c.updatedClients === 0) return `${count(c.newClients)} new`;
  if (c.newClients === 0) return `${count(c.updatedClients)} already there`;
  return `${count(c.newClients)} new, ${count(c.updatedClients)} already there`;
}

/** Distinct clients the file's completed rows belong to. */
export const clientsInFile = (c: Pick<ImportCounts, 'newClients' | 'updatedClients'>) => c.newClients + c.updatedClients;

/** "1,240 rows had no status and were counted as completed" (empty when every row had one). */
export const withoutStatusSentence = (n: number) =>
  n === 0 ? '' : `${plural(n, 'row')} had no status and ${n === 1 ? 'was' : 'were'} counted as completed`;

/**
 * The 'Upload Successful' toast of a file that added nothing ("Nothing new: 38 bookings were already imported"), so it
 * says what the result panel says; null when the file added a booking or had none to add (the screen's own sentence).
 */
export function nothingNewSentence(c: Pick<ImportCounts, 'newBookings' | 'duplicateBookings'>): string | null {
  if (c.newBookings > 0 || c.duplicateBookings === 0) return null;
  return `Nothing new: ${plural(c.duplicateBookings, 'booking')} ${c.duplicateBookings === 1 ? 'was' : 'were'} already imported`;
}

/** Data Sources' toast (the spec's): "Processed 6 bookings, skipped 1", "Processed 1 booking, skipped 0". */
export const processedBookingsSentence = (c: { processed: number; skipped: number }) =>
  `Processed ${plural(c.processed, 'booking')}, skipped ${count(c.skipped)}`;

/** The upload's answer: 'Processed 3 bookings, skipped 0. Bookings: 3 new. Clients: 2 new.' and what else happened. */
export function importMessage(c: ImportCounts & { skipped: number; errorCount: number }): string {
  let message = `${processedBookingsSentence(c)}.`;
  if (c.processed > 0) message += ` Bookings: ${bookingsSummary(c)}. Clients: ${clientsSummary(c)}.`;
  if (c.rowsWithoutStatus > 0) message += ` ${withoutStatusSentence(c.rowsWithoutStatus)}.`;
  if (c.errorCount > 0) message += ` ${plural(c.errorCount, 'row')} had problems (see errors).`;
  return message;
}
