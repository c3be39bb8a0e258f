import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/use-toast';
import { apiJson, errorMessage } from './api';

// Replying to a client and marking texts read, shared by SMS Management's conversations and the Activity
// Dashboard's unread replies. After either, every screen's view of the texts is refreshed.

/** Reads that change when a text goes out or is read: by URL prefix (each screen adds its own query string). */
const MESSAGING_READS = ['/api/sms/conversations', '/api/sms/lead-conversations', '/api/leads/', '/api/sms/messages', '/api/sms/usage', '/api/activities/replies', '/api/activities/feed'];

/** After a text went out or was read: the inbox, the history, the usage, the dashboard's panels and the unread badges. */
export const refreshMessaging = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && MESSAGING_READS.some((p) => (q.queryKey[0] as string).startsWith(p)) });

/** POST /api/sms/reply. The toast says sent only once the server answered that it was. */
export function useReply(onSent: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { clientId: number; message: string }) => apiJson<unknown>('POST', '/api/sms/reply', input),
    onSuccess: () => {
      toast({ title: 'Reply sent successfully' });
      onSent();
      void refreshMessaging(qc);
    },
    onError: (error) => toast({ title: 'Failed to send reply', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}

/** POST /api/sms/mark-read with the inbound messages' ids. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageIds: number[]) => apiJson<unknown>('POST', '/api/sms/mark-read', { messageIds }),
    onSuccess: () => void refreshMessaging(qc),
    onError: (error) => toast({ title: 'Failed to mark as read', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
