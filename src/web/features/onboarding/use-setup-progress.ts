import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupProgressInput } from '../../../shared/schemas/onboarding';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';


export const useSetupProgress = () => useQuery(apiQuery('GET /api/setup/progress'));

/** Saves the step the owner is on; the reply is the server's progress. */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupProgressInput) => callApi('PUT /api/setup/progress', { body: input }),
    onSuccess: (progress) => qc.setQueryData(apiQuery('GET /api/setup/progress').queryKey, progress),
  });
}
