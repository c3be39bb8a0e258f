import type { QueryClient } from '@tanstack/react-query';
import { apiUrl } from '../api-client';
import { invalidatePrefixes } from './prefix';

/** The clients feature's reads: GET /api/clients*, the dashboard stats and the booking trends. */
export const CLIENTS_KEY = apiUrl('GET /api/clients');
export const STATS_KEY = apiUrl('GET /api/dashboard/stats');
export const TRENDS_KEY = apiUrl('GET /api/analytics/booking-trends');
/** The count of clients not yet seen: the sidebar's badge. */
export const NEW_CLIENTS_COUNT_URL = apiUrl('GET /api/clients', { query: { new: true } });

/** Every client read: table pages, the top list, the distribution and each client's detail. */
export const refreshClients = (qc: QueryClient) => invalidatePrefixes(qc, [CLIENTS_KEY]);

/** Clients plus everything a new booking moves: the dashboard stats and the trend chart. */
export const refreshClientsAndStats = (qc: QueryClient) => invalidatePrefixes(qc, [CLIENTS_KEY, STATS_KEY, TRENDS_KEY]);
