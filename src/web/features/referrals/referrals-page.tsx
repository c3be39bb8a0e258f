import { Gift, Upload, Users } from 'lucide-react';
import { ComingSoonPage } from '../../components/coming-soon-page';

export function ReferralsPage() {
  return (
    <ComingSoonPage
      title="Referral Tracker"
      description="Who referred whom, and the revenue each referral brought."
      icon={Gift}
      what="The referral tracker will show who referred whom, top referrers and the revenue each referral brought. Every client already has a referral code."
      next={[{ to: '/clients', label: 'See your clients and their codes', icon: Users }, { to: '/data-sources', label: 'Upload your client list', icon: Upload }]}
    />
  );
}
