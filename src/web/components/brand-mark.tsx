import { Repeat } from 'lucide-react';
import { clsx } from 'clsx';

export function BrandMark({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-purple-600 text-white shadow-sm">
        <Repeat className="size-4" aria-hidden="true" />
      </span>
      {!compact && <span className="text-lg">Referloop</span>}
    </span>
  );
}
