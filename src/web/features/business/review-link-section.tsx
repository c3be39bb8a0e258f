import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { businessSettingsSchema, GOOGLE_REVIEW_LINK_PREFIXES } from '../../../shared/schemas/business';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { describedBy, FormRow } from './form-row';
import { NotSet, ReadOnlyField, SectionCard } from './section-card';
import { useEditMode } from './use-edit-mode';
import { useSaveReviewLink } from './use-settings';

const FORM_ID = 'settings-review-link-form';

/** Google Review Link (PUT /api/business/settings): optional, one of Google's own link forms. */
export function ReviewLinkSection({ link }: { link: string | null }) {
  const save = useSaveReviewLink();
  const form = useForm({ resolver: zodResolver(businessSettingsSchema), defaultValues: { googleReviewLink: link ?? '' } });
  const error = form.formState.errors.googleReviewLink?.message;
  const { editing, edit, cancel, done } = useEditMode(form, { googleReviewLink: link ?? '' });
  const submit = form.handleSubmit((values) =>
    save.mutate(values.googleReviewLink ?? '', {
      onSuccess: (reply) => {
        done();
        toast({
          title: 'Review Link Saved',
          description: reply.googleReviewLink ? 'Review requests will link to it.' : 'The review link was removed.',
        });
      },
      onError: (err) => toast({ title: 'Save Failed', description: errorMessage(err, 'Failed to save Google review link'), variant: 'destructive' }),
    }),
  );

  return (
    <SectionCard
      title="Google Review Link"
      description="Where review request texts send your clients. Optional."
      icon={Star}
      edit={{ editing, saving: save.isPending, formId: FORM_ID, onEdit: edit, onCancel: cancel, label: 'Google Review Link' }}
    >
      {editing ? (
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <FormRow
            id="review-link"
            label="Google Review Link"
            error={error}
            hint={`Optional. Starts with ${GOOGLE_REVIEW_LINK_PREFIXES.join(', ')}. In your Google Business Profile, choose "Ask for reviews" to copy it.`}
          >
            <Input
              id="review-link"
              type="url"
              inputMode="url"
              placeholder="https://g.page/r/your-business/review"
              {...describedBy('review-link', error, true)}
              {...form.register('googleReviewLink')}
            />
          </FormRow>
        </form>
      ) : (
        <dl>
          <ReadOnlyField label="Google Review Link">
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline-offset-4 hover:underline">
                {link}
              </a>
            ) : (
              <NotSet />
            )}
          </ReadOnlyField>
        </dl>
      )}
    </SectionCard>
  );
}
