import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { pageNumbers } from './page-numbers';

export function ClientPagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Client pages" className="flex items-center gap-1">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronLeft />
        <span className="hidden sm:inline">Previous</span>
      </Button>
      {pageNumbers(page, totalPages).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'outline'}
          size="sm"
          className="min-w-8 tabular"
          onClick={() => onPage(n)}
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
        >
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= totalPages} aria-label="Next page">
        <span className="hidden sm:inline">Next</span>
        <ChevronRight />
      </Button>
    </nav>
  );
}
