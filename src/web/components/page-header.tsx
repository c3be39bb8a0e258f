import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';
import { cn } from '../lib/utils';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (stacked under the title on a phone). */
  actions?: ReactNode;
  className?: string;
}

/** The screen's h1, which is also its tab title. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
