import type { QueryClient } from '@tanstack/react-query';
import type { LeadMessageResponse } from '../../../shared/schemas/leads';
import { apiJson } from '../api';
import { invalidatePrefixes } from './prefix';

/** The leads feature's reads (GET /api/leads*). */
export const LEADS_KEY = '/api/leads';
export const LEAD_STATS_KEY = '/api/leads/stats';
/** The newest 100 leads (the most one page holds): the SMS simulator offers those with a phone. */
export const NEWEST_LEADS_URL = `${LEADS_KEY}?pageSize=100`;
/** The count of leads not yet seen: the sidebar's badge. */
export const NEW_LEADS_COUNT_URL = '/api/leads?new=true';

/** POST /api/leads/{id}/sms: a text to a lead, from the lead's dialog and SMS Management's lead conversations. */
export const textLead = (leadId: number, message: string) => apiJson<LeadMessageResponse>('POST', `${LEADS_KEY}/${leadId}/sms`, { message });

/** Every lead read: the inbox pages, the stats, each lead's messages. */
export const refreshLeads = (qc: QueryClient) => invalidatePrefixes(qc, [LEADS_KEY]);
