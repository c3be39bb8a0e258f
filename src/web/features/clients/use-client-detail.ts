import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateClientInput } from '../../../shared/schemas/client-detail';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { refreshClients, refreshClientsAndStats } from '../../lib/query-keys/clients';
import { apiUrl, callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

export const clientDetailUrl = (id: number) => apiUrl('GET /api/clients/:id', { params: { id } });

export const useClientDetail = (id: number) => useQuery(apiQuery('GET /api/clients/:id', { params: { id } }));

/** The public referral page of a client, on this site. */
export const referralLink = (code: string) => `${window.location.origin}/refer?code=${encodeURIComponent(code)}`;

export function useDeleteClient(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (client: { id: number; name: string }) => callApi('DELETE /api/clients/:id', { params: { id: client.id } }),
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
    mutationFn: (input: UpdateClientInput) => callApi('PATCH /api/clients/:id', { params: { id }, body: input }),
    onSuccess: (detail) => {
      qc.setQueryData([clientDetailUrl(id)], detail);
      toast({ title: 'Client updated', description: `${detail.client.name}'s details were saved.` });
      void refreshClients(qc);
      onDone();
    },
    onError: (error) => toast({ title: 'Update failed', description: errorMessage(error, 'Failed to update client.'), variant: 'destructive' }),
  });
}
