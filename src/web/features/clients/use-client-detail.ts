import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientDeleted, ClientDetail, UpdateClientInput } from '../../../shared/schemas/client-detail';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorMessage } from '../../lib/api';
import { refreshClients, refreshClientsAndStats } from '../../lib/query-keys/clients';

export const clientDetailUrl = (id: number) => `/api/clients/${id}`;

export const useClientDetail = (id: number) => useQuery<ClientDetail>({ queryKey: [clientDetailUrl(id)] });

/** The public referral page of a client, on this site. */
export const referralLink = (code: string) => `${window.location.origin}/refer?code=${encodeURIComponent(code)}`;

export function useDeleteClient(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (client: { id: number; name: string }) => apiJson<ClientDeleted>('DELETE', clientDetailUrl(client.id)),
    onSuccess: (_res, client) => {
      toast({ title: 'Client deleted', description: `${client.name} and their bookings were removed.` });
      qc.removeQueries({ queryKey: [clientDetailUrl(client.id)] });
      void refreshClientsAndStats(qc);
      onDone();
    },
    onError: (error) => toast({ title: 'Delete failed', description: errorMessage(error, 'Failed to delete client.'), variant: 'destructive' }),
  });
}

/** Edit on the client view: PATCH, then the view shows the answer and the lists follow. */
export function useUpdateClient(id: number, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateClientInput) => apiJson<ClientDetail>('PATCH', clientDetailUrl(id), input),
    onSuccess: (detail) => {
      qc.setQueryData([clientDetailUrl(id)], detail);
      toast({ title: 'Client updated', description: `${detail.client.name}'s details were saved.` });
      void refreshClients(qc);
      onDone();
    },
    onError: (error) => toast({ title: 'Update failed', description: errorMessage(error, 'Failed to update client.'), variant: 'destructive' }),
  });
}
