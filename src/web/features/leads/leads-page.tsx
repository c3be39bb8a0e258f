import { Inbox, Upload, Users } from 'lucide-react';
import { ComingSoonPage } from '../../components/coming-soon-page';

export function LeadsPage() {
  return (
    <ComingSoonPage
      title="Lead Management"
      description="Every new lead from your forms and referral links, in one inbox."
      icon={Inbox}
      what="The lead inbox will collect every lead from your forms and referral links, with SMS and e-mail follow-up."
      next={[{ to: '/clients', label: 'See your clients', icon: Users }, { to: '/data-sources', label: 'Upload your client list', icon: Upload }]}
    />
  );
}
