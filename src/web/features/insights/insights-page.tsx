import { BarChart3, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';

export function InsightsPage() {
  return (
    <>
      <PageHeader title="Insights" description="Trends in your bookings, referrals and revenue." />
      <EmptyState
        icon={BarChart3}
        title="Not enough data yet"
        text="Insights appear once you have clients and bookings. Upload your client list to get started."
        action={
          <Button asChild>
            <Link to="/data-sources">
              <Upload /> Upload your client list
            </Link>
          </Button>
        }
      />
    </>
  );
}
