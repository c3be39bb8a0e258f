import { BarChart3, Upload, Users } from 'lucide-react';
import { ComingSoonPage } from '../../components/coming-soon-page';

export function InsightsPage() {
  return (
    <ComingSoonPage
      title="Insights"
      description="Trends in your bookings, referrals and revenue."
      icon={BarChart3}
      what="Insights will show retention, client value and loyal clients who are overdue against their usual rhythm."
      next={[{ to: '/clients', label: 'See bookings over time', icon: Users }, { to: '/data-sources', label: 'Upload your client list', icon: Upload }]}
    />
  );
}
