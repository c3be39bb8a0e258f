import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPhone } from '../../../shared/format';
import { apiJson, errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { refreshMessaging, useClientsForBulk } from './use-sms';

/**
 * Only with the local SMS simulator (no Twilio account): the owner plays a client's text, which arrives
 * exactly as a real reply would (POST /api/sms/simulate-inbound), so the product can be tried offline.
 */
export function SimulatorPanel() {
  const qc = useQueryClient();
  const clients = useClientsForBulk();
  const withPhone = (clients.data ?? []).filter((c) => c.phone);
  const [clientId, setClientId] = useState<string>('');
  const [message, setMessage] = useState('');
  const id = useId();
  const play = useMutation({
    mutationFn: (input: { clientId: number; message: string }) => apiJson<unknown>('POST', '/api/sms/simulate-inbound', input),
    onSuccess: () => {
      toast({ title: 'Reply received', description: 'The client’s text is in Conversations, unread.' });
      setMessage('');
      void refreshMessaging(qc);
    },
    onError: (error) => toast({ title: 'The reply was not played', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });

  if (withPhone.length === 0) return null;
  const canPlay = !!clientId && message.trim().length > 0 && !play.isPending;

  return (
    <details className="rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-4" data-testid="simulator-panel">
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-amber-900">
        <FlaskConical className="size-4" aria-hidden="true" />
        Local SMS simulator: play a client’s reply
      </summary>
      <p className="mt-2 text-sm text-amber-900/80">No texts leave this machine. A played reply arrives as if the client had texted your number.</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (canPlay) play.mutate({ clientId: Number(clientId), message: message.trim() });
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-client`}>Client</Label>
          <Select value={clientId} onValueChange={setClientId}>
            <SelectTrigger id={`${id}-client`} className="bg-white">
              <SelectValue placeholder="Choose a client" />
            </SelectTrigger>
            <SelectContent>
              {withPhone.map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.name} · {formatPhone(c.phone)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-msg`}>Their text</Label>
          <Input id={`${id}-msg`} className="bg-white" value={message} placeholder="Thanks! See you next week." onChange={(e) => setMessage(e.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={!canPlay}>
          {play.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Play reply
        </Button>
      </form>
    </details>
  );
}
