import { MessageSquare, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';

export function SmsPage() {
  return (
    <>
      <PageHeader title="SMS Management" description="Text your clients, send referral reminders and answer replies." />
      <EmptyState
        icon={MessageSquare}
        title="Choose your business SMS number"
        text="Pick a local number so your texts come from your business. Your first 100 messages are free."
        action={
          <Button asChild>
            <Link to="/settings">
              <Phone /> Choose your business SMS number
            </Link>
          </Button>
        }
      />
    </>
  );
}
