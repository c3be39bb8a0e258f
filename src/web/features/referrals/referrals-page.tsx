import { Gift, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';

export function ReferralsPage() {
  return (
    <>
      <PageHeader title="Referral Tracker" description="Who referred whom, and the revenue each referral brought." />
      <EmptyState
        icon={Gift}
        title="No referrals yet"
        text="Each client gets a personal referral link. Upload your client list and their referrals will show up here."
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
