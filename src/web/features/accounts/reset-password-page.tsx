import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Link2Off, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { AuthLayout } from './auth-layout';
import { ResetPasswordForm } from './reset-password-form';
import { apiQuery } from '../../lib/api-query';

function Notice({ icon, tone, children }: { icon: ReactNode; tone: 'brand' | 'red' | 'amber' | 'green'; children: ReactNode }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-600',
    red: 'bg-red-50 text-red-600',
    amber: 'bg-amber-50 text-amber-600',
    green: 'bg-green-50 text-green-600',
  };
  return (
    <div className="space-y-5 text-center">
      <div className={`mx-auto flex size-12 items-center justify-center rounded-full ${tones[tone]}`}>{icon}</div>
      {children}
    </div>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);

  const verify = useQuery({
    ...apiQuery('GET /api/auth/verify-reset-token/:token', { params: { token } }),
    enabled: token !== '' && !done,
    // A link is single-use: never answer from an earlier check.
    gcTime: 0,
  });

  if (!token) {
    return (
      <AuthLayout title="Invalid Reset Link">
        <Notice icon={<Link2Off className="size-6" aria-hidden="true" />} tone="red">
          <p className="text-sm text-slate-600">This password reset link is invalid or missing.</p>
          <Button asChild className="w-full">
            <Link to="/forgot-password">Request New Reset Link</Link>
          </Button>
        </Notice>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Password Reset">
        <Notice icon={<CheckCircle2 className="size-6" aria-hidden="true" />} tone="green">
          <p className="text-sm text-slate-600">Your password has been reset successfully!</p>
          <Button asChild className="w-full">
            <Link to="/login">Continue to Login</Link>
          </Button>
        </Notice>
      </AuthLayout>
    );
  }

  if (verify.isPending) {
    return (
      <AuthLayout title="Reset Password">
        <Notice icon={<Loader2 className="size-6 animate-spin" aria-hidden="true" />} tone="brand">
          <p role="status" className="text-sm text-slate-600">
            Verifying reset token...
          </p>
        </Notice>
      </AuthLayout>
    );
  }

  if (verify.isError || !verify.data?.valid) {
    return (
      <AuthLayout title="Link Expired">
        <Notice icon={<Clock className="size-6" aria-hidden="true" />} tone="amber">
          <p className="text-sm text-slate-600">This password reset link has expired or has already been used.</p>
          <Button asChild className="w-full">
            <Link to="/forgot-password">Request New Reset Link</Link>
          </Button>
        </Notice>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set a new password" description="Choose a password with at least 6 characters.">
      <ResetPasswordForm token={token} onDone={() => setDone(true)} />
    </AuthLayout>
  );
}
