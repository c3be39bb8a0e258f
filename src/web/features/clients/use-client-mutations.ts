import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import type { AddClientInput, Client, SendGiftInput, SendThanksInput } from './types';
import { refreshClients, refreshClientsAndStats } from '../../lib/query-keys/clients';
import { sendFailureToast } from './send-failure-toast';

export function useSendThanks(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendThanksInput) => apiJson<{ client: Client }>('POST', '/api/admin/send-thanks', input),
    onSuccess: () => {
      toast({ title: 'Thank you message sent!' });
      void refreshClients(qc);
      onDone();
    },
    onError: (error) => sendFailureToast('Failed to send message', error),
  });
}

export function useSendGift(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendGiftInput) => apiJson<{ client: Client }>('POST', '/api/admin/send-gift', input),
    onSuccess: () => {
      toast({ title: 'Gift sent successfully!' });
      void refreshClients(qc);
      onDone();
    },
    onError: (error) => sendFailureToast('Failed to send gift', error, 'Something went wrong. Please try again.'),
  });
}

export function useAddClient(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AddClientInput) => apiJson<{ client: Client }>('POST', '/api/clients', input),
    onSuccess: (res) => {
      toast({ title: 'Client Added', description: res?.client?.name ? `${res.client.name} was added to your clients.` : undefined });
      void refreshClientsAndStats(qc);
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to add client'), variant: 'destructive' }),
  });
}
