import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import type { Registration, RegistrationDetailsInput } from '../../../shared/schemas/sms-registration';
import { apiUrl } from '../../lib/api-client';

export const REGISTRATION_URL = apiUrl('GET /api/sms/registration');

type Saved = { success: true; message: string; registration: Registration };

/** The A2P registration; refreshed every 3 s while a step is under review (the server asks Twilio at most every 10 s). */
export const useRegistration = () =>
  useQuery<Registration>({
    queryKey: [REGISTRATION_URL],
    refetchInterval: (query) => (['submitted', 'pending'].includes(query.state.data?.status ?? '') ? 3_000 : false),
  });

export function useSubmitRegistration() {
  const qc = useQueryClient();
  const done = (saved: Saved) => qc.setQueryData([REGISTRATION_URL], saved.registration);
  return {
    submit: useMutation({ mutationFn: (details: RegistrationDetailsInput) => apiJson<Saved>('POST', REGISTRATION_URL, details), onSuccess: done }),
    existing: useMutation({ mutationFn: (messagingServiceSid: string) => apiJson<Saved>('POST', `${REGISTRATION_URL}/existing`, { messagingServiceSid }), onSuccess: done }),
  };
}
