import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessActionResponse, BusinessProfile, BusinessProfileUpdateInput, BusinessSettingsResponse } from '../../../shared/schemas/business';
import type { OutreachSettings, OutreachSettingsInput, SmsUsage } from '../../../shared/schemas/sms';
import { apiJson, apiRequest } from '../../lib/api';
import { SESSION_URL } from '../../lib/auth';

// The Settings screen's reads and writes (docs/settings.md).

export const PROFILE_URL = '/api/business/profile';
export const OUTREACH_SETTINGS_URL = '/api/outreach/settings';
export const USAGE_URL = '/api/sms/usage';

export const useProfile = () => useQuery<BusinessProfile>({ queryKey: [PROFILE_URL] });
export const useOutreachSettings = () => useQuery<OutreachSettings>({ queryKey: [OUTREACH_SETTINGS_URL] });
export const useSmsUsage = () => useQuery<SmsUsage>({ queryKey: [USAGE_URL] });

/** After a save: the profile and the session (the sidebar's name and e-mail) read afresh. */
function useRefreshBusiness() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [PROFILE_URL] }),
      qc.invalidateQueries({ queryKey: [SESSION_URL] }),
      qc.invalidateQueries({ queryKey: [OUTREACH_SETTINGS_URL] }),
    ]);
}

export function useSaveProfile() {
  const refresh = useRefreshBusiness();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: BusinessProfileUpdateInput) => apiJson<BusinessProfile>('PATCH', PROFILE_URL, values),
    onSuccess: async (profile) => {
      qc.setQueryData([PROFILE_URL], profile);
      await refresh();
    },
  });
}

export function useSaveReviewLink() {
  const refresh = useRefreshBusiness();
  return useMutation({
    mutationFn: (googleReviewLink: string) => apiJson<BusinessSettingsResponse>('PUT', '/api/business/settings', { googleReviewLink }),
    onSuccess: () => refresh(),
  });
}

export function useSaveTemplates() {
  const refresh = useRefreshBusiness();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: OutreachSettingsInput) => apiJson<OutreachSettings>('POST', OUTREACH_SETTINGS_URL, values),
    onSuccess: async () => {
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: ['/api/sms/templates'] })]);
    },
  });
}

export function useRegenerateWebhook() {
  const refresh = useRefreshBusiness();
  return useMutation({
    mutationFn: () => apiJson<BusinessActionResponse>('POST', '/api/business/webhook/regenerate'),
    onSuccess: () => refresh(),
  });
}

export const deleteAccount = () => apiRequest('DELETE', '/api/business/account');
