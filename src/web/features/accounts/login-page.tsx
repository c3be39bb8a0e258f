import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginInput } from '../../../shared/schemas/accounts-credentials';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import { HOME_PATH, safeReturnPath } from '../../lib/session-expiry';
import { AuthLayout } from './auth-layout';
import { FormField } from '../../components/form-field';
import { toastFailure } from '../../lib/toast-failure';
import { SubmitButton } from '../../components/form-actions';
import { callApi } from '../../lib/api-client';
import type { ApiReply } from '../../lib/api-client';
import { LoginCodeStep } from './login-code-step';

type AuthResponse = ApiReply<'POST /api/auth/login/code'>;

// The form's check (zod and the body schema) loads when the visitor first focuses the form, not with the page.
const loadResolver = () => import('./login-resolver');
const prefetchResolver = () => void loadResolver().catch(() => undefined);
const resolver: Resolver<LoginInput> = async (values, context, options) => (await loadResolver()).loginResolver(values, context, options);

export function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // After a session ended, sign-in says so and returns to the page the owner was on.
  // Shown after the first render: the prerendered sign-in page it hydrates has no notice.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const expired = mounted && params.get('session') === 'expired';
  const returnTo = safeReturnPath(params.get('next')) ?? HOME_PATH;
  // No default values: react-hook-form then takes each field's value from the page as it finds it, so what was
  // typed (or filled in by a password manager) into the prerendered form before the app took over is kept.
  const form = useForm<LoginInput>({ resolver });
  const { errors } = form.formState;

  // With two-factor on, the password answers a challenge for the code step (docs/accounts.md, "Two-factor sign-in").
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = ({ business, person }: AuthResponse) => {
    toast({ title: 'Welcome back!' });
    signIn(business, person);
    navigate(returnTo, { replace: true });
  };
  const login = useMutation({
    mutationFn: (values: LoginInput) => callApi('POST /api/auth/login', { body: values }),
    onSuccess: (reply) => ('challenge' in reply ? setChallenge(reply.challenge) : signedIn(reply)),
    onError: (error) => toastFailure('Login failed', error, 'Invalid credentials. Please try again.'),
  });

  if (challenge) {
    return (
      <AuthLayout title="Two-factor sign-in" description="Enter the 6-digit code from your authenticator app.">
        <LoginCodeStep challenge={challenge} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to see your referrals, leads and clients."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-medium text-brand-600 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {expired && (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your session has ended. Please sign in again to continue where you left off.
        </p>
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} onFocus={prefetchResolver} className="space-y-4">
        <FormField id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <FormField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          aside={
            <Link to="/forgot-password" className="text-sm font-medium text-brand-600 hover:underline">
              Forgot your password?
            </Link>
          }
          {...form.register('password')}
        />
        {/* Disabled until hydrated: the prerendered form must not submit natively (a GET would put the password in the URL). */}
        <SubmitButton pending={login.isPending} label='Sign In' pendingLabel='Signing in...' disabled={!mounted} />
      </form>
    </AuthLayout>
  );
}
