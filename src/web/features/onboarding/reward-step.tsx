import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { REWARD_PRESETS } from '../../../shared/schemas/onboarding';
import { rewardPhrase } from '../../../shared/sms-template';
import { outreachSettingsInputSchema } from '../../../shared/schemas/sms';
import { FormField } from '../../components/form-field';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { initialReward } from './reward';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

const rewardForm = outreachSettingsInputSchema.pick({ referralDiscount: true, referrerReward: true });
type Rewards = { referralDiscount: string; referrerReward: string | null };


/**
 * Step 4: the reward a client's friend gets (outreach settings' referralDiscount) and the one the client who
 * referred them gets (referrerReward; empty for none). The POST takes the whole settings object, so it sends
 * back what it read with the rewards changed.
 */
export function RewardStep({ formId, onSaved, onBusy }: { formId: string; onSaved: () => void; onBusy: (busy: boolean) => void }) {
  const qc = useQueryClient();
  const settings = useQuery(apiQuery('GET /api/outreach/settings'));
  const save = useMutation({
    mutationFn: async (rewards: Rewards) => {
      const current = await callApi('GET /api/outreach/settings');
      return callApi('POST /api/outreach/settings', {
        body: {
        ...rewards,
        googleReviewLink: current.googleReviewLink,
        customMessages: current.customMessages,
        },
      });
    },
    onSuccess: (saved) => {
      qc.setQueryData(apiQuery('GET /api/outreach/settings').queryKey, { ...saved });
      onSaved();
    },
    onError: (e) => toast({ title: 'Save Failed', description: errorMessage(e, 'Failed to save referral reward'), variant: 'destructive' }),
  });
  useEffect(() => onBusy(save.isPending), [save.isPending, onBusy]);

  if (settings.isPending) return <Skeleton className="h-32 w-full" />;
  return (
    <RewardForm
      formId={formId}
      saved={{ referralDiscount: settings.data ? initialReward(settings.data.referralDiscount) : '', referrerReward: settings.data?.referrerReward ?? '' }}
      loadFailed={settings.isError}
      onValid={(rewards) =>
        settings.data && rewards.referralDiscount === settings.data.referralDiscount && rewards.referrerReward === settings.data.referrerReward
          ? onSaved()
          : save.mutate(rewards)
      }
    />
  );
}

function RewardForm(props: { formId: string; saved: { referralDiscount: string; referrerReward: string }; loadFailed: boolean; onValid: (rewards: Rewards) => void }) {
  const { formId, saved, loadFailed, onValid } = props;
  const id = useId();
  const form = useForm({ resolver: zodResolver(rewardForm), defaultValues: saved });
  const value = form.watch('referralDiscount');
  const error = form.formState.errors.referralDiscount?.message;

  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit((v) => onValid({ referralDiscount: v.referralDiscount, referrerReward: v.referrerReward ?? null }))}
      noValidate
      className="space-y-4"
    >
      <p className="text-sm text-slate-600">
        What does a friend get when one of your clients refers them, and what does your client get when that friend books? You can change both any
        time in Settings.
      </p>
      {loadFailed && (
        <p role="alert" className="text-sm text-red-600">
          Failed to load your current reward. You can still enter one.
        </p>
      )}
      <FormField
        id={id}
        label="Referral reward"
        maxLength={50}
        error={error}
        hint={
          value.trim() &&
          !error && (
            <p className="text-sm text-slate-600" data-testid="reward-example">
              Your texts will say: “Share your link with friends and they&apos;ll get {rewardPhrase(value)} when they book.”
            </p>
          )
        }
        {...form.register('referralDiscount')}
      />
      <div>
        <p className="text-sm font-medium text-slate-700" id={`${id}-ideas`}>
          Popular ideas
        </p>
        <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={`${id}-ideas`}>
          {REWARD_PRESETS.map((preset) => (
            <li key={preset}>
              <button
                type="button"
                aria-pressed={value === preset}
                onClick={() => {
                  form.setValue('referralDiscount', preset);
                  form.clearErrors();
                }}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  value === preset ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-brand-300',
                )}
              >
                <Gift className="size-3.5" aria-hidden="true" />
                {preset}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <FormField
        id={`${id}-referrer`}
        label="Reward for the client who referred them"
        optional
        maxLength={50}
        error={form.formState.errors.referrerReward?.message}
        hint={<p className="text-sm text-slate-600">Leave it empty if you don&apos;t offer one: the referral page then promises your client nothing.</p>}
        {...form.register('referrerReward')}
      />
    </form>
  );
}
