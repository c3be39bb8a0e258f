import { Share2, Trophy } from 'lucide-react';
import { useState } from 'react';
import { formatCurrency, formatPercent } from '../../../shared/format';
import type { TopReferrer } from '../../../shared/schemas/referrals';
import { Button } from '../../components/ui/button';
import { ShareDialog } from './share-dialog';
import { ListState, Panel } from '../../components/list-state';

interface TopReferrersProps {
  data: TopReferrer[] | undefined;
  loading: boolean;
  failed: boolean;
  websiteUrl: string | null | undefined;
}

/** The clients who brought the most friends, each with a Share button for their links. */
export function TopReferrers({ data, loading, failed, websiteUrl }: TopReferrersProps) {
  const [sharing, setSharing] = useState<TopReferrer | null>(null);
  return (
    <Panel testId="top-referrers" title="Top Referrers" before={<Trophy className="size-4 text-amber-500" aria-hidden="true" />} className="">
      <ListState
        loading={loading}
        failed={failed}
        errorText="Top referrers could not be loaded. Please reload the page."
        empty={!data?.length}
        emptyContent={<p className="p-4 text-sm text-slate-500">No client has referred a friend yet.</p>}
        rows={3}
      >
        {() => (
        <ol className="grid divide-y divide-slate-100 md:grid-cols-2 md:divide-y-0 md:[&>li]:border-b md:[&>li]:border-slate-100 md:[&>li:nth-child(odd)]:border-r">
          {data!.map((r, i) => (
            <li key={r.client.id} className="flex items-center gap-3 p-4" data-testid="top-referrer">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 tabular">
                {i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{r.client.name}</p>
                <p className="text-xs text-slate-500 tabular">
                  {r.totalReferrals} {r.totalReferrals === 1 ? 'referral' : 'referrals'} · {r.convertedReferrals} converted ·{' '}
                  {formatPercent(r.conversionRate * 100)} · <span data-testid="referrer-revenue">{formatCurrency(r.revenue)} revenue</span>
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setSharing(r)} aria-label={`Share ${r.client.name}'s referral link`}>
                <Share2 />
                <span className="hidden sm:inline">Share</span>
              </Button>
            </li>
          ))}
        </ol>
        )}
      </ListState>
      <ShareDialog referrer={sharing} websiteUrl={websiteUrl} onClose={() => setSharing(null)} />
    </Panel>
  );
}
