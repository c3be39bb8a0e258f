import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { signupSchema, type SignupInput } from '../../../shared/schemas/auth';
import { dismiss } from '../../components/ui/use-toast';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { useAuth } from '../../lib/auth';
import { AuthLayout } from './auth-layout';
import { FormField } from '../../components/form-field';
import { toastFailure } from '../../lib/toast-failure';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../components/form-actions';
import { callApi } from '../../lib/api-client';

export function SignupPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const signup = useMutation({
    mutationFn: (values: SignupInput) => callApi('POST /api/auth/signup', { body: { ...values, timeZone: browserTimeZone() } }),
    onSuccess: ({ business, person }) => {
      // An earlier attempt's "Signup failed" toast no longer applies.
      dismiss();
      signIn(business, person);
      navigate('/setup');
    },
    onError: (error) => toastFailure('Signup failed', error, 'Something went wrong. Please try again.'),
  });

  return (
    <AuthLayout
      title="Create your account"
      description="Start turning happy clients into referrers."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-600 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => signup.mutate(values))} className="space-y-4">
        <FormField id="name" label="Business name" autoComplete="organization" error={errors.name?.message} {...form.register('name')} />
        <FormField id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <NewPasswordFields
          password={form.register('password')}
          confirmPassword={form.register('confirmPassword')}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
          labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
        />
        <SubmitButton pending={signup.isPending} label='Create Account' pendingLabel='Creating Account...' />
      </form>
    </AuthLayout>
  );
}
