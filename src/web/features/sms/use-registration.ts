import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationDetailsInput } from '../../../shared/schemas/sms-registration';
import { callApi, type ApiReply } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

const registrationQuery = () => apiQuery('GET /api/sms/registration');

/** The A2P registration; refreshed every 3 s while a step is under review (the server asks Twilio at most every 10 s). */
export const useRegistration = () =>
  useQuery({
    ...registrationQuery(),
    refetchInterval: (query) => (['submitted', 'pending'].includes(query.state.data?.status ?? '') ? 3_000 : false),
  });

export function useSubmitRegistration() {
  const qc = useQueryClient();
  const done = (saved: ApiReply<'POST /api/sms/registration'>) => qc.setQueryData(registrationQuery().queryKey, saved.registration);
  return {
    submit: useMutation({ mutationFn: (details: RegistrationDetailsInput) => callApi('POST /api/sms/registration', { body: details }), onSuccess: done }),
    existing: useMutation({ mutationFn: (messagingServiceSid: string) => callApi('POST /api/sms/registration/existing', { body: { messagingServiceSid } }), onSuccess: done }),
  };
}
