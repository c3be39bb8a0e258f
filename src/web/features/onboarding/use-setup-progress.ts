import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupProgress, SetupProgressInput } from '../../../shared/schemas/onboarding';
import { apiJson } from '../../lib/api';

export const PROGRESS_URL = '/api/setup/progress';

export const useSetupProgress = () => useQuery<SetupProgress>({ queryKey: [PROGRESS_URL] });

/** Saves the step the owner is on; the reply is the server's progress. */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupProgressInput) => apiJson<SetupProgress>('PUT', PROGRESS_URL, input),
    onSuccess: (progress) => qc.setQueryData([PROGRESS_URL], progress),
  });
}
