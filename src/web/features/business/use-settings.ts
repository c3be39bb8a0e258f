import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfileUpdateInput } from '../../../shared/schemas/business';
import type { OutreachSettingsInput } from '../../../shared/schemas/sms';
import { SESSION_URL } from '../../lib/auth';
import { PROFILE_KEY, saveReviewLink } from '../../lib/query-keys/business';
import { OUTREACH_SETTINGS_KEY, TEMPLATES_KEY } from '../../lib/query-keys/sms';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

// The Settings screen's reads and writes (docs/settings.md).


export const useProfile = () => useQuery(apiQuery('GET /api/business/profile'));
export const useOutreachSettings = () => useQuery(apiQuery('GET /api/outreach/settings'));
export const useSmsUsage = () => useQuery(apiQuery('GET /api/sms/usage'));

/** After a save: the profile and the session (the sidebar's name and e-mail) read afresh. */
function useRefreshBusiness() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [PROFILE_KEY] }),
      qc.invalidateQueries({ queryKey: [SESSION_URL] }),
      qc.invalidateQueries({ queryKey: [OUTREACH_SETTINGS_KEY] }),
    ]);
}

export function useSaveProfile() {
  const refresh = useRefreshBusiness();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: BusinessProfileUpdateInput) => callApi('PATCH /api/business/profile', { body: values }),
    onSuccess: async (profile) => {
      qc.setQueryData(apiQuery('GET /api/business/profile').queryKey, profile);
      await refresh();
    },
  });
}

export function useSaveReviewLink() {
  const refresh = useRefreshBusiness();
  return useMutation({
    mutationFn: saveReviewLink,
    onSuccess: () => refresh(),
  });
}

export function useSaveTemplates() {
  const refresh = useRefreshBusiness();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: OutreachSettingsInput) => callApi('POST /api/outreach/settings', { body: values }),
    onSuccess: async () => {
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: [TEMPLATES_KEY] })]);
    },
  });
}

export function useRegenerateWebhook() {
  const refresh = useRefreshBusiness();
  return useMutation({
    mutationFn: () => callApi('POST /api/business/webhook/regenerate'),
    onSuccess: () => refresh(),
  });
}

export const deleteAccount = () => callApi('DELETE /api/business/account');
