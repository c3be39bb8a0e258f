import { Settings, Upload } from 'lucide-react';
import { ComingSoonPage } from '../../components/coming-soon-page';

export function SettingsPage() {
  return (
    <ComingSoonPage
      title="Settings"
      description="Your business profile, referral reward and messages."
      icon={Settings}
      what="Settings will hold your business profile, referral reward, message templates, Google review link and webhook."
      next={[{ to: '/data-sources', label: 'See your webhook URL', icon: Upload }]}
    />
  );
}
