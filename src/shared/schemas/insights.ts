import { z } from 'zod';

// GET /api/insights (spec part 2 "Insights"; the rules in docs/insights.md). The server serialises through
// this schema and the Insights screen types its query with it.

/** Overdue loyal clients listed at most. */
export const INSIGHTS_OVERDUE_LIMIT = 10;
/** Top clients by lifetime value listed at most. */
export const INSIGHTS_TOP_CLIENTS_LIMIT = 10;
/** A loyal client has at least this many completed bookings. */
export const INSIGHTS_LOYAL_MIN_BOOKINGS = 3;
/** A client overdue by more than this many days is gone rather than overdue, and is not listed. */
export const INSIGHTS_OVERDUE_MAX_DAYS = 365;

export const overdueClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Days since the last completed booking, in the business's time zone. */
  daysSinceLastBooking: z.number().int(),
  /** The client's usual gap: the median days between their booking dates (clients.frequency). */
  avgTimeBetweenBookings: z.number().int(),
  /** Days past the date their usual gap pointed to (daysSinceLastBooking - avgTimeBetweenBookings). */
  overdueByDays: z.number().int(),
  /** Whether the client can be texted (a phone and not opted out); the screen offers the follow-up text then. */
  hasPhone: z.boolean(),
});
export type OverdueClient = z.infer<typeof overdueClientSchema>;

export const topClientByLtvSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  totalBookings: z.number().int(),
  totalRevenue: z.number(),
});

export const insightsSchema = z.object({
  hasData: z.boolean(),
  /** Percent (1 decimal) of clients with a completed booking who have two or more. */
  repeatBookingRate: z.number(),
  /** Days (1 decimal): the mean of repeat clients' usual gaps; 0 without repeat clients. */
  avgTimeBetweenBookings: z.number(),
  inactiveButLoyalClients: z.array(overdueClientSchema),
  topClientsByLTV: z.array(topClientByLtvSchema),
  /** Dollars (cents): completed bookings' revenue over their number. */
  avgBookingValue: z.number(),
  totalBookings: z.number().int(),
  bookingsThisWeek: z.number().int(),
  bookingsLastWeek: z.number().int(),
  bookingsThisMonth: z.number().int(),
  bookingsLastMonth: z.number().int(),
  /** Percent (1 decimal) of cancelled and no-show bookings among those and the completed ones. */
  cancellationRate: z.number(),
  /** The business's today, Monday of this week and the first of this month ('YYYY-MM-DD'), the periods above. */
  today: z.string(),
  weekStart: z.string(),
  monthStart: z.string(),
  /** Completed bookings per month, the last 12 months in the business's time zone, oldest first. */
  monthlyBookings: z.array(z.object({ month: z.string(), bookings: z.number().int(), revenue: z.number() })),
  /** Cancelled and no-show bookings, all time. */
  cancelledBookings: z.number().int(),
});
export type Insights = z.infer<typeof insightsSchema>;
