import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiReply } from '../../lib/api-client';
import { TWO_FACTOR_MESSAGES } from '../../../shared/schemas/two-factor';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/form-actions';
import { Button } from '../../components/ui/button';
import { callApi } from '../../lib/api-client';
import { errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';

type AuthResponse = ApiReply<'POST /api/auth/login/code'>;

/** Sign-in's second step: a code from the app or a recovery code, sent with the password step's challenge. */
export function LoginCodeStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (reply: AuthResponse) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({
    mutationFn: () => callApi('POST /api/auth/login/code', { body: { challenge, code } }),
    onSuccess: onSignedIn,
    onError: (e) => {
      const message = errorMessage(e, 'That code is not right. Please try again.');
      if (message !== TWO_FACTOR_MESSAGES.challengeExpired) return setError(message);
      toast({ title: message, variant: 'destructive' });
      onRestart();
    },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        verify.mutate();
      }}
    >
      <FormField
        id="code"
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        hint={<p className="text-xs text-slate-500">Lost your phone? Enter one of your recovery codes instead.</p>}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <SubmitButton pending={verify.isPending} label="Verify" pendingLabel="Verifying..." />
      <Button type="button" variant="link" className="w-full" onClick={onRestart}>
        Back to sign in
      </Button>
    </form>
  );
}
