import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { buttonVariants } from '../../components/ui/button-variants';
import { usePageTitle } from '../../lib/use-page-title';
import { ClosingCta, Features, HowItWorks, LandingButton, Results, SetupSteps } from './landing-sections';

// The landing page is hydrated by its own small entry (landing-main.tsx): no router, no TanStack Query, no
// tailwind-merge. Its links are plain links (sign-in is a prerendered page of its own), and its buttons take
// the button classes without merging. The sign-up form (dialog, select, form code) loads when the visitor
// reaches for it, not with the page.
const loadSignupModal = () => import('./signup-modal');
const SignupModal = lazy(async () => ({ default: (await loadSignupModal()).SignupModal }));
const prefetchSignup = () => void loadSignupModal().catch(() => undefined);

export function LandingPage() {
  const [signupOpen, setSignupOpen] = useState(false);
  const [signupWanted, setSignupWanted] = useState(false);
  usePageTitle();
  const start = () => {
    setSignupWanted(true);
    setSignupOpen(true);
  };

  return (
    <div className="min-h-screen bg-slate-50" onPointerOver={prefetchSignup} onFocus={prefetchSignup}>
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <a href="/" aria-label="Referloop home">
            <BrandMark />
          </a>
          <nav className="flex items-center gap-1 sm:gap-3">
            <a href="/login" className={buttonVariants({ variant: 'ghost' })}>
              Sign In
            </a>
            <LandingButton onClick={start}>Start Free</LandingButton>
          </nav>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-slate-50 px-4 pb-16 pt-14 sm:pb-24 sm:pt-24">
          <div className="mx-auto max-w-3xl text-center">
            <p className="mx-auto mb-5 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-medium text-brand-700 shadow-sm sm:text-sm">
              For cleaning, landscaping, detailing, pool and pressure-washing pros
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
              Turn happy clients into your <span className="text-brand-600">best source of referrals</span>
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
              Referloop texts your clients a simple referral link after every job, tracks who referred whom and the revenue
              it brought, and reminds you when loyal clients are overdue.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <LandingButton size="lg" onClick={start} className="w-full sm:w-auto">
                Start Free <ArrowRight />
              </LandingButton>
              <a href="#how-it-works" className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full sm:w-auto' })}>
                See how it works
              </a>
            </div>
            <ul className="mt-6 flex flex-col items-center justify-center gap-2 text-sm text-slate-600 sm:flex-row sm:gap-6">
              {['No credit card required', 'Setup in 5 minutes or less', 'First 100 texts free'].map((t) => (
                <li key={t} className="flex items-center gap-1.5">
                  <CheckCircle2 className="size-4 text-green-600" aria-hidden="true" /> {t}
                </li>
              ))}
            </ul>
          </div>
        </section>
        <HowItWorks />
        <Features />
        <SetupSteps onStart={start} />
        <Results />
        <ClosingCta onStart={start} />
      </main>

      <footer className="border-t border-slate-200 bg-white px-4 py-8 text-center text-sm text-slate-500">
        <BrandMark className="mb-2" />
        {/* Prerendered at build: the year may turn before the page is served again. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Referloop. Built for local service businesses.</p>
      </footer>

      {signupWanted && (
        <Suspense fallback={null}>
          <SignupModal open={signupOpen} onOpenChange={setSignupOpen} />
        </Suspense>
      )}
    </div>
  );
}
