import { ClipboardList, Users } from 'lucide-react';
import { ComingSoonPage } from '../../components/coming-soon-page';

export function FormsPage() {
  return (
    <ComingSoonPage
      title="Forms"
      description="Lead-capture forms you can embed on your website."
      icon={ClipboardList}
      what="Build lead-capture forms to embed on your website; every submission will become a lead."
      next={[{ to: '/clients', label: 'See your clients', icon: Users }]}
    />
  );
}
