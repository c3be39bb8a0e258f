import { useQuery } from '@tanstack/react-query';
import { POLL_UPLOAD_HISTORY_MS } from '../../../shared/constants';
import { PROFILE_KEY } from '../../lib/query-keys/business';
import type { BusinessProfile, CsvUploadRecord, WebhookLogEntry } from './types';
import { UPLOADS_KEY, WEBHOOK_LOGS_KEY } from '../../lib/query-keys/imports';


export const useUploadHistory = () =>
  useQuery<CsvUploadRecord[]>({ queryKey: [UPLOADS_KEY], refetchInterval: POLL_UPLOAD_HISTORY_MS });

export const useBusinessProfile = () => useQuery<BusinessProfile>({ queryKey: [PROFILE_KEY] });
export const useWebhookLogs = () => useQuery<WebhookLogEntry[]>({ queryKey: [WEBHOOK_LOGS_KEY] });
