import { StepButton } from '../../components/paged-list';
import { Button } from '../../components/ui/button';
import { pageNumbers } from './page-numbers';

export function ClientPagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Client pages" className="flex items-center gap-1">
      <StepButton step={-1} page={page} totalPages={totalPages} onPage={onPage} />
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
      <StepButton step={1} page={page} totalPages={totalPages} onPage={onPage} />
    </nav>
  );
}
