import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { HOME_PATH } from '../lib/session-expiry';
import { usePageTitle } from '../lib/use-page-title';
import { EmptyState } from './empty-state';
import { Button } from './ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  return (
    <EmptyState
      icon={Compass}
      headingLevel="h1"
      title="404 — Page not found"
      text={
        <>
          There is no page at <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">{pathname}</code>.
        </>
      }
      action={
        <Button asChild>
          <Link to={HOME_PATH}>Back to Leads</Link>
        </Button>
      }
    />
  );
}
