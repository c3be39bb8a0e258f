import type { QueryClient } from '@tanstack/react-query';
import { apiUrl } from '../api-client';
import { refreshClientsAndStats } from './clients';
import { refreshInsights } from './insights';

/** The imports feature's reads: upload history and the webhook log. */
export const UPLOADS_KEY = apiUrl('GET /api/csv-uploads');
export const WEBHOOK_LOGS_KEY = apiUrl('GET /api/webhook-logs');
/** A CSV export, sent as multipart (lib/upload-file.ts). */
export const UPLOAD_CSV_URL = apiUrl('POST /api/upload/csv');

/** After new bookings arrive: every client read, the stats, trends, Insights and the upload history. */
export const refreshAfterImport = (qc: QueryClient) => Promise.all([refreshClientsAndStats(qc), refreshInsights(qc), qc.invalidateQueries({ queryKey: [UPLOADS_KEY] })]);
