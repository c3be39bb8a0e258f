import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, changePasswordSchema, type ChangePasswordInput } from '../../../shared/schemas/account-sessions';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import { errorMessage } from '../../lib/http';
import { toastFailure } from '../../lib/toast-failure';
import { SectionCard } from './section-card';

const empty: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Password: the current password and a new one; the person's other sessions end with the change. */
export function PasswordSection() {
  const qc = useQueryClient();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: (values: ChangePasswordInput) => callApi('POST /api/account/password', { body: values }),
    onSuccess: async ({ message }) => {
      form.reset(empty);
      toast({ title: 'Password changed', description: message });
      await qc.invalidateQueries({ queryKey: apiQuery('GET /api/account/sessions').queryKey });
    },
    onError: (error) => {
      const sentence = errorMessage(error, 'Your password could not be changed. Please try again.');
      if (sentence === ACCOUNT_MESSAGES.currentPasswordWrong) form.setError('currentPassword', { message: sentence }, { shouldFocus: true });
      else toastFailure('Password not changed', error, 'Your password could not be changed. Please try again.');
    },
  });
  return (
    <SectionCard title="Password" description="Changing it signs you out on every other device." icon={KeyRound}>
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} className="max-w-md space-y-4">
        <FormField id="current-password" label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
        <FormField id="new-password" label="New password" type="password" autoComplete="new-password" placeholder="Minimum 6 characters" error={errors.newPassword?.message} {...form.register('newPassword')} />
        <FormField id="confirm-new-password" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </SectionCard>
  );
}
