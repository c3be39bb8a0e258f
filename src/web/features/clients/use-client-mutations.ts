import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import type { AddClientInput, SendGiftInput, SendThanksInput } from './types';
import { refreshClients, refreshClientsAndStats } from '../../lib/query-keys/clients';
import { sendFailureToast } from './send-failure-toast';
import { callApi } from '../../lib/api-client';

export function useSendThanks(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendThanksInput) => callApi('POST /api/admin/send-thanks', { body: input }),
    // "sent" only when it went; at a closed hour for the client the server's "...scheduled for 8:00 am their time".
    onSuccess: (res) => {
      toast({ title: res.scheduled ? res.message : 'Thank you message sent!' });
      void refreshClients(qc);
      onDone();
    },
    onError: (error) => sendFailureToast('Failed to send message', error),
  });
}

export function useSendGift(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendGiftInput) => callApi('POST /api/admin/send-gift', { body: input }),
    onSuccess: (res) => {
      toast({ title: res.scheduled ? res.message : 'Gift sent successfully!' });
      void refreshClients(qc);
      onDone();
    },
    onError: (error) => sendFailureToast('Failed to send gift', error, 'Something went wrong. Please try again.'),
  });
}

export function useAddClient(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AddClientInput) => callApi('POST /api/clients', { body: input }),
    onSuccess: (res) => {
      toast({ title: 'Client Added', description: res?.client?.name ? `${res.client.name} was added to your clients.` : undefined });
      void refreshClientsAndStats(qc);
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to add client'), variant: 'destructive' }),
  });
}
