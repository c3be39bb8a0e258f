import { useState } from 'react';
import { REFERRAL_PAGE_SIZE } from '../../../shared/schemas/referrals';
import { FilterSelect, ListHeader, PagedBody, RangeFooter, usePageFor } from '../../components/paged-list';
import { type ConvertTarget, MarkConvertedDialog } from '../../components/referrals/mark-converted-dialog';
import { SearchField } from '../../components/search-field';
import { Card } from '../../components/ui/card';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { ReferralCards, ReferralTableRows } from './referral-rows';
import { type ReferralSort, type StatusFilter, useReferralPage } from './use-referrals';

const STATUS_OPTIONS: [StatusFilter, string][] = [
  ['all', 'All'],
  ['pending', 'Pending'],
  ['converted', 'Converted'],
];
const SORT_OPTIONS: [ReferralSort, string][] = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['refereeName', 'Friend name'],
  ['convertedAt', 'Recently converted'],
];
const SEARCH_DEBOUNCE_MS = 300;

export function ReferralsTable() {
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<ReferralSort>('newest');
  const [converting, setConverting] = useState<ConvertTarget | null>(null);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = usePageFor(`${search}|${status}|${sort}`);
  const query = useReferralPage({ page, search, status, sort });
  const wide = useMediaQuery(MD_UP);
  const { data } = query;
  const total = data?.total ?? 0;

  return (
    <Card className="min-w-0" data-testid="referrals-table">
      <ListHeader title="Referrals" search={<SearchField label="Search referrals" placeholder="Friend, referrer or code" value={searchInput} onChange={setSearchInput} />}>
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} className="w-full sm:w-36" />
        <FilterSelect label="Sort" value={sort} onChange={setSort} options={SORT_OPTIONS} className="w-full sm:w-44" />
      </ListHeader>
        <PagedBody
          query={query}
          errorText="Referrals could not be loaded. Please reload the page."
          empty={total === 0}
          emptyContent={<p className="p-6 text-center text-sm text-slate-500">No referrals match{search ? ` “${search}”` : ''}.</p>}
        >
          {() =>
            wide ? <ReferralTableRows referrals={data!.referrals} onConvert={setConverting} /> : <ReferralCards referrals={data!.referrals} onConvert={setConverting} />
          }
        </PagedBody>
      <RangeFooter rangeTestId="referrals-range" navLabel="Referral pages" page={page} pageSize={REFERRAL_PAGE_SIZE} total={total} totalIsCapped={data?.totalIsCapped} onPage={setPage} />
      <MarkConvertedDialog referral={converting} onClose={() => setConverting(null)} />
    </Card>
  );
}
