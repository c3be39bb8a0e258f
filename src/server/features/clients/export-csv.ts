import type { Client } from '../../../shared/schemas/clients';
import { formatPhone } from '../../../shared/format';

const HEADERS = [
  'Name', 'Email', 'Phone', 'Referral Code', 'Referred By', 'First Booking', 'Last Booking', 'Total Bookings',
  'Frequency (days)', 'Loyalty Score', 'Total Spent', 'Has Reward', 'Reward', 'Thank You Sent', 'Created At',
];

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(clients: Client[]): string {
  const lines = [HEADERS.map(csvCell).join(',')];
  for (const c of clients) {
    lines.push(
      [
        c.name, c.email, formatPhone(c.phone), c.referralCode, c.referredBy, c.firstBooking, c.lastBooking, c.totalBookings,
        c.frequency, c.loyaltyScore.toFixed(1), c.totalSpent.toFixed(2), c.hasReward ? 'Yes' : 'No', c.rewardEarned,
        c.thankYouSent ? 'Yes' : 'No', c.createdAt,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
