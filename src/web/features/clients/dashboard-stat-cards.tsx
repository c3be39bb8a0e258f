import { Gift, Heart, Share2, Users } from 'lucide-react';
import { StatCard } from '../../components/stat-card';
import { useDashboardStats } from './use-client-data';

// The spec asks for a fixed (not computed) trend label on each card; these describe the figure
// rather than inventing a percentage change.
const CARDS = [
  { key: 'totalClients', title: 'Total Clients', icon: Users, tone: 'brand', hint: 'Imported and added' },
  { key: 'activeReferrals', title: 'Active Referrals', icon: Share2, tone: 'amber', hint: 'Waiting to convert' },
  { key: 'totalReferrals', title: 'Total Referrals', icon: Gift, tone: 'green', hint: 'All time' },
  { key: 'avgLoyaltyScore', title: 'Avg Loyalty Score', icon: Heart, tone: 'brand', hint: 'Out of 10' },
] as const;

export function DashboardStatCards() {
  const { data, isPending, isError } = useDashboardStats();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map((c) => {
        const raw = data?.[c.key];
        const value = raw == null ? (isError ? '—' : 0) : c.key === 'avgLoyaltyScore' ? Number(raw).toFixed(1) : raw.toLocaleString('en-US');
        return <StatCard className="max-sm:p-4 max-sm:[&_.size-10]:hidden" key={c.key} title={c.title} value={value} icon={c.icon} tone={c.tone} hint={c.hint} loading={isPending} />;
      })}
    </div>
  );
}
