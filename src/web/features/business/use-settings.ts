import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfile, BusinessProfileUpdateInput } from '../../../shared/schemas/business';
import type { OutreachSettings, OutreachSettingsInput, SmsUsage } from '../../../shared/schemas/sms';
import { apiJson } from '../../lib/api';
import { SESSION_URL } from '../../lib/auth';
import { PROFILE_KEY, saveReviewLink } from '../../lib/query-keys/business';
import { OUTREACH_SETTINGS_KEY, TEMPLATES_KEY, USAGE_KEY } from '../../lib/query-keys/sms';
import { callApi } from '../../lib/api-client';

// The Settings screen's reads and writes (docs/settings.md).


export const useProfile = () => useQuery<BusinessProfile>({ queryKey: [PROFILE_KEY] });
export const useOutreachSettings = () => useQuery<OutreachSettings>({ queryKey: [OUTREACH_SETTINGS_KEY] });
export const useSmsUsage = () => useQuery<SmsUsage>({ queryKey: [USAGE_KEY] });

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
    mutationFn: (values: BusinessProfileUpdateInput) => apiJson<BusinessProfile>('PATCH', PROFILE_KEY, values),
    onSuccess: async (profile) => {
      qc.setQueryData([PROFILE_KEY], profile);
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
    mutationFn: (values: OutreachSettingsInput) => apiJson<OutreachSettings>('POST', OUTREACH_SETTINGS_KEY, values),
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
