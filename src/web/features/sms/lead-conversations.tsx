import { useQuery } from '@tanstack/react-query';
import type { SmsLeadConversation } from '../../../shared/schemas/sms-inbox';
import { Badge } from '../../components/ui/badge';
import { LeadReply } from '../../components/sms/lead-reply';
import { ThreadCard } from './conversation-card';
import { apiQuery } from '../../lib/api-query';

/**
 * Leads who texted (or were texted) and are no client yet (docs/sms-inbox.md, "Leads"): their threads above the
 * clients', answered through the lead's own text call, so the reply is in the lead's communications too.
 */
export function LeadConversations() {
  const { data } = useQuery({ ...apiQuery('GET /api/sms/lead-conversations'), refetchOnMount: 'always' });
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
