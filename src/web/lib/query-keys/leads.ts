import type { QueryClient } from '@tanstack/react-query';
import { invalidatePrefixes } from './prefix';

/** The leads feature's reads (GET /api/leads*). */
export const LEADS_KEY = '/api/leads';
export const LEAD_STATS_KEY = '/api/leads/stats';

/** Every lead read: the inbox pages, the stats, each lead's messages. */
export const refreshLeads = (qc: QueryClient) => invalidatePrefixes(qc, [LEADS_KEY]);
