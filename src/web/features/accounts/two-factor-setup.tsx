import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { callApi, type ApiReply } from '../../lib/api-client';
import { errorMessage } from '../../lib/api';
import { toastFailure } from '../../lib/toast-failure';
import { RecoveryCodes } from './recovery-codes';

type Setup = ApiReply<'POST /api/two-factor/setup'>;

/** Groups of four, as apps show a key: easier to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Turning two-factor on: the QR code and the key, a code from the app, then the recovery codes once. */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const start = useMutation({
    mutationFn: () => callApi('POST /api/two-factor/setup'),
    onSuccess: (reply) => setSetup(reply),
    onError: (e) => toastFailure('Setup failed', e, 'Two-factor setup could not start. Please try again.'),
  });
  const enable = useMutation({
    mutationFn: () => callApi('POST /api/two-factor/enable', { body: { code } }),
    onSuccess: (reply) => {
      setCodes(reply.recoveryCodes);
      toast({ title: reply.message });
    },
    onError: (e) => setError(errorMessage(e, 'That code is not right. Please try again.')),
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup) {
    return (
      <Button onClick={() => start.mutate()} disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Set up two-factor sign-in'}
      </Button>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).</p>
      <img src={setup.qrCode} alt="QR code for your authenticator app" width={184} height={184} className="rounded-lg border border-slate-200 bg-white p-2" />
      <div className="space-y-1">
        <p className="text-sm text-slate-700">Can’t scan it? Enter this key in the app:</p>
        <code aria-label="Setup key" className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
          {grouped(setup.secret)}
        </code>
      </div>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          enable.mutate();
        }}
      >
        <FormField
          id="two-factor-setup-code"
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Checking…' : 'Turn on'}
        </Button>
      </form>
    </div>
  );
}
