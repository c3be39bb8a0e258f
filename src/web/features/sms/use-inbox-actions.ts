import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import { refreshMessaging } from './use-sms';

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

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageIds: number[]) => apiJson<unknown>('POST', '/api/sms/mark-read', { messageIds }),
    onSuccess: () => void refreshMessaging(qc),
    onError: (error) => toast({ title: 'Failed to mark as read', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
