import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { ListState } from '../../components/list-state';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { callApi } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { toastFailure } from '../../lib/toast-failure';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ManageTwoFactor } from './manage-two-factor';
import { TwoFactorSetup } from './two-factor-setup';
import { refreshTwoFactor, useTwoFactorStatus } from './use-two-factor';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Owners: everyone must sign in with a second factor, or each person decides. */
function RequirementCard({ required, ownerHasIt }: { required: boolean; ownerHasIt: boolean }) {
  const save = useMutation({
    mutationFn: (next: boolean) => callApi('PUT /api/two-factor/requirement', { body: { required: next } }),
    onSuccess: async (reply) => {
      toast({ title: reply.message });
      await refreshTwoFactor();
    },
    onError: (e) => toastFailure('Not saved', e, 'The setting could not be saved.'),
  });
  return (
    <Section title="Require two-factor for everyone" description="Each person of your business must set up a second factor at their next sign-in.">
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{required ? 'Required for everyone.' : 'Not required: each person decides.'}</p>
        {!ownerHasIt && !required && <p className="text-sm text-slate-500">Turn on two-factor sign-in for yourself first.</p>}
        <Button variant={required ? 'outline' : 'default'} disabled={save.isPending || (!ownerHasIt && !required)} onClick={() => save.mutate(!required)}>
          {required ? 'Stop requiring it' : 'Require for everyone'}
        </Button>
      </div>
    </Section>
  );
}

// Sign-in security, for every person (docs/accounts.md, "Two-factor sign-in").
export function SecurityPage() {
  const status = useTwoFactorStatus();
  const { can } = useAuth();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Sign-in security" description="Protect your sign-in with a code from your phone." />
      <ListState loading={status.isLoading} failed={status.isError} errorText="Your sign-in security could not be loaded." empty={false} emptyContent={null} rows={2}>
        {() =>
          status.data && (
        <div className="space-y-6">
          <Section title="Two-factor sign-in" description="After your password, enter a 6-digit code from an authenticator app.">
            {status.data.enabled ? (
              <ManageTwoFactor codesLeft={status.data.recoveryCodesLeft} requiredByBusiness={status.data.requiredByBusiness} />
            ) : (
              <TwoFactorSetup onDone={() => void refreshTwoFactor()} />
            )}
          </Section>
          {can('owner') && <RequirementCard required={status.data.requiredByBusiness} ownerHasIt={status.data.enabled} />}
        </div>
          )
        }
      </ListState>
    </div>
  );
}
