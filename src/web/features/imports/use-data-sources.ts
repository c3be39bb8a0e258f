import { useQuery } from '@tanstack/react-query';
import { POLL_UPLOAD_HISTORY_MS } from '../../../shared/constants';
import { apiQuery } from '../../lib/api-query';


export const useUploadHistory = () =>
  useQuery({ ...apiQuery('GET /api/csv-uploads'), refetchInterval: POLL_UPLOAD_HISTORY_MS });

export const useBusinessProfile = () => useQuery(apiQuery('GET /api/business/profile'));
export const useWebhookLogs = () => useQuery(apiQuery('GET /api/webhook-logs'));
