import type { ReferralRecord } from './queries';
import { formatPhone } from '../../../shared/format';

// The Referral Tracker's Export CSV (referrals-export.csv), opened in spreadsheets.

const HEADERS = ['Friend', 'Friend Email', 'Friend Phone', 'Referred By', 'Referral Code', 'Status', 'Shared At', 'Converted At', 'Reward', 'Reward Given', 'Reward Marked At', 'Flagged For Review', 'Revenue'];

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function referralsCsv(referrals: ReferralRecord[]): string {
  const lines = [HEADERS.map(csvCell).join(',')];
  for (const r of referrals) {
    const reward = r.referralReward;
    lines.push(
      [
        r.refereeName, r.refereeEmail, r.refereePhone ? formatPhone(r.refereePhone) : null, r.referrerClient?.name, r.referrerCode,
        r.converted ? 'Converted' : 'Pending', r.createdAt, r.convertedAt, reward?.rewardAmount, reward ? (reward.rewardGiven ? 'Yes' : 'No') : null, reward?.markedAt, r.flagReason, r.revenue,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // The byte-order mark makes Excel read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
