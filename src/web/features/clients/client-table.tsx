import { useDeferredValue, useId, useState } from 'react';
import { CLIENT_PAGE_SIZE, type ClientSort } from '../../../shared/constants';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { ClientPagination } from './client-pagination';
import { ClientCards, ClientTableRows, type ClientActions } from './client-rows';
import { useClientsPage } from './use-client-data';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchField } from '../../components/search-field';
import { plural } from '../../../shared/format';

const SORT_LABELS: Record<ClientSort, string> = {
  loyaltyScore: 'Loyalty Score',
  lastBooking: 'Last Booking',
  totalBookings: 'Total Bookings',
  name: 'Name',
};

const SEARCH_DEBOUNCE_MS = 300;

export function ClientTable(actions: ClientActions) {
  const [searchInput, setSearchInput] = useState('');
  const [sort, setSort] = useState<ClientSort>('loyaltyScore');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts at page 1; tracked in render so the stale page is never requested.
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(1);
  }
  const { data, isPending, isError, isPlaceholderData } = useClientsPage({ page: search !== lastSearch ? 1 : page, search, sort });
  // The rows render as a transition (React yields while it builds them), and only in the layout the screen
  // shows: a table from the md breakpoint, cards below it.
  const clients = useDeferredValue(data?.clients);
  const wide = useMediaQuery(MD_UP);
  const sortId = useId();

  const total = data?.total ?? 0;
  // A capped total (a search of one or two characters) is a lower bound, and a match follows this page.
  const capped = data?.totalIsCapped === true;
  const totalPages = Math.ceil(total / CLIENT_PAGE_SIZE) + (capped ? 1 : 0);
  const first = total === 0 ? 0 : (page - 1) * CLIENT_PAGE_SIZE + 1;
  const last = Math.min(page * CLIENT_PAGE_SIZE, total);

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-4 pb-4">
        <CardTitle>Clients</CardTitle>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField label="Search clients" placeholder="Name or email" value={searchInput} onChange={setSearchInput} />
          <div className="space-y-1.5 sm:w-48">
            <Label htmlFor={sortId}>Sort by</Label>
            <Select
              value={sort}
              onValueChange={(v) => {
                setSort(v as ClientSort);
                setPage(1);
              }}
            >
              <SelectTrigger id={sortId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(SORT_LABELS) as ClientSort[]).map((s) => (
                  <SelectItem key={s} value={s}>
                    {SORT_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      </CardHeader>

      <div
        className={`max-h-[600px] overflow-auto border-y border-slate-100 transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={isPending || isPlaceholderData}
      >
        {isPending || (!isError && !clients) ? (
          <div className="space-y-3 p-4" aria-label="Loading clients">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="p-6 text-center text-sm text-red-600">
            Failed to load clients. Please try refreshing the page.
          </p>
        ) : !clients || clients.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500">{search ? `No clients match “${search}”.` : 'No clients yet.'}</p>
        ) : (
          wide ? <ClientTableRows clients={clients} {...actions} /> : <ClientCards clients={clients} {...actions} />
        )}
      </div>

      <div className="flex flex-col items-center justify-between gap-3 px-5 py-4 sm:flex-row sm:px-6">
        <p className="text-sm text-slate-500 tabular" aria-live="polite">
          {total > 0 ? `Showing ${first}–${last} of ${capped ? `${total.toLocaleString('en-US')}+ clients` : plural(total, 'client')}` : ''}
        </p>
        <ClientPagination page={page} totalPages={totalPages} onPage={setPage} />
      </div>
    </Card>
  );
}
