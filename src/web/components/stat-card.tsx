import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';

interface StatCardProps {
  title: string;
  value: ReactNode;
  icon?: LucideIcon;
  /** A short line under the value: a trend, a comparison, a unit. */
  hint?: ReactNode;
  loading?: boolean;
  className?: string;
  tone?: 'brand' | 'green' | 'amber' | 'red' | 'slate';
}

const tones = {
  brand: 'bg-brand-50 text-brand-600',
  green: 'bg-green-50 text-green-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  slate: 'bg-slate-100 text-slate-600',
};

export function StatCard({ title, value, icon: Icon, hint, loading, className, tone = 'brand' }: StatCardProps) {
  return (
    <Card className={cn('p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{title}</p>
          {loading ? (
            <Skeleton className="mt-2 h-8 w-20" />
          ) : (
            <p className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900 tabular">{value}</p>
          )}
          {hint && !loading && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
        </div>
        {Icon && (
          <div className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tones[tone])}>
            <Icon className="size-5" aria-hidden="true" />
          </div>
        )}
      </div>
    </Card>
  );
}
