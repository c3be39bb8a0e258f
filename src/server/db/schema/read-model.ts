import { bigint, date, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { businesses } from './accounts';
import { businessId } from './tenant';

// The dashboard's read model (docs/read-model.md): figures kept per business and per business day by
// statement-level triggers on clients, bookings, referrals and businesses (drizzle/*_read_model_triggers.sql),
// so the dashboard reads a few rows instead of every client and booking.

/** One row per business. */
export const businessFigures = pgTable('business_figures', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  clients: integer('clients').notNull().default(0),
  /** Sum of every client's loyalty score (the average is this over `clients`). */
  loyaltySum: numeric('loyalty_sum', { precision: 14, scale: 1 }).notNull().default('0'),
  loyaltyHigh: integer('loyalty_high').notNull().default(0),
  loyaltyMedium: integer('loyalty_medium').notNull().default(0),
  loyaltyLow: integer('loyalty_low').notNull().default(0),
  referrals: integer('referrals').notNull().default(0),
  referralsActive: integer('referrals_active').notNull().default(0),
  /** Completed bookings of referred clients, and their amount, all time. */
  referredBookings: integer('referred_bookings').notNull().default(0),
  referredRevenue: numeric('referred_revenue', { precision: 16, scale: 2 }).notNull().default('0'),
  /** Clients with at least one / at least two completed bookings (Insights' repeat booking rate). */
  clientsBooked: integer('clients_booked').notNull().default(0),
  clientsRepeat: integer('clients_repeat').notNull().default(0),
  /** Sum and number of the usual gaps (frequency) of clients with two or more bookings (Insights' average gap). */
  frequencySum: bigint('frequency_sum', { mode: 'number' }).notNull().default(0),
  frequencyClients: integer('frequency_clients').notNull().default(0),
  /** Cancelled and no-show bookings (imports keep them; Insights' cancellation rate), kept by the bookings trigger. */
  cancelledBookings: integer('cancelled_bookings').notNull().default(0),
  /** Completed bookings and their amount, all time (the sum of the day rows), kept by the bookings trigger (migration 0021). */
  bookings: integer('bookings').notNull().default(0),
  revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull().default('0'),
  /** The business's local date of the last daily score refresh (clients/jobs.ts). */
  scoresRefreshedOn: date('scores_refreshed_on'),
});

/** One row per business and service date with completed bookings (rows that fall to zero are removed). */
export const businessDailyFigures = pgTable(
  'business_daily_figures',
  {
    businessId: businessId(),
    day: date('day').notNull(),
    bookings: integer('bookings').notNull().default(0),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull().default('0'),
    referredBookings: integer('referred_bookings').notNull().default(0),
    referredRevenue: numeric('referred_revenue', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);
