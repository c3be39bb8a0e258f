import { useEffect, useState } from 'react';
import { LEAD_PAGE_SIZE, LEAD_SOURCES, LEAD_STATUSES } from '../../../shared/schemas/leads';
import { FilterSelect, ListHeader, PagedBody, RangeFooter, usePageFor } from '../../components/paged-list';
import { SearchField } from '../../components/search-field';
import { Card } from '../../components/ui/card';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { sourceLabel, statusLabel } from './lead-labels';
import { type LeadAction, LeadCards, LeadTableRows } from './lead-rows';
import { type SourceFilter, type StatusFilter, useLeadPage } from './use-leads';

const SEARCH_DEBOUNCE_MS = 300;
const STATUS_OPTIONS = [['all', 'All statuses'], ...LEAD_STATUSES.map((s) => [s, statusLabel(s)] as const)] as const satisfies readonly (readonly [StatusFilter, string])[];
const SOURCE_OPTIONS = [['all', 'All sources'], ...LEAD_SOURCES.map((s) => [s, sourceLabel(s)] as const)] as const satisfies readonly (readonly [SourceFilter, string])[];

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
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = usePageFor(`${search}|${status}|${source}`);
  const query = useLeadPage({ page, search, status, source });
  const wide = useMediaQuery(MD_UP);
  const now = useNow();

  const { data } = query;
  const total = data?.total ?? 0;
  const filtered = Boolean(search) || status !== 'all' || source !== 'all';

  return (
    <Card className="min-w-0" data-testid="lead-inbox">
      <ListHeader title="Lead Inbox" search={<SearchField label="Search leads" placeholder="Name, email, phone or referrer" value={searchInput} onChange={setSearchInput} />}>
        <FilterSelect label="Status filter" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        <FilterSelect label="Source filter" value={source} onChange={setSource} options={SOURCE_OPTIONS} />
      </ListHeader>
        <PagedBody
          query={query}
          errorText="Leads could not be loaded. Please reload the page."
          empty={total === 0}
          emptyContent={
            <p className="p-6 text-center text-sm text-slate-500">
              {filtered ? `No leads match${search ? ` “${search}”` : ' these filters'}.` : 'No leads yet. Leads from your forms and referral links, and the ones you add, show up here.'}
            </p>
          }
        >
          {() => (wide ? <LeadTableRows leads={data!.leads} now={now} onAction={onAction} /> : <LeadCards leads={data!.leads} now={now} onAction={onAction} />)}
        </PagedBody>
      <RangeFooter rangeTestId="leads-range" navLabel="Lead pages" page={page} pageSize={LEAD_PAGE_SIZE} total={total} totalIsCapped={data?.totalIsCapped} onPage={setPage} />
    </Card>
  );
}
