import { Award, Gift, Inbox, TrendingUp } from 'lucide-react';
import { formatPercent } from '../../../shared/format';
import type { LeadStats } from '../../../shared/schemas/leads';
import { StatCard } from '../../components/stat-card';

/** Spec: total leads this week, conversion rate, percent from referrals, top referrer with lead count. */
export function LeadStatCards({ stats, loading }: { stats: LeadStats | undefined; loading: boolean }) {
  const top = stats?.topReferrers[0];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="lead-stats">
      <StatCard title="Leads This Week" value={stats?.totalLeadsThisWeek.toLocaleString('en-US') ?? '—'} icon={Inbox} loading={loading} hint="Since Monday" />
      <StatCard title="Conversion Rate" value={stats ? formatPercent(stats.conversionRate) : '—'} icon={TrendingUp} tone="green" loading={loading} hint="Leads marked converted" />
      <StatCard title="From Referrals" value={stats ? formatPercent(stats.referralPercentage) : '—'} icon={Gift} tone="amber" loading={loading} hint="Share of all leads" />
      <StatCard
        title="Top Referrer"
        value={
          <span className="text-xl" title={top?.name}>
            {top ? top.name : 'None yet'}
          </span>
        }
        icon={Award}
        tone="slate"
        loading={loading}
        hint={top ? `${top.count.toLocaleString('en-US')} ${top.count === 1 ? 'lead' : 'leads'}` : 'No referred leads yet'}
      />
    </div>
  );
}
