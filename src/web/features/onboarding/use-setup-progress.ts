import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupProgress, SetupProgressInput } from '../../../shared/schemas/onboarding';
import { apiJson } from '../../lib/api';
import { SETUP_PROGRESS_KEY } from '../../lib/query-keys/onboarding';


export const useSetupProgress = () => useQuery<SetupProgress>({ queryKey: [SETUP_PROGRESS_KEY] });

/** Saves the step the owner is on; the reply is the server's progress. */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupProgressInput) => apiJson<SetupProgress>('PUT', SETUP_PROGRESS_KEY, input),
    onSuccess: (progress) => qc.setQueryData([SETUP_PROGRESS_KEY], progress),
  });
}
