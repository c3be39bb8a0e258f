import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/utils';
import { buttonVariants } from './ui/button-variants';

interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  text?: ReactNode;
  /** The next thing to do: usually a Button or a Link styled as one. */
  action?: ReactNode;
  /** The next thing to do as a link styled as a button (in place of `action`). */
  link?: { to: string; label: string; icon?: LucideIcon };
  className?: string;
  /** h2 under a page header; h1 when the empty state is the whole page (404). */
  headingLevel?: 'h1' | 'h2';
}

export function EmptyState({ icon: Icon, title, text, action, link, className, headingLevel: Heading = 'h2' }: EmptyStateProps) {
  if (link) {
    const LinkIcon = link.icon;
    action = (
      <Link to={link.to} className={buttonVariants()}>
        {LinkIcon && <LinkIcon aria-hidden="true" />}
        {link.label}
      </Link>
    );
  }
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {Icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon className="size-6" aria-hidden="true" />
        </div>
      )}
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {text && <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>}
      {action && <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{action}</div>}
    </div>
  );
}
