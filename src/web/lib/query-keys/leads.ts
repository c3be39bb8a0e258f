import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../api-client';
import { invalidatePrefixes } from './prefix';

/** The leads feature's reads (GET /api/leads*). */
export const LEADS_KEY = apiUrl('GET /api/leads');
export const LEAD_STATS_KEY = apiUrl('GET /api/leads/stats');
/** The count of leads not yet seen: the sidebar's badge. */
export const NEW_LEADS_COUNT_URL = apiUrl('GET /api/leads', { query: { new: true } });

/** A text to a lead, from the lead's dialog and SMS Management's lead conversations. */
export const textLead = (leadId: number, message: string) => callApi('POST /api/leads/:id/sms', { params: { id: leadId }, body: { message } });

/** Every lead read: the inbox pages, the stats, each lead's messages. */
export const refreshLeads = (qc: QueryClient) => invalidatePrefixes(qc, [LEADS_KEY]);
