import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { REFERRAL_PAGE_SIZE } from '../../../shared/schemas/referrals';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { ReferralCards, ReferralTableRows } from './referral-rows';
import { type ConvertTarget, MarkConvertedDialog } from '../../components/referrals/mark-converted-dialog';
import { type ReferralSort, type StatusFilter, useReferralPage } from './use-referrals';
import { SearchField } from '../../components/search-field';

const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', pending: 'Pending', converted: 'Converted' };
const SORT_LABELS: Record<ReferralSort, string> = { newest: 'Newest first', oldest: 'Oldest first', refereeName: 'Friend name', convertedAt: 'Recently converted' };
const SEARCH_DEBOUNCE_MS = 300;

export function ReferralsTable() {
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<ReferralSort>('newest');
  const [page, setPage] = useState(1);
  const [converting, setConverting] = useState<ConvertTarget | null>(null);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // A new search, filter or sort starts at page 1.
  const filterKey = `${search}|${status}|${sort}`;
  const [lastKey, setLastKey] = useState(filterKey);
  if (filterKey !== lastKey) {
    setLastKey(filterKey);
    setPage(1);
  }
  const { data, isPending, isError, isPlaceholderData } = useReferralPage({ page, search, status, sort });
  const wide = useMediaQuery(MD_UP);

  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / REFERRAL_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * REFERRAL_PAGE_SIZE + 1;
  const last = Math.min(page * REFERRAL_PAGE_SIZE, total);

  return (
    <Card className="min-w-0" data-testid="referrals-table">
      <CardHeader className="gap-4 pb-4">
        <CardTitle>Referrals</CardTitle>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField label="Search referrals" placeholder="Friend, referrer or code" value={searchInput} onChange={setSearchInput} />
          <div className="flex gap-3">
            <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
              <SelectTrigger className="w-full sm:w-36" aria-label="Status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(STATUS_LABELS).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={sort} onValueChange={(v) => setSort(v as ReferralSort)}>
              <SelectTrigger className="w-full sm:w-44" aria-label="Sort">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(SORT_LABELS).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      </CardHeader>
      <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
        {isPending ? (
          <div className="space-y-3 p-4">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : isError && !data ? (
          <p role="alert" className="p-4 text-sm text-red-600">
            Referrals could not be loaded. Please reload the page.
          </p>
        ) : total === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">No referrals match{search ? ` “${search}”` : ''}.</p>
        ) : wide ? (
          <ReferralTableRows referrals={data!.referrals} onConvert={setConverting} />
        ) : (
          <ReferralCards referrals={data!.referrals} onConvert={setConverting} />
        )}
      </div>
      {total > 0 && (
        <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 p-4 sm:flex-row">
          <p className="text-sm text-slate-500 tabular" data-testid="referrals-range">
            {first}–{last} of {total}
          </p>
          {totalPages > 1 && (
            <nav aria-label="Referral pages" className="flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
                <ChevronLeft />
                <span className="hidden sm:inline">Previous</span>
              </Button>
              <span className="text-sm text-slate-600 tabular">
                Page {page} of {totalPages}
              </span>
              <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= totalPages} aria-label="Next page">
                <span className="hidden sm:inline">Next</span>
                <ChevronRight />
              </Button>
            </nav>
          )}
        </div>
      )}
      <MarkConvertedDialog referral={converting} onClose={() => setConverting(null)} />
    </Card>
  );
}
