/** One completed booking, already normalised (the upload, the webhook and Add Client all end here). */
export type BookingRow = {
  name: string;
  email: string | null;
  phone: string | null;
  serviceDate: string;
  serviceType: string | null;
  amount: number | null;
};

/** A cancelled or no-show booking from an import (docs/insights.md, "Cancelled bookings"). */
export type CancelledBookingRow = BookingRow & { status: 'cancelled' | 'no-show' };
