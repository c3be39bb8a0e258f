import { CalendarDays, DollarSign, Hourglass } from 'lucide-react';
import { formatCurrency } from '../../../shared/format';
import { StatCard } from '../../components/stat-card';
import type { DashboardStats } from '../../../shared/schemas/clients';

interface RevenueCardsProps {
  stats: DashboardStats | undefined;
  loading: boolean;
  failed: boolean;
  /** Pending referrals in all (from the Pending Referrals panel's read, so the card and the panel agree). */
  pending: { total: number | undefined; loading: boolean; failed: boolean };
}

/** Total Revenue, Monthly Revenue and Pending Referrals. */
export function RevenueCards({ stats, loading, failed, pending }: RevenueCardsProps) {
  const value = (n: number | undefined) => (failed ? '—' : formatCurrency(n));
  const hint = (text: string) => (failed ? 'Could not be loaded' : text);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard title="Total Revenue" value={value(stats?.totalRevenue)} hint={hint('All completed bookings')} icon={DollarSign} tone="green" loading={loading} />
      <StatCard title="Monthly Revenue" value={value(stats?.monthlyRevenue)} hint={hint('Completed bookings this month')} icon={CalendarDays} loading={loading} />
      <StatCard
        title="Pending Referrals"
        value={pending.failed ? '—' : (pending.total ?? 0)}
        hint={pending.failed ? 'Could not be loaded' : 'Friends who have not booked yet'}
        icon={Hourglass}
        tone="amber"
        loading={pending.loading}
      />
    </div>
  );
}
