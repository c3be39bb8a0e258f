import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Sparkles } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AutoMessageSettingsOut,
  autoMessageSettingsSchema,
  MAX_COOLDOWN_DAYS,
  MIN_REVIEW_COOLDOWN_DAYS,
} from '../../../shared/schemas/sms';
import { federalHoursInWords } from '../../../shared/send-hours';
import { errorMessage } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FieldError } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { typedField } from '../../lib/typed-field';
import { cn } from '../../lib/utils';
import type { OutreachSettings } from './types';
import { refreshScheduled, useOutreachSettings } from './use-sms';
import { ReviewFollowUps } from './review-follow-ups';

type Kind = keyof AutoMessageSettingsOut['cooldownDays'];

type Toggle = 'autoSendThankYou' | 'autoSendFollowUp' | 'autoSendReview';
const ROWS: { kind: Kind; toggle: Toggle; title: string; text: string }[] = [
  {
    kind: 'thankYou',
    toggle: 'autoSendThankYou',
    title: 'Thank-you after a booking',
    text: 'A new completed booking (today or up to 2 days before) gets your Thank You text with the client’s referral link. Older bookings in an import never do.',
  },
  {
    kind: 'followUp',
    toggle: 'autoSendFollowUp',
    title: 'Referral follow-up',
    text: 'A referred friend who has not booked 3 days later gets one reminder with the referral link.',
  },
  {
    kind: 'review',
    toggle: 'autoSendReview',
    title: 'Review request',
    text: 'A day after each new booking, your Review Request with your Google review link. Every client is asked the same way, never only the happy ones.',
  },
];

/** A cool-down box's text as the schema checks it: an empty box is no number (the saved value comes in as a number). */
const days = (value: unknown) => (typeof value === 'number' ? value : String(value).trim() === '' ? NaN : Number(value));

/** The Setup tab's automations: what goes out by itself, and how often at most (docs/sms-automations.md). */
export function AutomationsCard() {
  const settings = useOutreachSettings();
  if (settings.isError)
    return (
      <Card>
        <CardContent className="pt-6">
          <p role="alert" className="text-sm text-red-600">
            Automation settings could not be loaded. Please try refreshing the page.
          </p>
        </CardContent>
      </Card>
    );
  if (!settings.data) return <Skeleton className="h-72 w-full" />;
  return <AutomationsForm settings={settings.data} />;
}

/** Filled once from the settings read; the messages come with each change, from the server's own schema. */
function AutomationsForm({ settings }: { settings: OutreachSettings }) {
  const qc = useQueryClient();
  const form = useForm({ resolver: zodResolver(autoMessageSettingsSchema), defaultValues: settings.autoMessageSettings, mode: 'onChange' });
  const baseId = useId();
  // Settings saved before a rule tightened show their message at once, not only after an edit.
  useEffect(() => void form.trigger(), [form]);

  const save = useMutation({
    mutationFn: (autoMessageSettings: AutoMessageSettingsOut) =>
      callApi('POST /api/outreach/settings', { body: {
        referralDiscount: settings.referralDiscount,
        googleReviewLink: settings.googleReviewLink,
        customMessages: settings.customMessages,
        autoMessageSettings,
      } }),
    onSuccess: (saved) => {
      qc.setQueryData(apiQuery('GET /api/outreach/settings').queryKey, saved);
      form.reset(saved.autoMessageSettings);
      void refreshScheduled(qc);
      toast({ title: 'Automations saved', description: 'New bookings and referrals follow these settings from now on.' });
    },
    onError: (error) => toast({ title: 'Automations not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });

  const values = form.watch();
  const errors = form.formState.errors.cooldownDays ?? {};
  const invalid = Object.keys(errors).length > 0;
  const saved = form.formState.defaultValues;
  const changed = JSON.stringify(values) !== JSON.stringify(saved);
  const noReviewLink = values.autoSendReview && !settings.googleReviewLink;

  return (
    <Card data-testid="sms-automations">
      <CardHeader>
        <div className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Sparkles className="size-5" aria-hidden="true" />
        </div>
        <CardTitle>Automated texts</CardTitle>
        <CardDescription>
          Sent for you inside each recipient’s sending hours ({federalHoursInWords()} their time). Nobody gets the same kind twice within its cool-down.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {ROWS.map((row) => {
              const id = `${baseId}-${row.kind}`;
              const on = values[row.toggle];
              const error = errors[row.kind]?.message;
              return (
                <li key={row.kind} className="space-y-3 p-4">
                  <div className="flex items-start justify-between gap-4">
                    <div className="min-w-0">
                      <p id={`${id}-title`} className="text-sm font-semibold text-slate-900">
                        {row.title}
                      </p>
                      <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
                        {row.text}
                      </p>
                    </div>
                    <button
                      type="button"
                      role="switch"
                      aria-checked={on}
                      aria-labelledby={`${id}-title`}
                      aria-describedby={`${id}-text`}
                      onClick={() => form.setValue(row.toggle, !on, { shouldDirty: true })}
                      className={cn(
                        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                        on ? 'bg-brand-600' : 'bg-slate-300',
                      )}
                    >
                      <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0.5')} />
                    </button>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <label htmlFor={`${id}-days`}>Not again within</label>
                    <Input
                      id={`${id}-days`}
                      inputMode="numeric"
                      className="h-9 w-20 tabular"
                      aria-invalid={!!error}
                      aria-describedby={error ? `${id}-error` : undefined}
                      aria-label={`${row.title}: cool-down in days`}
                      {...typedField(form, `cooldownDays.${row.kind}`, { tidy: (v) => v.replace(/[^\d]/g, '').slice(0, 3), setValueAs: days })}
                    />
                    <span>days</span>
                    {row.kind === 'review' && <span className="text-xs text-slate-500">({MIN_REVIEW_COOLDOWN_DAYS} to {MAX_COOLDOWN_DAYS})</span>}
                  </div>
                  <FieldError id={`${id}-error`} message={error} />
                  {row.kind === 'review' && <ReviewFollowUps form={form} baseId={`${id}-follow-ups`} />}
                  {row.kind === 'review' && noReviewLink && (
                    <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="review-link-missing">
                      Add your Google review link in Settings: without it no review requests are queued.
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="flex justify-end">
            <Button type="submit" disabled={!changed || save.isPending || invalid}>
              {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
              Save automations
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
