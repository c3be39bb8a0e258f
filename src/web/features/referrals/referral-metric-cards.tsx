import { CheckCircle2, Clock, Percent, Users } from 'lucide-react';
import { formatPercent } from '../../../shared/format';
import type { ReferralSummary } from '../../../shared/schemas/referrals';
import { StatCard } from '../../components/stat-card';

/** The whole business's figures, whatever the table is filtered to. */
export function ReferralMetricCards({ summary, loading }: { summary: ReferralSummary | undefined; loading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="referral-metrics">
      <StatCard title="Total Referrals" value={summary?.totalReferrals ?? 0} hint="Friends who claimed a reward" icon={Users} loading={loading} />
      <StatCard title="Converted" value={summary?.convertedReferrals ?? 0} hint="Friends who booked" icon={CheckCircle2} tone="green" loading={loading} />
      <StatCard title="Pending" value={summary?.pendingReferrals ?? 0} hint="Not booked yet" icon={Clock} tone="amber" loading={loading} />
      <StatCard
        title="Conversion Rate"
        value={formatPercent((summary?.conversionRate ?? 0) * 100)}
        hint="Converted of all referrals"
        icon={Percent}
        tone="slate"
        loading={loading}
      />
    </div>
  );
}
