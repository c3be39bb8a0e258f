import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { resetPasswordSchema, type ResetPasswordInput } from '../../../shared/schemas/auth';
import { NewPasswordFields } from './new-password-fields';
import { toastFailure } from '../../lib/toast-failure';
import { SubmitButton } from '../../components/form-actions';
import { callApi } from '../../lib/api-client';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const reset = useMutation({
    mutationFn: (values: ResetPasswordInput) => callApi('POST /api/auth/reset-password', { body: values }),
    onSuccess: onDone,
    onError: (error) => toastFailure('Error', error, 'Failed to reset password. Please try again.'),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="space-y-4">
      {errors.token?.message && <p className="text-sm text-red-600">{errors.token.message}</p>}
      <NewPasswordFields
        reveal
        password={form.register('password')}
        confirmPassword={form.register('confirmPassword')}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
      />
      <SubmitButton pending={reset.isPending} label='Reset Password' pendingLabel='Resetting...' />
    </form>
  );
}
