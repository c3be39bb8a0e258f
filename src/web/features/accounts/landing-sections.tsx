import {
  ArrowRight,
  CalendarClock,
  CheckCircle2,
  Gift,
  Link2,
  MessageSquareHeart,
  PlayCircle,
  Star,
  TrendingUp,
  Upload,
  Users,
  Wallet,
  Send,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonVariants, type ButtonVariants } from '../../components/ui/button-variants';

/** A button with the app's button classes, without tailwind-merge (the landing page's classes never conflict). */
export function LandingButton({ variant, size, className, ...props }: ComponentProps<'button'> & ButtonVariants) {
  return <button type="button" className={buttonVariants({ variant, size, className })} {...props} />;
}

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Link2, title: 'One-tap referral links', text: 'Every client gets a personal link. Clients refer 2-3x more when sharing is this simple.' },
  { icon: CalendarClock, title: 'Automatic referral texts', text: 'Referral texts go out automatically after each job, or on the schedule you choose.' },
  { icon: TrendingUp, title: 'Referral & revenue tracking', text: 'See who referred whom and exactly how much revenue each referral brought in.' },
  { icon: Gift, title: 'Rewards your clients love', text: 'Thank referrers with discounts, gift cards or cash — you set the reward.' },
  { icon: MessageSquareHeart, title: 'Thank-you texts & outreach', text: 'Send thank-you texts after every job and reach your whole client list at once.' },
  { icon: Star, title: 'Google review requests', text: 'Ask happy clients for a 5-star Google review by text, right when they are happiest.' },
];

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Upload, title: 'Connect your clients', text: 'Connect Jobber, Housecall Pro or BookingKoala — or upload your client list as a CSV.' },
  { icon: MessageSquareHeart, title: 'Customise your messages', text: 'Pick your reward and tweak the texts so they sound like you.' },
  { icon: Send, title: 'Send and track', text: 'Texts go out, referrals come in, and you see every booking they bring.' },
];

const RESULTS: { icon: LucideIcon; value: string; label: string; text: string }[] = [
  { icon: Users, value: '2x', label: 'more referrals', text: 'A simple link and a timely text double the word of mouth you already earn.' },
  { icon: Star, value: 'More', label: '5-star reviews', text: 'Review requests land while the shine is fresh, so your rating climbs.' },
  { icon: Wallet, value: '$1,000s', label: 'recovered', text: 'Loyal clients who drift past their usual schedule get a nudge before they are gone.' },
];

function SectionTitle({ eyebrow, title, text }: { eyebrow: string; title: string; text?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
      {text && <p className="mt-3 text-base text-slate-600">{text}</p>}
    </div>
  );
}

export function HowItWorks() {
  return (
    <section id="how-it-works" className="px-4 py-16 sm:py-24">
      <SectionTitle eyebrow="How it Works" title="See Referloop in action" text="Turn every finished job into your next booking." />
      <div className="mx-auto flex aspect-video max-w-3xl flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-gradient-to-br from-slate-900 to-brand-900 text-white shadow-xl">
        <PlayCircle className="size-16 text-white/80" aria-hidden="true" />
        <p className="text-lg font-medium">60-second demo video coming soon</p>
      </div>
    </section>
  );
}

export function Features() {
  return (
    <section id="features" className="bg-white px-4 py-16 sm:py-24">
      <SectionTitle eyebrow="What You'll Get" title="Everything you need to grow by word of mouth" />
      <div className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <div key={f.title} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md">
            <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-brand-500 text-white shadow-sm">
              <f.icon className="size-5" aria-hidden="true" />
            </div>
            <h3 className="text-lg font-semibold text-slate-900">{f.title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{f.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function SetupSteps({ onStart }: { onStart: () => void }) {
  return (
    <section id="setup" className="px-4 py-16 sm:py-24">
      <SectionTitle eyebrow="Setup in 5 minutes or less" title="Three steps and you're live" />
      <ol className="mx-auto grid max-w-5xl gap-5 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold text-white">Step {i + 1}</span>
            <s.icon className="mb-3 mt-2 size-6 text-brand-600" aria-hidden="true" />
            <h3 className="text-lg font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{s.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 text-center">
        <LandingButton size="lg" onClick={onStart}>
          Get Started Free <ArrowRight />
        </LandingButton>
      </div>
    </section>
  );
}

export function Results() {
  return (
    <section id="results" className="bg-white px-4 py-16 sm:py-24">
      <SectionTitle eyebrow="Results You Can See" title="Happy clients, more bookings" />
      <div className="mx-auto grid max-w-5xl gap-5 md:grid-cols-3">
        {RESULTS.map((r) => (
          <div key={r.label} className="rounded-2xl border border-slate-200 p-6 text-center">
            <r.icon className="mx-auto mb-3 size-7 text-brand-600" aria-hidden="true" />
            <p className="text-4xl font-bold tracking-tight text-slate-900 tabular">{r.value}</p>
            <p className="mt-1 font-semibold text-slate-700">{r.label}</p>
            <p className="mt-2 text-sm text-slate-600">{r.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function ClosingCta({ onStart }: { onStart: () => void }) {
  return (
    <section className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-brand-600 to-purple-600 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">Ready to turn clients into your sales team?</h2>
        <p className="mx-auto mt-3 max-w-xl text-white">Start today and send your first referral texts in minutes.</p>
        <LandingButton size="lg" variant="inverse" className="mt-8" onClick={onStart}>
          Start Free Today <ArrowRight />
        </LandingButton>
        <p className="mt-4 flex items-center justify-center gap-1.5 text-sm text-white">
          <CheckCircle2 className="size-4" aria-hidden="true" /> No credit card required
        </p>
      </div>
    </section>
  );
}
