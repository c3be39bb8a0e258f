import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type BusinessProfile, type BusinessSettingsResponse, googleReviewLinkSchema } from '../../../shared/schemas/business';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorMessage } from '../../lib/api';
import { SESSION_URL } from '../../lib/auth';
import { PROFILE_URL } from './data-step';
import { OUTREACH_URL } from './reward-step';

/** Step 5: the Google review link, checked as Settings checks it and saved with PUT /api/business/settings. */
export function ReviewLinkStep({ formId, onSaved, onBusy }: { formId: string; onSaved: () => void; onBusy: (busy: boolean) => void }) {
  const qc = useQueryClient();
  const id = useId();
  const profile = useQuery<BusinessProfile>({ queryKey: [PROFILE_URL] });
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<string>();
  const saved = profile.data?.googleReviewLink ?? '';
  const value = link ?? saved;

  const save = useMutation({
    mutationFn: (googleReviewLink: string | null) => apiJson<BusinessSettingsResponse>('PUT', '/api/business/settings', { googleReviewLink }),
    onSuccess: async () => {
      toast({ title: 'Review Link Saved', description: 'Review requests will send clients to this link.' });
      await Promise.all([PROFILE_URL, SESSION_URL, OUTREACH_URL].map((key) => qc.invalidateQueries({ queryKey: [key] })));
      onSaved();
    },
    onError: (e) => toast({ title: 'Save Failed', description: errorMessage(e, 'Failed to save Google review link'), variant: 'destructive' }),
  });
  useEffect(() => onBusy(save.isPending), [save.isPending, onBusy]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = googleReviewLinkSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    // Nothing new to save (left empty, or the link already saved): just move on.
    if ((parsed.data ?? '') === saved) return onSaved();
    save.mutate(parsed.data);
  };

  if (profile.isPending) return <Skeleton className="h-32 w-full" />;

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Happy clients can leave you a 5-star review straight from a text. Paste the review link from your Google Business Profile.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={id}>Google review link</Label>
        <Input
          id={id}
          type="url"
          inputMode="url"
          placeholder="https://g.page/r/your-business/review"
          value={value}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => setLink(e.target.value)}
        />
        <FieldError id={`${id}-error`} message={error} />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          In Google, search for your business, choose &ldquo;Ask for reviews&rdquo; (or &ldquo;Share review form&rdquo;) and copy the link.
        </p>
      </div>
    </form>
  );
}
