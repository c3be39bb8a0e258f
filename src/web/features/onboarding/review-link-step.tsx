import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { businessSettingsSchema } from '../../../shared/schemas/business';
import { FormField } from '../../components/form-field';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { SESSION_URL } from '../../lib/auth';
import { PROFILE_KEY, saveReviewLink } from '../../lib/query-keys/business';
import { OUTREACH_SETTINGS_KEY } from '../../lib/query-keys/sms';
import { apiQuery } from '../../lib/api-query';

/** Step 5: the Google review link, checked as Settings checks it and saved with PUT /api/business/settings. */
export function ReviewLinkStep({ formId, onSaved, onBusy }: { formId: string; onSaved: () => void; onBusy: (busy: boolean) => void }) {
  const qc = useQueryClient();
  const profile = useQuery(apiQuery('GET /api/business/profile'));
  const saved = profile.data?.googleReviewLink ?? '';

  const save = useMutation({
    mutationFn: saveReviewLink,
    onSuccess: async () => {
      toast({ title: 'Review Link Saved', description: 'Review requests will send clients to this link.' });
      await Promise.all([PROFILE_KEY, SESSION_URL, OUTREACH_SETTINGS_KEY].map((key) => qc.invalidateQueries({ queryKey: [key] })));
      onSaved();
    },
    onError: (e) => toast({ title: 'Save Failed', description: errorMessage(e, 'Failed to save Google review link'), variant: 'destructive' }),
  });
  useEffect(() => onBusy(save.isPending), [save.isPending, onBusy]);

  if (profile.isPending) return <Skeleton className="h-32 w-full" />;
  return (
    <ReviewLinkForm
      formId={formId}
      saved={saved}
      // Nothing new to save (left empty, or the link already saved): just move on.
      onValid={(link) => ((link ?? '') === saved ? onSaved() : save.mutate(link))}
    />
  );
}

function ReviewLinkForm({ formId, saved, onValid }: { formId: string; saved: string; onValid: (link: string | null) => void }) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(businessSettingsSchema), defaultValues: { googleReviewLink: saved } });
  const error = form.formState.errors.googleReviewLink?.message;
  return (
    <form id={formId} onSubmit={form.handleSubmit((v) => onValid(v.googleReviewLink ?? null))} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Happy clients can leave you a 5-star review straight from a text. Paste the review link from your Google Business Profile.
      </p>
      <FormField
        id={id}
        label="Google review link"
        type="url"
        inputMode="url"
        placeholder="https://g.page/r/your-business/review"
        maxLength={500}
        error={error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        hint={
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            In Google, search for your business, choose &ldquo;Ask for reviews&rdquo; (or &ldquo;Share review form&rdquo;) and copy the link.
          </p>
        }
        {...form.register('googleReviewLink')}
      />
    </form>
  );
}
