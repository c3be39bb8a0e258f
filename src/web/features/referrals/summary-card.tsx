import type { ReactNode } from 'react';
import { formatPercent } from '../../../shared/format';
import type { ReferralSummary, TopReferrer } from '../../../shared/schemas/referrals';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900 tabular">{value}</dd>
    </div>
  );
}

/** What the referral programme has brought so far, and what the owner still owes referrers. */
export function SummaryCard({ summary, top }: { summary: ReferralSummary; top: TopReferrer | undefined }) {
  const rate = summary.conversionRate * 100;
  return (
    <Card data-testid="referral-summary">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="mb-3">
          <div className="mb-1 flex justify-between text-xs text-slate-500">
            <span>Conversion rate</span>
            <span className="tabular">{formatPercent(rate)}</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, Math.max(0, rate))}%` }} />
          </div>
        </div>
        <dl className="divide-y divide-slate-100">
          <Row label="Referrals" value={summary.totalReferrals} />
          <Row label="Converted" value={summary.convertedReferrals} />
          <Row label="Pending" value={summary.pendingReferrals} />
          <Row label="Rewards given" value={summary.rewardsGiven} />
          <Row label="Rewards still to give" value={summary.rewardsOwed} />
          <Row label="Top referrer" value={top ? `${top.client.name} (${top.totalReferrals})` : '—'} />
        </dl>
      </CardContent>
    </Card>
  );
}
