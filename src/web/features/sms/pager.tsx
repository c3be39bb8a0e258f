import { Button } from '../../components/ui/button';

/** Previous / Next over a list the server pages without counting (it says whether more follow). */
export function Pager({ label, page, hasMore, onPage }: { label: string; page: number; hasMore: boolean; onPage: (page: number) => void }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 border-t border-slate-100 p-3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600 tabular">Page {page}</span>
      <Button size="sm" variant="outline" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
