import type { ReferralRecord } from './queries';
import { formatPhone } from '../../../shared/format';
import { spreadsheetCsv } from '../../platform/csv-export';

// The Referral Tracker's Export CSV (referrals-export.csv), opened in spreadsheets.

const HEADERS = ['Friend', 'Friend Email', 'Friend Phone', 'Referred By', 'Referral Code', 'Status', 'Shared At', 'Converted At', 'Reward', 'Reward Given', 'Reward Marked At', 'Flagged For Review', 'Revenue'];

export function referralsCsv(referrals: ReferralRecord[]): string {
  return spreadsheetCsv(
    HEADERS,
    referrals.map((r) => {
      const reward = r.referralReward;
      return [
        r.refereeName, r.refereeEmail, r.refereePhone ? formatPhone(r.refereePhone) : null, r.referrerClient?.name, r.referrerCode,
        r.converted ? 'Converted' : 'Pending', r.createdAt, r.convertedAt, reward?.rewardAmount, reward ? (reward.rewardGiven ? 'Yes' : 'No') : null, reward?.markedAt, r.flagReason, r.revenue,
      ];
    }),
  );
}
