import { LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { initials } from '../../../shared/format';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/button';

export function AccountBox({ onSignOut }: { onSignOut: () => void }) {
  const { business } = useAuth();
  if (!business) return null;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
        {initials(business.name)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{business.name}</p>
        <p className="truncate text-xs text-slate-500">{business.email}</p>
      </div>
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to="/security" aria-label="Sign-in security" title="Sign-in security">
          <ShieldCheck />
        </Link>
      </Button>
      <Button variant="ghost" size="icon" className="size-8" aria-label="Log out" title="Log out" onClick={onSignOut}>
        <LogOut />
      </Button>
    </div>
  );
}
