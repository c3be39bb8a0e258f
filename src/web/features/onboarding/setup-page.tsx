import { ArrowRight, Gift, MessageSquare, Upload, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { BUSINESS_TYPES } from '../../../shared/constants';
import { BrandMark } from '../../components/brand-mark';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/use-page-title';

const STEPS: { icon: LucideIcon; title: string; text: string; to: string; cta: string }[] = [
  {
    icon: Upload,
    title: 'Upload your client list',
    text: 'Bring in past bookings from a CSV or Excel file, or connect your booking tool. Every client gets a personal referral link.',
    to: '/data-sources',
    cta: 'Upload clients',
  },
  {
    icon: MessageSquare,
    title: 'Choose your business SMS number',
    text: 'Pick a local number so thank-you and referral texts come from your business. Your first 100 texts are free.',
    to: '/outreach',
    cta: 'Choose number',
  },
  {
    icon: Gift,
    title: 'Set your referral reward',
    text: 'Decide what happy clients get for each friend they send your way: a discount, a gift card or cash.',
    to: '/settings',
    cta: 'Set reward',
  },
];

/** The setup guide shown after signup (/setup and /setup-{product}), without the navigation shell. */
export function SetupPage({ product }: { product?: string }) {
  const { business } = useAuth();
  usePageTitle('Set up Referloop');
  const typeLabel = BUSINESS_TYPES.find((t) => t.value === (product ?? business?.businessType))?.label;

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
        <BrandMark />
        <Button asChild variant="ghost" size="sm">
          <Link to="/">Skip for now</Link>
        </Button>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            Welcome{business?.name ? `, ${business.name}` : ''}!
          </h1>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">
            Let&apos;s get your referral system set up{typeLabel ? ` for your ${typeLabel.toLowerCase()} business` : ''}. Three
            quick steps and your clients can start sending friends your way.
          </p>
        </div>
        <ol className="space-y-4">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
                <div className="flex items-start gap-4 sm:flex-1">
                  <div className="relative flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-500 text-white shadow-sm">
                    <step.icon className="size-5" aria-hidden="true" />
                    <span className="absolute -right-1.5 -top-1.5 flex size-5 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-700 ring-1 ring-brand-200">
                      {i + 1}
                    </span>
                  </div>
                  <div>
                    <h2 className="font-semibold text-slate-900">{step.title}</h2>
                    <p className="mt-1 text-sm text-slate-600">{step.text}</p>
                  </div>
                </div>
                <Button asChild variant="outline" className="sm:w-36">
                  <Link to={step.to} aria-label={step.title}>
                    {step.cta} <ArrowRight />
                  </Link>
                </Button>
              </Card>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Button asChild size="lg">
            <Link to="/">Go to Dashboard</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
