import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LEAD_PAGE_SIZE, LEAD_SOURCES, LEAD_STATUSES } from '../../../shared/schemas/leads';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { sourceLabel, statusLabel } from './lead-labels';
import { type LeadAction, LeadCards, LeadTableRows } from './lead-rows';
import { type SourceFilter, type StatusFilter, useLeadPage } from './use-leads';
import { SearchField } from '../../components/search-field';

const SEARCH_DEBOUNCE_MS = 300;

/** The time relative dates are counted from, moved on every minute so 'Just now' becomes '1m ago'. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function LeadInbox({ onAction }: { onAction: (a: LeadAction) => void }) {
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [source, setSource] = useState<SourceFilter>('all');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // A new search or filter starts at page 1.
  const filterKey = `${search}|${status}|${source}`;
  const [lastKey, setLastKey] = useState(filterKey);
  if (filterKey !== lastKey) {
    setLastKey(filterKey);
    setPage(1);
  }
  const { data, isPending, isError, isPlaceholderData } = useLeadPage({ page, search, status, source });
  const wide = useMediaQuery(MD_UP);
  const now = useNow();

  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * LEAD_PAGE_SIZE + 1;
  const last = Math.min(page * LEAD_PAGE_SIZE, total);
  const filtered = Boolean(search) || status !== 'all' || source !== 'all';

  return (
    <Card className="min-w-0" data-testid="lead-inbox">
      <CardHeader className="gap-4 pb-4">
        <CardTitle>Lead Inbox</CardTitle>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField label="Search leads" placeholder="Name, email, phone or referrer" value={searchInput} onChange={setSearchInput} />
          <div className="flex gap-3">
            <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
              <SelectTrigger className="w-full sm:w-40" aria-label="Status filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All statuses</SelectItem>
                {LEAD_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {statusLabel(s)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={source} onValueChange={(v) => setSource(v as SourceFilter)}>
              <SelectTrigger className="w-full sm:w-40" aria-label="Source filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All sources</SelectItem>
                {LEAD_SOURCES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {sourceLabel(s)}
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
            Leads could not be loaded. Please reload the page.
          </p>
        ) : total === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">
            {filtered ? `No leads match${search ? ` “${search}”` : ' these filters'}.` : 'No leads yet. Leads from your forms and referral links, and the ones you add, show up here.'}
          </p>
        ) : wide ? (
          <LeadTableRows leads={data!.leads} now={now} onAction={onAction} />
        ) : (
          <LeadCards leads={data!.leads} now={now} onAction={onAction} />
        )}
      </div>
      {total > 0 && (
        <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 p-4 sm:flex-row">
          <p className="text-sm text-slate-500 tabular" data-testid="leads-range">
            {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
          </p>
          {totalPages > 1 && (
            <nav aria-label="Lead pages" className="flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
                <ChevronLeft />
                <span className="hidden sm:inline">Previous</span>
              </Button>
              <span className="text-sm text-slate-600 tabular">
                Page {page.toLocaleString('en-US')} of {totalPages.toLocaleString('en-US')}
              </span>
              <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= totalPages} aria-label="Next page">
                <span className="hidden sm:inline">Next</span>
                <ChevronRight />
              </Button>
            </nav>
          )}
        </div>
      )}
    </Card>
  );
}
