import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../../shared/schemas/accounts-credentials';
import { Button } from '../../components/ui/button';
import { AuthLayout } from './auth-layout';
import { FormField } from '../../components/form-field';
import { toastFailure } from '../../lib/toast-failure';
import { SubmitButton } from '../../components/form-actions';
import { callApi } from '../../lib/api-client';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const request = useMutation({
    mutationFn: (values: ForgotPasswordInput) => callApi('POST /api/auth/forgot-password', { body: values }),
    onSuccess: (_reply, values) => setSentTo(values.email),
    onError: (error) => toastFailure('Error', error, 'Failed to send reset link. Please try again.'),
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <div className="space-y-5 text-center">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-50 text-green-600">
            <MailCheck className="size-6" aria-hidden="true" />
          </div>
          <p className="text-sm text-slate-600">
            If an account exists for <span className="font-medium text-slate-900">{sentTo}</span>, we&apos;ve sent a link to
            reset your password. The link works for 1 hour.
          </p>
          <Button asChild className="w-full">
            <Link to="/login">Back to Login</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to reset it."
      footer={
        <Link to="/login" className="font-medium text-brand-600 hover:underline">
          Back to Login
        </Link>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-4">
        <FormField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <SubmitButton pending={request.isPending} label='Send Reset Link' pendingLabel='Sending...' />
      </form>
    </AuthLayout>
  );
}
