import { MessageSquare, Users } from 'lucide-react';
import { ComingSoonPage } from '../../components/coming-soon-page';

export function SmsPage() {
  return (
    <ComingSoonPage
      title="SMS Management"
      description="Text your clients, send referral reminders and answer replies."
      icon={MessageSquare}
      what="Choose your business SMS number, answer replies and send bulk texts here. Your first 100 messages will be free."
      next={[{ to: '/clients', label: 'Thank a client', icon: Users }]}
    />
  );
}
