import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPhone } from '../../../shared/format';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { refreshMessaging, useClientsForBulk } from './use-sms';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

/** Who may text in the simulator: a client or a lead with a phone, as the select's value ("client:12", "lead:7"). */
type Sender = { value: string; label: string };

/**
 * Only with the local SMS simulator (no Twilio account): the owner plays a client's or a lead's text, which arrives
 * exactly as a real reply would (POST /api/sms/simulate-inbound), so the product can be tried offline.
 */
export function SimulatorPanel() {
  const qc = useQueryClient();
  const clients = useClientsForBulk();
  // The newest 100 leads (the most one page holds): those with a phone may text.
  const leads = useQuery({ ...apiQuery('GET /api/leads', { query: { pageSize: 100 } }), select: (r) => ('count' in r ? undefined : r) });
  const clientSenders: Sender[] = (clients.data ?? []).filter((c) => c.phone).map((c) => ({ value: `client:${c.id}`, label: `${c.name} · ${formatPhone(c.phone)}` }));
  const leadSenders: Sender[] = (leads.data?.leads ?? []).filter((l) => l.phone).map((l) => ({ value: `lead:${l.id}`, label: `${l.name} · ${formatPhone(l.phone)} (lead)` }));
  const [sender, setSender] = useState<string>('');
  const [message, setMessage] = useState('');
  const id = useId();
  const play = useMutation({
    mutationFn: (input: { clientId: number; message: string } | { leadId: number; message: string }) => callApi('POST /api/sms/simulate-inbound', { body: input }),
    onSuccess: (_sms, input) => {
      toast({ title: 'Reply received', description: `The ${'leadId' in input ? 'lead' : 'client'}’s text is in Conversations, unread.` });
      setMessage('');
      void refreshMessaging(qc);
    },
    onError: (error) => toast({ title: 'The reply was not played', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });

  if (clientSenders.length === 0 && leadSenders.length === 0) return null;
  const canPlay = !!sender && message.trim().length > 0 && !play.isPending;

  return (
    <details className="rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-4" data-testid="simulator-panel">
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-amber-900">
        <FlaskConical className="size-4" aria-hidden="true" />
        Local SMS simulator: play a client’s or lead’s reply
      </summary>
      <p className="mt-2 text-sm text-amber-900/80">No texts leave this machine. A played reply arrives as if the client or lead had texted your number.</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canPlay) return;
          const [kind, id_] = sender.split(':');
          play.mutate(kind === 'lead' ? { leadId: Number(id_), message: message.trim() } : { clientId: Number(id_), message: message.trim() });
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-client`}>Client or lead</Label>
          <Select value={sender} onValueChange={setSender}>
            <SelectTrigger id={`${id}-client`} className="bg-white">
              <SelectValue placeholder="Choose a client or lead" />
            </SelectTrigger>
            <SelectContent>
              {[...clientSenders, ...leadSenders].map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
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
