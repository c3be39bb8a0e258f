import { ArrowLeft, ArrowRight, LayoutDashboard, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SETUP_STEP_COUNT, SETUP_STEPS } from '../../../shared/schemas/onboarding';
import { BrandMark } from '../../components/brand-mark';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ROOM_FOR_TOASTS } from '../../components/ui/toast-room';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/utils';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/use-page-title';
import { CompleteStep } from './complete-step';
import { DataStep } from './data-step';
import { setupProduct } from './product';
import { ReviewLinkStep } from './review-link-step';
import { RewardStep } from './reward-step';
import { SmsStep } from './sms-step';
import { useSaveProgress, useSetupProgress } from './use-setup-progress';
import { WelcomeStep } from './welcome-step';

const FORM_ID = 'setup-step-form';
/** Steps whose Continue saves a form first (reward, review link). */
const FORM_STEPS = new Set([4, 5]);

/**
 * The setup guide (spec part 2 "Onboarding wizard"; docs/setup-guide.md) at /setup and /setup-{product},
 * without the navigation shell. The step the owner is on is kept on the server.
 */
export function SetupPage({ product }: { product?: string }) {
  const { business } = useAuth();
  const navigate = useNavigate();
  const progress = useSetupProgress();
  const saveProgress = useSaveProgress();
  const meant = setupProduct(product, business?.businessType);
  const [step, setStep] = useState<number>();
  const [toolSlug, setToolSlug] = useState(meant.toolSlug);
  const [dataTab, setDataTab] = useState(meant.zapier ? 'zapier' : 'upload');
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  usePageTitle('Setup guide');

  const save = saveProgress.mutate;
  const goTo = useCallback(
    (next: number, completed?: boolean) => {
      moved.current = true;
      setStep(next);
      setBusy(false);
      save(
        { step: next, completed },
        { onError: () => toast({ title: 'Progress not saved', description: 'Your place in the setup guide could not be saved. Please check your connection.', variant: 'destructive' }) },
      );
    },
    [save],
  );

  // Open where the owner left off, or at the data step for /setup-{tool} and /setup-zapier.
  useEffect(() => {
    if (step !== undefined || !progress.data) return;
    if (meant.openAtStep && meant.openAtStep !== progress.data.step) goTo(meant.openAtStep);
    else setStep(progress.data.step);
  }, [progress.data, step, meant.openAtStep, goTo]);
  // A failed read of the progress starts at step 1 rather than leaving the owner on a skeleton.
  useEffect(() => {
    if (step === undefined && progress.isError) setStep(meant.openAtStep ?? 1);
  }, [progress.isError, step, meant.openAtStep]);
  // Moving to another step puts focus on its title, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const onBusy = useCallback((b: boolean) => setBusy(b), []);
  const next = useCallback(() => goTo(Math.min((step ?? 1) + 1, SETUP_STEP_COUNT)), [goTo, step]);

  const finish = async () => {
    setLeaving(true);
    try {
      await saveProgress.mutateAsync({ step: SETUP_STEP_COUNT, completed: true });
    } catch {
      // The dashboard works either way; the guide just opens on this step again next time.
    }
    navigate('/');
  };

  const last = step === SETUP_STEP_COUNT;
  const info = step ? SETUP_STEPS[step - 1] : undefined;

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-4">
        <BrandMark />
        {!last && (
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <LayoutDashboard aria-hidden="true" />
              Go to Dashboard
            </Link>
          </Button>
        )}
      </header>
      <main className={cn('mx-auto max-w-3xl px-4 pb-16 pt-2', ROOM_FOR_TOASTS)}>
        {!step || !info ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-72 w-full" />
          </div>
        ) : (
          <>
            <div className="mb-5 space-y-2">
              <div className="flex items-center justify-between text-sm">
                <p className="font-medium text-brand-700" data-testid="setup-step-counter">
                  Step {step} of {SETUP_STEP_COUNT}
                </p>
                <p className="text-slate-500 tabular">{Math.round((step / SETUP_STEP_COUNT) * 100)}% complete</p>
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-brand-100"
                role="progressbar"
                aria-label="Setup progress"
                aria-valuemin={1}
                aria-valuemax={SETUP_STEP_COUNT}
                aria-valuenow={step}
                aria-valuetext={`Step ${step} of ${SETUP_STEP_COUNT}`}
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(step / SETUP_STEP_COUNT) * 100}%` }} />
              </div>
            </div>
            <Card className="p-5 sm:p-8" data-step={info.id}>
              <h1 ref={headingRef} tabIndex={-1} className="mb-4 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
                {step === 1 ? `Welcome to Referloop${business?.name ? `, ${business.name}` : ''}!` : info.title}
              </h1>
              {step === 1 && <WelcomeStep typeLabel={meant.businessTypeLabel} />}
              {step === 2 && <DataStep toolSlug={toolSlug} onToolChange={setToolSlug} tab={dataTab} onTabChange={setDataTab} />}
              {step === 3 && <SmsStep />}
              {step === 4 && <RewardStep formId={FORM_ID} onSaved={next} onBusy={onBusy} />}
              {step === 5 && <ReviewLinkStep formId={FORM_ID} onSaved={next} onBusy={onBusy} />}
              {step === 6 && <CompleteStep onEdit={goTo} />}

              <nav aria-label="Setup steps" className="mt-8 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-5">
                <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 1 || busy || leaving}>
                  <ArrowLeft aria-hidden="true" />
                  Back
                </Button>
                <div className="ml-auto flex items-center gap-2">
                  {last ? (
                    <Button onClick={finish} disabled={leaving}>
                      {leaving && <Loader2 className="animate-spin" aria-hidden="true" />}
                      Go to Dashboard
                    </Button>
                  ) : (
                    <>
                      <Button variant="ghost" onClick={next} disabled={busy}>
                        Skip
                      </Button>
                      {FORM_STEPS.has(step) ? (
                        <Button type="submit" form={FORM_ID} disabled={busy}>
                          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                          Continue
                          {!busy && <ArrowRight aria-hidden="true" />}
                        </Button>
                      ) : (
                        <Button onClick={next}>
                          Continue
                          <ArrowRight aria-hidden="true" />
                        </Button>
                      )}
                    </>
                  )}
                </div>
              </nav>
            </Card>
          </>
        )}
      </main>
    </div>
  );
}
