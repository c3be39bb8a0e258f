import { ClipboardList, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';

export function FormsPage() {
  return (
    <>
      <PageHeader title="Forms" description="Lead-capture forms you can embed on your website." />
      <EmptyState
        icon={ClipboardList}
        title="No forms yet"
        text="Create a lead-capture form and embed it on your website; every submission becomes a lead."
        action={
          <Button asChild variant="outline">
            <Link to="/leads">
              <Plus /> See your lead inbox
            </Link>
          </Button>
        }
      />
    </>
  );
}
