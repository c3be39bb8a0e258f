import { Settings, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your business profile, referral reward and messages." />
      <EmptyState
        icon={Settings}
        title="Set your referral reward"
        text="Business settings are on their way. Meanwhile, bring in your client list so you're ready to send referral links."
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
