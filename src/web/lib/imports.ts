import type { QueryClient } from '@tanstack/react-query';

/** Upload history's query key (GET /api/csv-uploads). */
export const UPLOADS_KEY = '/api/csv-uploads';

const startsWith = (prefix: string) => (q: { queryKey: readonly unknown[] }) =>
  typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(prefix);

/** After new bookings arrive: dashboard stats, every client read, trends, Insights and upload history. */
export const refreshAfterImport = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
    qc.invalidateQueries({ queryKey: ['/api/insights'] }),
    qc.invalidateQueries({ predicate: startsWith('/api/clients') }),
    qc.invalidateQueries({ predicate: startsWith('/api/analytics/') }),
    qc.invalidateQueries({ queryKey: [UPLOADS_KEY] }),
  ]);
