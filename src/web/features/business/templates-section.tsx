import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { outreachSettingsInputSchema, type OutreachSettings } from '../../../shared/schemas/sms';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { describedBy, FormRow } from './form-row';
import { NotSet, ReadOnlyField, SectionCard } from './section-card';
import { useEditMode } from './use-edit-mode';
import { useOutreachSettings, useSaveTemplates } from './use-settings';

const FORM_ID = 'settings-templates-form';
// The same rules as POST /api/outreach/settings (the spec's 10-character minimums and 'Referral discount is required').
const schema = outreachSettingsInputSchema.pick({ referralDiscount: true, referrerReward: true, customMessages: true });

const MESSAGES = [
  { key: 'referral', label: 'Referral Message' },
  { key: 'thankYou', label: 'Thank You Message' },
  { key: 'followUp', label: 'Follow Up Message' },
  { key: 'review', label: 'Review Request Message' },
] as const;

type Values = { referralDiscount: string; referrerReward: string; customMessages: OutreachSettings['customMessages'] };
const valuesOf = (s: OutreachSettings): Values => ({ referralDiscount: s.referralDiscount, referrerReward: s.referrerReward ?? '', customMessages: { ...s.customMessages } });

export function TemplatesSection() {
  const settings = useOutreachSettings();
  const save = useSaveTemplates();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: settings.data ? valuesOf(settings.data) : undefined });
  const errors = form.formState.errors;
  const { editing, edit, cancel, done } = useEditMode(form, settings.data ? valuesOf(settings.data) : undefined);
  const submit = form.handleSubmit((values) =>
    // The review link is its own section: the templates keep whatever it holds.
    save.mutate(
      { ...values, googleReviewLink: settings.data?.googleReviewLink ?? null },
      {
        onSuccess: () => {
          done();
          toast({ title: 'SMS templates saved', description: 'Your messages and referral discount were updated.' });
        },
        onError: (error) => toast({ title: 'Update failed', description: errorMessage(error, 'Failed to update SMS settings'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <SectionCard
      title="SMS Message Templates"
      description={
        <>
          Placeholders: <code className="text-xs">{'{clientName}'}</code>, <code className="text-xs">{'{referralLink}'}</code>,{' '}
          <code className="text-xs">{'{referralDiscount}'}</code>, <code className="text-xs">{'{googleReviewLink}'}</code>
        </>
      }
      icon={MessageSquareText}
      edit={settings.data ? { editing, saving: save.isPending, formId: FORM_ID, onEdit: edit, onCancel: cancel, label: 'SMS Message Templates' } : undefined}
    >
      {settings.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : !settings.data ? (
        <p className="text-sm text-slate-500">Your SMS templates could not be loaded. Please refresh the page.</p>
      ) : editing ? (
        <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
          <FormRow id="templates-discount" label="Referral Discount" error={errors.referralDiscount?.message} hint="What a referred friend gets, e.g. $25">
            <Input id="templates-discount" className="sm:max-w-xs" {...describedBy('templates-discount', errors.referralDiscount?.message, true)} {...form.register('referralDiscount')} />
          </FormRow>
          <FormRow
            id="templates-referrer-reward"
            label="Referrer Reward"
            error={errors.referrerReward?.message}
            hint="What your client gets when a friend they referred books, e.g. $25. Leave it empty if you don't offer one: the referral page then promises nothing."
          >
            <Input
              id="templates-referrer-reward"
              className="sm:max-w-xs"
              {...describedBy('templates-referrer-reward', errors.referrerReward?.message, true)}
              {...form.register('referrerReward')}
            />
          </FormRow>
          {MESSAGES.map(({ key, label }) => {
            const id = `templates-${key}`;
            const error = errors.customMessages?.[key]?.message ?? (key === 'referral' ? errors.customMessages?.message : undefined);
            return (
              <FormRow key={key} id={id} label={label} error={error}>
                <Textarea id={id} rows={3} className="field-sizing-content" {...describedBy(id, error)} {...form.register(`customMessages.${key}`)} />
              </FormRow>
            );
          })}
        </form>
      ) : (
        <dl className="space-y-4">
          <ReadOnlyField label="Referral Discount">{settings.data.referralDiscount}</ReadOnlyField>
          <ReadOnlyField label="Referrer Reward">{settings.data.referrerReward ?? <NotSet />}</ReadOnlyField>
          {MESSAGES.map(({ key, label }) => (
            <ReadOnlyField key={key} label={label}>
              <span className="whitespace-pre-wrap">{settings.data!.customMessages[key]}</span>
            </ReadOnlyField>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}
