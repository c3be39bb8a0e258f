import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { callApi } from '../../lib/api-client';
import { errorMessage } from '../../lib/api';
import { RecoveryCodes } from './recovery-codes';
import { refreshTwoFactor } from './use-two-factor';

/** Two-factor is on: turn it off or get new recovery codes, each after the password or a code. */
export function ManageTwoFactor({ codesLeft, requiredByBusiness }: { codesLeft: number; requiredByBusiness: boolean }) {
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);
  // Six digits or a recovery code is a code; anything else is the password.
  const body = () => (/^[\d\s]{6,7}$|^[a-z2-7]{4}(-?[a-z2-7]{4}){3}$/i.test(proof.trim()) ? { code: proof } : { password: proof });
  const onError = (e: unknown) => setError(errorMessage(e, 'That did not work. Please try again.'));

  const turnOff = useMutation({
    mutationFn: () => callApi('POST /api/two-factor/disable', { body: body() }),
    onSuccess: async (reply) => {
      toast({ title: reply.message });
      await refreshTwoFactor();
    },
    onError,
  });
  const renew = useMutation({
    mutationFn: () => callApi('POST /api/two-factor/recovery-codes', { body: body() }),
    onSuccess: (reply) => {
      setProof('');
      setCodes(reply.recoveryCodes);
    },
    onError,
  });

  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void refreshTwoFactor();
        }}
      />
    );
  const busy = turnOff.isPending || renew.isPending;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        On. You sign in with your password and a code from your authenticator app. {codesLeft} of 10 recovery codes left.
      </p>
      <FormField
        id="two-factor-proof"
        label="Your password or a code"
        type="password"
        autoComplete="current-password"
        value={proof}
        onChange={(e) => setProof(e.target.value)}
        error={error}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" disabled={busy || !proof} onClick={() => (setError(undefined), renew.mutate())}>
          New recovery codes
        </Button>
        {!requiredByBusiness && (
          <Button variant="outline" disabled={busy || !proof} onClick={() => (setError(undefined), turnOff.mutate())}>
            Turn off
          </Button>
        )}
      </div>
      {requiredByBusiness && <p className="text-sm text-slate-500">Your business requires two-factor sign-in, so it stays on.</p>}
    </div>
  );
}
