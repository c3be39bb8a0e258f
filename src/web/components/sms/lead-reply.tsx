import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../ui/button';
import { Textarea } from '../ui/textarea';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/api';
import { textLead } from '../../lib/query-keys/leads';
import { refreshMessaging } from '../../lib/query-keys/sms';
import { useSending } from '../../lib/use-sending';

/**
 * The owner's answer to a lead who is no client yet, through the lead's own text call (docs/sms-inbox.md, "Leads"):
 * SMS Management's lead threads and the Activity dashboard's unread replies. Cleared only once the server sent it.
 */
export function LeadReply({ leadId, name, className }: { leadId: number; name: string; className?: string }) {
  const qc = useQueryClient();
  const [message, setMessage] = useState('');
  const id = useId();
  const mutation = useMutation({
    mutationFn: (text: string) => textLead(leadId, text),
    onSuccess: () => {
      setMessage('');
      toast({ title: 'SMS sent', description: `Your text to ${name} was sent.` });
      void refreshMessaging(qc);
    },
    onError: (error) => toast({ title: 'Failed to send SMS', description: errorMessage(error, 'The text was not sent. Please try again.'), variant: 'destructive' }),
  });
  const send = useSending(mutation.mutateAsync);
  return (
    <form
      className={className ?? 'flex items-end gap-2 border-t border-slate-100 p-4'}
      onSubmit={(e) => {
        e.preventDefault();
        if (message.trim()) send.send(message.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        Reply to {name}
      </label>
      <Textarea id={id} rows={2} placeholder={`Reply to ${name}`} value={message} onChange={(e) => setMessage(e.target.value)} />
      <Button type="submit" disabled={send.sending || !message.trim()} aria-label={`Send reply to ${name}`}>
        <Send aria-hidden="true" />
        {send.sending ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}
