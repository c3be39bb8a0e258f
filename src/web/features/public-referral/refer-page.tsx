import { Gift } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { EmptyState } from '../../components/empty-state';
import { usePageTitle } from '../../lib/use-page-title';

export function ReferPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  usePageTitle('Your referral reward');
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <BrandMark />
      </header>
      <main className="mx-auto max-w-lg px-4 py-12">
        <EmptyState
          icon={Gift}
          title={code ? 'Your friend sent you a reward' : 'Referral link missing'}
          text={
            code
              ? 'Claiming rewards online is coming soon. Mention your referral code when you book to get your reward.'
              : 'This referral link is incomplete. Ask your friend to send it again.'
          }
          action={code ? <span className="rounded-md bg-brand-50 px-3 py-1 font-mono text-sm text-brand-700">{code}</span> : undefined}
        />
      </main>
    </div>
  );
}
