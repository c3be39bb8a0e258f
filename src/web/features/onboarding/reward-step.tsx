import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { REWARD_PRESETS } from '../../../shared/schemas/onboarding';
import { rewardPhrase } from '../../../shared/sms-template';
import { type OutreachSettings, outreachSettingsInputSchema } from '../../../shared/schemas/sms';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { initialReward } from './reward';

export const OUTREACH_URL = '/api/outreach/settings';
const rewardSchema = outreachSettingsInputSchema.shape.referralDiscount;


/**
 * Step 4: the reward a client's friend gets, saved to outreach settings' referralDiscount. The POST takes
 * the whole settings object, so it sends back what it read with the reward changed.
 */
export function RewardStep({ formId, onSaved, onBusy }: { formId: string; onSaved: () => void; onBusy: (busy: boolean) => void }) {
  const qc = useQueryClient();
  const id = useId();
  const settings = useQuery<OutreachSettings>({ queryKey: [OUTREACH_URL] });
  const [reward, setReward] = useState<string>();
  const [error, setError] = useState<string>();
  const value = reward ?? (settings.data ? initialReward(settings.data.referralDiscount) : '');

  const save = useMutation({
    mutationFn: async (referralDiscount: string) => {
      const current = await apiJson<OutreachSettings>('GET', OUTREACH_URL);
      return apiJson<OutreachSettings>('POST', OUTREACH_URL, {
        referralDiscount,
        googleReviewLink: current.googleReviewLink,
        customMessages: current.customMessages,
      });
    },
    onSuccess: (saved) => {
      qc.setQueryData([OUTREACH_URL], { ...saved });
      onSaved();
    },
    onError: (e) => toast({ title: 'Save Failed', description: errorMessage(e, 'Failed to save referral reward'), variant: 'destructive' }),
  });
  useEffect(() => onBusy(save.isPending), [save.isPending, onBusy]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = rewardSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (settings.data && parsed.data === settings.data.referralDiscount) return onSaved();
    save.mutate(parsed.data);
  };

  if (settings.isPending) return <Skeleton className="h-32 w-full" />;

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">What does a friend get when one of your clients refers them? You can change it any time in Settings.</p>
      {settings.isError && (
        <p role="alert" className="text-sm text-red-600">
          Failed to load your current reward. You can still enter one.
        </p>
      )}
      <div className="space-y-1.5">
        <Label htmlFor={id}>Referral reward</Label>
        <Input
          id={id}
          value={value}
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setReward(e.target.value)}
        />
        <FieldError id={`${id}-error`} message={error} />
        {value.trim() && !error && (
          <p className="text-sm text-slate-600" data-testid="reward-example">
            Your texts will say: “Share your link with friends and they&apos;ll get {rewardPhrase(value)} when they book.”
          </p>
        )}
      </div>
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
                  setReward(preset);
                  setError(undefined);
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
    </form>
  );
}
