import { Inbox, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';

export function LeadsPage() {
  return (
    <>
      <PageHeader title="Lead Management" description="Every new lead from your forms and referral links, in one inbox." />
      <EmptyState
        icon={Inbox}
        title="No leads yet"
        text="Leads from your lead-capture forms and referral links will land here. Start by bringing in your client list so they can refer friends."
        action={
          <>
            <Button asChild>
              <Link to="/data-sources">
                <Upload /> Upload your client list
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/forms">Create a lead form</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
