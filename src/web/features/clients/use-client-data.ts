import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENT_PAGE_SIZE, DEFAULT_BOOKING_TREND_DAYS, MOST_LOYAL_LIMIT } from '../../../shared/constants';
import type { ClientsQuery } from './types';
import { apiUrl } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import { STATS_KEY } from '../../lib/query-keys/clients';

const clientsArgs = ({ page, search, sort }: ClientsQuery) => ({ query: { page, pageSize: CLIENT_PAGE_SIZE, sort, search } });
const topArgs = { query: { limit: MOST_LOYAL_LIMIT } };
const trendArgs = (days: number) => ({ query: { days } });

/** One page of the client table; paging, search and sort run on the server. */
export function useClientsPage(query: ClientsQuery) {
  return useQuery({
    ...apiQuery('GET /api/clients', clientsArgs(query)),
    select: (r) => ('clients' in r ? r : undefined),
    // Keep the previous page on screen while the next one loads, so the table doesn't jump.
    placeholderData: keepPreviousData,
  });
}

export const useTopClients = () => useQuery(apiQuery('GET /api/clients/top', topArgs));
export const useLoyaltyDistribution = () => useQuery(apiQuery('GET /api/clients/loyalty-distribution'));
export const useDashboardStats = () => useQuery(apiQuery('GET /api/dashboard/stats'));
export const useBookingTrends = (days: number) => useQuery({ ...apiQuery('GET /api/analytics/booking-trends', trendArgs(days)), placeholderData: keepPreviousData });

/**
 * What the dashboard reads first, by URL (its first page as it opens: page 1, no search, by loyalty score):
 * the page the server sends a signed-in owner for /clients preloads them beside the scripts
 * (scripts/prerender-landing.tsx), so they don't wait for the app to start.
 */
export const DASHBOARD_FIRST_READS = [
  STATS_KEY,
  apiUrl('GET /api/clients', clientsArgs({ page: 1, search: '', sort: 'loyaltyScore' })),
  apiUrl('GET /api/clients/top', topArgs),
  apiUrl('GET /api/clients/loyalty-distribution'),
  apiUrl('GET /api/analytics/booking-trends', trendArgs(DEFAULT_BOOKING_TREND_DAYS)),
];

