import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { SmsLeadConversation, SmsLeadConversations } from '../../../shared/schemas/sms-inbox';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { textLead } from '../../lib/query-keys/leads';
import { refreshMessaging } from '../../lib/query-keys/sms';
import { ThreadCard } from './conversation-card';
import { useSending } from '../../lib/use-sending';
import { LEAD_CONVERSATIONS_KEY } from '../../lib/query-keys/sms';


/**
 * Leads who texted (or were texted) and are no client yet (docs/sms-inbox.md, "Leads"): their threads above the
 * clients', answered through the lead's own text call, so the reply is in the lead's communications too.
 */
export function LeadConversations() {
  const { data } = useQuery<SmsLeadConversations>({ queryKey: [LEAD_CONVERSATIONS_KEY], refetchOnMount: 'always' });
  if (!data?.conversations.length) return null;
  return (
    <section aria-labelledby="lead-threads" className="space-y-2">
      <h2 id="lead-threads" className="text-sm font-semibold text-slate-900">
        Leads
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2" data-testid="lead-conversations">
        {data.conversations.map((c) => (
          <LeadConversationCard key={c.leadId} conversation={c} />
        ))}
      </ul>
    </section>
  );
}

function LeadConversationCard({ conversation: c }: { conversation: SmsLeadConversation }) {
  return (
    <ThreadCard
      testId="lead-conversation"
      name={c.lead.name}
      phone={c.lead.phone}
      thread={c}
      avatarClassName="bg-amber-100 text-amber-800"
      badge={<Badge variant="warning">Lead</Badge>}
      reply={<LeadReply leadId={c.leadId} name={c.lead.name} />}
    />
  );
}

function LeadReply({ leadId, name }: { leadId: number; name: string }) {
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
      className="flex items-end gap-2 border-t border-slate-100 p-4"
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
