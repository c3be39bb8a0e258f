import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Card, CardHeader, CardTitle } from './ui/card';
import { Skeleton } from './ui/skeleton';

export interface ListStateProps {
  loading: boolean;
  /** True when the read failed and there is nothing (not even an older page) to show. */
  failed: boolean;
  /** The sentence the owner reads when the read failed. */
  errorText: string;
  /** True when the read succeeded with no rows. */
  empty: boolean;
  /** What stands in for the rows when there are none (a sentence, a PanelEmpty, an EmptyState). */
  emptyContent: ReactNode;
  /** How many skeleton rows, and their height. */
  rows?: number;
  rowClassName?: string;
  /** Padding around the skeleton and the error (`p-4` inside a card; `''` inside CardContent). */
  inset?: string;
  /** The rows: called only when there is data to show. */
  children: () => ReactNode;
}

/** The one way a list shows its states: skeleton rows while loading, an alert when it failed, the empty content, or the rows. */
export function ListState({ loading, failed, errorText, empty, emptyContent, rows = 5, rowClassName = 'h-12', inset = 'p-4', children }: ListStateProps) {
  if (loading) return <ListSkeleton rows={rows} rowClassName={rowClassName} className={inset} />;
  if (failed) {
    return (
      <p role="alert" className={cn('text-sm text-red-600', inset)}>
        {errorText}
      </p>
    );
  }
  return <>{empty ? emptyContent : children()}</>;
}

function ListSkeleton({ rows = 5, rowClassName = 'h-12', className = 'p-4' }: { rows?: number; rowClassName?: string; className?: string }) {
  return (
    <div className={cn('space-y-3', className)}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}

/** The empty state of a dashboard panel: a grey icon, a title and a line of text. */
export function PanelEmpty({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <Icon className="mb-2 size-8 text-slate-300" aria-hidden="true" />
      <p className="text-sm font-medium text-slate-900">{title}</p>
      <p className="text-sm text-slate-500">{text}</p>
    </div>
  );
}

interface PanelProps {
  testId: string;
  title: string;
  /** Beside the title: an icon before it, a count badge after it. */
  before?: ReactNode;
  after?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A dashboard panel: a card with a small titled header over its list. */
export function Panel({ testId, title, before, after, className = 'flex flex-col', children }: PanelProps) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader className={cn('border-b border-slate-100 pb-4 sm:pb-4', (before || after) && 'flex-row items-center gap-2 space-y-0', after && 'justify-between')}>
        {before}
        <CardTitle className="text-base">{title}</CardTitle>
        {after}
      </CardHeader>
      {children}
    </Card>
  );
}
