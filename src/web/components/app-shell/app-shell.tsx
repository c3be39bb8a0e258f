import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/utils';
import { BrandMark } from '../brand-mark';
import { ErrorBoundary } from '../error-boundary';
import { PageSkeleton } from '../page-skeleton';
import { ROOM_FOR_TOASTS } from '../ui/toast-room';
import { AccountBox } from './account-box';
import { NavList } from './nav-list';
import { useNavCounts } from './use-nav-counts';

export function AppShell() {
  const { business, signOut } = useAuth();
  const navigate = useNavigate();
  const counts = useNavCounts();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const live = useHydrated();

  const handleSignOut = async () => {
    setMenuOpen(false);
    await signOut().catch(() => undefined);
    navigate('/');
  };

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="px-5 py-5">
          <Link to="/" aria-label="Referloop home">
            <BrandMark />
          </Link>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
          <NavList variant="desktop" counts={counts} />
        </nav>
        <div className="p-3">
          <AccountBox onSignOut={handleSignOut} />
        </div>
      </aside>

      <header className="sticky top-0 z-40 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:hidden">
        <Link to="/" aria-label="Referloop home">
          <BrandMark />
        </Link>
        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Trigger
            disabled={!live}
            aria-label="Open menu"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <Menu className="size-6" aria-hidden="true" />
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
            <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none">
              <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
                <DialogPrimitive.Title className="text-base font-semibold text-slate-900">Menu</DialogPrimitive.Title>
                <DialogPrimitive.Close aria-label="Close menu" className="rounded-lg p-2 text-slate-500 hover:bg-slate-100">
                  <X className="size-5" aria-hidden="true" />
                </DialogPrimitive.Close>
              </div>
              <DialogPrimitive.Description className="sr-only">Main navigation</DialogPrimitive.Description>
              {business && (
                <div className="border-b border-slate-100 px-4 py-3">
                  <p className="truncate text-sm font-semibold text-slate-900">{business.name}</p>
                  <p className="truncate text-xs text-slate-500">{business.email}</p>
                </div>
              )}
              <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-3">
                <NavList variant="mobile" counts={counts} onNavigate={() => setMenuOpen(false)} />
              </nav>
              <div className="border-t border-slate-100 p-3">
                <button
                  type="button"
                  onClick={handleSignOut}
                  className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700"
                >
                  <LogOut className="size-5" aria-hidden="true" />
                  Sign Out
                </button>
              </div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      </header>

      <main className="min-w-0 flex-1">
        <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8', ROOM_FOR_TOASTS)}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}
