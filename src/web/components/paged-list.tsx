import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ListState, type ListStateProps } from './list-state';
import { rangeLabels } from './range-labels';
import { Button } from './ui/button';
import { CardHeader, CardTitle } from './ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

/** The page of a paged list, back to 1 whenever `filterKey` (the search, filters and sort) changes. */
export function usePageFor(filterKey: string): [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  const [lastKey, setLastKey] = useState(filterKey);
  if (filterKey !== lastKey) {
    setLastKey(filterKey);
    setPage(1);
  }
  return [page, setPage];
}

interface FilterSelectProps<T extends string> {
  /** The accessible name of the select. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, string])[];
  className?: string;
  /** For a select with a visible Label (htmlFor). */
  id?: string;
}

/** A select with a fixed set of values and their labels (a list's filter or sort, a form's choice). */
export function FilterSelect<T extends string>({ label, value, onChange, options, className = 'w-full sm:w-40', id }: FilterSelectProps<T>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T)}>
      <SelectTrigger id={id} className={className} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map(([v, text]) => (
          <SelectItem key={v} value={v}>
            {text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

interface RangeFooterProps {
  /** data-testid of the "1–25 of 40" line. */
  rangeTestId: string;
  /** The accessible name of the page buttons' nav ("Lead pages"). */
  navLabel: string;
  page: number;
  pageSize: number;
  total: number;
  /** `total` is a lower bound (the answer's `totalIsCapped`): a match follows this page. */
  totalIsCapped?: boolean;
  onPage: (page: number) => void;
}

/** The foot of a paged list: which rows are shown, and Previous/Next when there is more than one page (rangeLabels). */
export function RangeFooter({ rangeTestId, navLabel, page, pageSize, total, totalIsCapped = false, onPage }: RangeFooterProps) {
  if (total <= 0) return null;
  const { range, pages, totalPages } = rangeLabels({ page, pageSize, total, totalIsCapped });
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 p-4 sm:flex-row">
      <p className="text-sm text-slate-500 tabular" data-testid={rangeTestId}>
        {range}
      </p>
      {totalPages > 1 && (
        <nav aria-label={navLabel} className="flex items-center gap-2">
          <StepButton step={-1} page={page} totalPages={totalPages} onPage={onPage} />
          <span className="text-sm text-slate-600 tabular">{pages}</span>
          <StepButton step={1} page={page} totalPages={totalPages} onPage={onPage} />
        </nav>
      )}
    </div>
  );
}

/** Previous (step -1) or Next (step 1): disabled at the first or last page. */
export function StepButton({ step, page, totalPages, onPage }: { step: -1 | 1; page: number; totalPages: number; onPage: (page: number) => void }) {
  const next = step === 1;
  return (
    <Button variant="outline" size="sm" onClick={() => onPage(page + step)} disabled={next ? page >= totalPages : page <= 1} aria-label={next ? 'Next page' : 'Previous page'}>
      {!next && <ChevronLeft />}
      <span className="hidden sm:inline">{next ? 'Next' : 'Previous'}</span>
      {next && <ChevronRight />}
    </Button>
  );
}

/** A paged list's header: its title, then the search field and the filters side by side. */
export function ListHeader({ title, search, children }: { title: string; search: ReactNode; children: ReactNode }) {
  return (
    <CardHeader className="gap-4 pb-4">
      <CardTitle>{title}</CardTitle>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {search}
        <div className="flex gap-3">{children}</div>
      </div>
    </CardHeader>
  );
}

interface PagedBodyProps extends Omit<ListStateProps, 'loading' | 'failed'> {
  /** The page's query: skeleton while pending, dimmed while the next page loads, the alert only when there is nothing to show. */
  query: { isPending: boolean; isError: boolean; data: unknown; isPlaceholderData: boolean };
}

/** A paged list's rows with their loading, error and empty states. */
export function PagedBody({ query, ...states }: PagedBodyProps) {
  return (
    <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isPlaceholderData}>
      <ListState loading={query.isPending} failed={query.isError && !query.data} {...states} />
    </div>
  );
}
