import { Skeleton } from './ui/skeleton';

/** Shown while the session or a page's code loads: never a blank screen. */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-6 p-4 sm:p-8">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

export function FullPageSkeleton() {
  return (
    <div className="flex min-h-screen bg-slate-50">
      <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white p-4 md:block">
        <Skeleton className="mb-8 h-8 w-32" />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="mb-3 h-8 w-full" />
        ))}
      </div>
      <div className="flex-1">
        <PageSkeleton />
      </div>
    </div>
  );
}
