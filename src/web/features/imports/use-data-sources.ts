import { useQuery } from '@tanstack/react-query';
import { POLL_UPLOAD_HISTORY_MS } from '../../../shared/constants';
import { UPLOADS_KEY } from '../../lib/imports';
import type { BusinessProfile, CsvUploadRecord, WebhookLogEntry } from './types';

export const WEBHOOK_LOGS_KEY = '/api/webhook-logs';

export const useUploadHistory = () =>
  useQuery<CsvUploadRecord[]>({ queryKey: [UPLOADS_KEY], refetchInterval: POLL_UPLOAD_HISTORY_MS });

export const useBusinessProfile = () => useQuery<BusinessProfile>({ queryKey: ['/api/business/profile'] });
export const useWebhookLogs = () => useQuery<WebhookLogEntry[]>({ queryKey: [WEBHOOK_LOGS_KEY] });
