import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/use-toast';
import { errorMessage } from './api';
import { markRead, refreshMessaging, replyToClient } from './query-keys/sms';

// Replying to a client and marking texts read, shared by SMS Management's conversations and the Activity
// Dashboard's unread replies. After either, every screen's view of the texts is refreshed.


/** POST /api/sms/reply. The toast says sent only once the server answered that it was ("Reply scheduled for …" when it waits for the client's hours). */
export function useReply(onSent: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: replyToClient,
    onSuccess: (res) => {
      toast({ title: res.scheduled ? res.message : 'Reply sent successfully' });
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
    mutationFn: markRead,
    onSuccess: () => void refreshMessaging(qc),
    onError: (error) => toast({ title: 'Failed to mark as read', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
