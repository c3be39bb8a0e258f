import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { businessProfileUpdateSchema, WEBSITE_EXAMPLE, type BusinessProfile } from '../../../shared/schemas/business';
import { TimeZonePicker } from '../../components/time-zone-picker';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { timeZoneLabel } from '../../lib/time-zones';
import { describedBy, FormRow } from './form-row';
import { NotSet, ReadOnlyField, SectionCard } from './section-card';
import { useEditMode } from './use-edit-mode';
import { useSaveProfile } from './use-settings';

const FORM_ID = 'settings-profile-form';

type Values = { name: string; email: string; websiteUrl: string; timeZone: string };
const valuesOf = (p: BusinessProfile): Values => ({ name: p.name, email: p.email, websiteUrl: p.websiteUrl ?? '', timeZone: p.timeZone });


export function ProfileSection({ profile }: { profile: BusinessProfile }) {
  const save = useSaveProfile();
  const form = useForm({ resolver: zodResolver(businessProfileUpdateSchema), defaultValues: valuesOf(profile) });
  const errors = form.formState.errors;
  const { editing, edit, cancel, done } = useEditMode(form, valuesOf(profile));
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        done();
        toast({ title: 'Profile updated', description: 'Your business profile was saved.' });
      },
      onError: (error) => toast({ title: 'Update failed', description: errorMessage(error, 'Failed to update profile'), variant: 'destructive' }),
    }),
  );

  return (
    <SectionCard
      title="Business Profile"
      description="Your business name, sign-in e-mail, website and time zone."
      icon={Building2}
      edit={{ editing, saving: save.isPending, formId: FORM_ID, onEdit: edit, onCancel: cancel, label: 'Business Profile' }}
    >
      {editing ? (
        <form id={FORM_ID} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <FormRow id="profile-name" label="Business Name" error={errors.name?.message}>
            <Input id="profile-name" autoComplete="organization" {...describedBy('profile-name', errors.name?.message)} {...form.register('name')} />
          </FormRow>
          <FormRow id="profile-email" label="Email" error={errors.email?.message} hint="You sign in with this address.">
            <Input id="profile-email" type="email" autoComplete="email" {...describedBy('profile-email', errors.email?.message, true)} {...form.register('email')} />
          </FormRow>
          <FormRow id="profile-website" label="Website" error={errors.websiteUrl?.message} hint={`Optional, e.g. ${WEBSITE_EXAMPLE}`}>
            <Input
              id="profile-website"
              type="url"
              inputMode="url"
              placeholder={WEBSITE_EXAMPLE}
              {...describedBy('profile-website', errors.websiteUrl?.message, true)}
              {...form.register('websiteUrl')}
            />
          </FormRow>
          <FormRow id="profile-time-zone" label="Time Zone" error={errors.timeZone?.message} hint="Type a city to search. Used for this week's figures, quiet hours and schedules.">
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <TimeZonePicker
                  id="profile-time-zone"
                  value={field.value ?? profile.timeZone}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={Boolean(errors.timeZone)}
                  {...describedBy('profile-time-zone', errors.timeZone?.message, true)}
                />
              )}
            />
          </FormRow>
        </form>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Business Name">{profile.name}</ReadOnlyField>
          <ReadOnlyField label="Email">{profile.email}</ReadOnlyField>
          <ReadOnlyField label="Website">
            {profile.websiteUrl ? (
              <a href={profile.websiteUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-4 hover:underline">
                {profile.websiteUrl}
              </a>
            ) : (
              <NotSet />
            )}
          </ReadOnlyField>
          <ReadOnlyField label="Time Zone">{timeZoneLabel(profile.timeZone)}</ReadOnlyField>
        </dl>
      )}
    </SectionCard>
  );
}
