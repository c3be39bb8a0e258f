import { z } from 'zod';
import { clientSchema } from './clients';

// GET /api/clients/:id and DELETE /api/clients/:id (docs/clients-api.md): the client detail view.

export const CLIENT_NOT_FOUND = 'Client not found';

/** At most this many bookings are listed in the detail view, newest first; the totals count them all. */
export const CLIENT_DETAIL_BOOKINGS_LIMIT = 200;

export const clientBookingSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD' */
  serviceDate: z.string(),
  serviceType: z.string().nullable(),
  amount: z.number().nullable(),
  status: z.string(),
  /** csv, webhook, manual or demo */
  source: z.string().nullable(),
});
export type ClientBooking = z.infer<typeof clientBookingSchema>;

export const clientTotalsSchema = z.object({
  completedBookings: z.number(),
  totalSpent: z.number(),
  averageBooking: z.number(),
  /** Bookings of any status (completed or not). */
  allBookings: z.number(),
});
export type ClientTotals = z.infer<typeof clientTotalsSchema>;

export const clientDetailSchema = z.object({
  client: clientSchema,
  bookings: z.array(clientBookingSchema),
  totals: clientTotalsSchema,
  /** Today in the business's time zone ('YYYY-MM-DD'), the day the loyalty sentence is written for. */
  today: z.string(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const clientDeletedSchema = z.object({ success: z.literal(true), message: z.string(), deletedBookings: z.number() });
export type ClientDeleted = z.infer<typeof clientDeletedSchema>;
