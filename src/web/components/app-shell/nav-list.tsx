import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/utils';
import { isActive, NAV_ITEMS, type NavCountKey } from './nav-items';
import { useAuth } from '../../lib/auth';
import { roleAllows } from '../../../shared/roles';

interface NavListProps {
  variant: 'desktop' | 'mobile';
  counts: Record<NavCountKey, number>;
  onNavigate?: () => void;
}

export function NavList({ variant, counts, onNavigate }: NavListProps) {
  const { pathname } = useLocation();
  const { person } = useAuth();
  // Until the session check names the person, every item shows (the server refuses what the role can't do).
  const items = NAV_ITEMS.filter((item) => !item.role || !person || roleAllows(person.role, item.role));
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const active = isActive(item, pathname);
        const count = item.badge ? counts[item.badge] : 0;
        const label = variant === 'mobile' ? (item.mobileLabel ?? item.label) : item.label;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              <item.icon
                className={cn('size-5 shrink-0', active ? 'text-brand-600' : 'text-slate-400 group-hover:text-slate-600')}
                aria-hidden="true"
              />
              <span className="flex-1 truncate">{label}</span>
              {count > 0 && (
                <span
                  className="ml-auto min-w-5 rounded-full bg-brand-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white tabular"
                  aria-label={`${count} new`}
                >
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
