import type { Client } from './clients';

// GET /api/clients/:id and DELETE /api/clients/:id (docs/clients-api.md): the client detail view.

export const CLIENT_NOT_FOUND = 'Client not found';

/** At most this many bookings are listed in the detail view, newest first; the totals count them all. */
export const CLIENT_DETAIL_BOOKINGS_LIMIT = 200;

export type ClientBooking = {
  id: number;
  serviceDate: string;
  serviceType: string | null;
  amount: number | null;
  status: string;
  /** csv, webhook, manual or demo */
  source: string | null;
};

export type ClientTotals = {
  completedBookings: number;
  totalSpent: number;
  averageBooking: number;
  /** Bookings of any status (completed or not). */
  allBookings: number;
};

export type ClientDetail = {
  client: Client;
  bookings: ClientBooking[];
  totals: ClientTotals;
  /** Today in the business's time zone ('YYYY-MM-DD'), the day the loyalty sentence is written for. */
  today: string;
};

export type ClientDeleted = { success: true; message: string; deletedBookings: number };
