import { useQuery, type QueryClient } from '@tanstack/react-query';
import { POLL_UPLOAD_HISTORY_MS } from '../../../shared/constants';
import type { BusinessProfile, CsvUploadRecord, WebhookLogEntry } from './types';

export const UPLOADS_KEY = '/api/csv-uploads';
export const WEBHOOK_LOGS_KEY = '/api/webhook-logs';

export const useUploadHistory = () =>
  useQuery<CsvUploadRecord[]>({ queryKey: [UPLOADS_KEY], refetchInterval: POLL_UPLOAD_HISTORY_MS });

export const useBusinessProfile = () => useQuery<BusinessProfile>({ queryKey: ['/api/business/profile'] });
export const useWebhookLogs = () => useQuery<WebhookLogEntry[]>({ queryKey: [WEBHOOK_LOGS_KEY] });

const startsWith = (prefix: string) => (q: { queryKey: readonly unknown[] }) =>
  typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(prefix);

/** After new bookings arrive: dashboard stats, every client read, trends and upload history. */
export const refreshAfterImport = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
    qc.invalidateQueries({ predicate: startsWith('/api/clients') }),
    qc.invalidateQueries({ predicate: startsWith('/api/analytics/') }),
    qc.invalidateQueries({ queryKey: [UPLOADS_KEY] }),
  ]);
