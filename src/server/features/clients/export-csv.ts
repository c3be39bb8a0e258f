import type { Client } from '../../../shared/schemas/clients';
import { formatPhone } from '../../../shared/format';
import { spreadsheetCsv } from '../../platform/csv-export';

// The Clients page's Export CSV, opened in spreadsheets.

const HEADERS = [
  'Name', 'Email', 'Phone', 'Referral Code', 'Referred By', 'First Booking', 'Last Booking', 'Total Bookings',
  'Frequency (days)', 'Loyalty Score', 'Total Spent', 'Has Reward', 'Reward', 'Thank You Sent', 'Created At',
];

export function toCsv(clients: Client[]): string {
  return spreadsheetCsv(
    HEADERS,
    clients.map((c) => [
      c.name, c.email, formatPhone(c.phone), c.referralCode, c.referredBy, c.firstBooking, c.lastBooking, c.totalBookings,
      c.frequency, c.loyaltyScore.toFixed(1), c.totalSpent.toFixed(2), c.hasReward ? 'Yes' : 'No', c.rewardEarned,
      c.thankYouSent ? 'Yes' : 'No', c.createdAt,
    ]),
  );
}
