import { CalendarDays, DollarSign } from 'lucide-react';
import { formatCurrency } from '../../../shared/format';
import { StatCard } from '../../components/stat-card';
import type { DashboardStats } from '../../../shared/schemas/clients';

/** Total Revenue and Monthly Revenue (the Pending Referrals card comes with the referrals work, issue 11). */
export function RevenueCards({ stats, loading, failed }: { stats: DashboardStats | undefined; loading: boolean; failed: boolean }) {
  const value = (n: number | undefined) => (failed ? '—' : formatCurrency(n));
  const hint = (text: string) => (failed ? 'Could not be loaded' : text);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StatCard title="Total Revenue" value={value(stats?.totalRevenue)} hint={hint('All completed bookings')} icon={DollarSign} tone="green" loading={loading} />
      <StatCard title="Monthly Revenue" value={value(stats?.monthlyRevenue)} hint={hint('Completed bookings this month')} icon={CalendarDays} loading={loading} />
    </div>
  );
}
