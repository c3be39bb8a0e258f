import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../shared/schemas/sms';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { refreshMessaging, sendFollowUpSms } from '../../lib/query-keys/sms';
import { apiQuery } from '../../lib/api-query';


/** Read afresh each time the screen opens (bookings also arrive by webhook and Add Client); the last answer shows meanwhile. */
export const useInsights = () => useQuery({ ...apiQuery('GET /api/insights'), staleTime: 0 });

/**
 * The follow-up text for a loyal client who is overdue (docs/insights.md): the business's own follow-up
 * template once they wrote one; the stock template speaks to a referred friend about their first
 * service, so until then this check-in is used. Placeholders are filled in by the server when it sends.
 */
export const DEFAULT_INSIGHTS_FOLLOW_UP =
  "Hi {clientName}, it's been a while! We'd love to see you again. Reply to this text to book your next visit with {businessName}.";

export function useFollowUpText(): { text: string; loading: boolean } {
  const q = useQuery(apiQuery('GET /api/outreach/settings'));
  const own = q.data?.customMessages?.followUp?.trim();
  const text = own && own !== DEFAULT_CUSTOM_MESSAGES.followUp ? own : DEFAULT_INSIGHTS_FOLLOW_UP;
  return { text, loading: q.isLoading };
}

/** POST /api/outreach/send-sms (followUp). The success toast only once the server answered that it sent (or scheduled it for the client's hours). */
export function useSendFollowUp(onSent: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendFollowUpSms,
    onSuccess: (res) => {
      toast({ title: res.scheduled ? 'Follow-up scheduled' : 'Follow-up sent', description: res.message });
      onSent();
      void refreshMessaging(qc);
    },
    onError: (error) => {
      // The server's sentence when it refused (4xx) or the provider failed (502); otherwise the spec's fallback.
      const said = error instanceof ApiError && (error.status < 500 || error.status === 502) ? error.serverMessage : undefined;
      toast({ title: 'Failed to send SMS', description: said ?? 'There was an error sending the message.', variant: 'destructive' });
    },
  });
}
