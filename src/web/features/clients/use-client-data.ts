import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENT_PAGE_SIZE, DEFAULT_BOOKING_TREND_DAYS, MOST_LOYAL_LIMIT } from '../../../shared/constants';
import { apiJson } from '../../lib/api';
import type { BookingTrendPoint, Client, ClientsPage, ClientsQuery, DashboardStats, LoyaltyDistribution } from './types';
import { CLIENTS_KEY, STATS_KEY, TRENDS_KEY } from '../../lib/query-keys/clients';


function clientsUrl({ page, search, sort }: ClientsQuery) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(CLIENT_PAGE_SIZE), sort });
  if (search) params.set('search', search);
  return `${CLIENTS_KEY}?${params}`;
}

/** One page of the client table; paging, search and sort run on the server. */
export function useClientsPage(query: ClientsQuery) {
  const url = clientsUrl(query);
  return useQuery({
    queryKey: [url],
    queryFn: () => apiJson<ClientsPage>('GET', url),
    // Keep the previous page on screen while the next one loads, so the table doesn't jump.
    placeholderData: keepPreviousData,
  });
}

export const useTopClients = () => useQuery<Client[]>({ queryKey: [`${CLIENTS_KEY}/top?limit=${MOST_LOYAL_LIMIT}`] });
export const useLoyaltyDistribution = () => useQuery<LoyaltyDistribution>({ queryKey: [`${CLIENTS_KEY}/loyalty-distribution`] });
export const useDashboardStats = () => useQuery<DashboardStats>({ queryKey: [STATS_KEY] });
export const useBookingTrends = (days: number) =>
  useQuery<BookingTrendPoint[]>({ queryKey: [`${TRENDS_KEY}?days=${days}`], placeholderData: keepPreviousData });

/**
 * What the dashboard reads first, by URL (its first page as it opens: page 1, no search, by loyalty score):
 * the page the server sends a signed-in owner for /clients preloads them beside the scripts
 * (scripts/prerender-landing.tsx), so they don't wait for the app to start.
 */
export const DASHBOARD_FIRST_READS = [
  STATS_KEY,
  clientsUrl({ page: 1, search: '', sort: 'loyaltyScore' }),
  `${CLIENTS_KEY}/top?limit=${MOST_LOYAL_LIMIT}`,
  `${CLIENTS_KEY}/loyalty-distribution`,
  `${TRENDS_KEY}?days=${DEFAULT_BOOKING_TREND_DAYS}`,
];

