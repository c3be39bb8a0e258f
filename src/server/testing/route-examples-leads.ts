import { addLeadSchema, leadEmailInputSchema, leadListQuerySchema, leadSmsInputSchema, leadStatusInputSchema } from '../../shared/schemas/leads';
import type { RouteExample } from './route-examples';

/** Route examples of features/leads, the Lead Inbox (see route-examples.ts). */
export const LEADS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/leads': {
    queries: [{}, { page: '1', pageSize: '25', search: 'lead', status: 'new', source: 'form' }, { status: 'converted' }, { source: 'referral', search: '555' }, { new: 'true' }],
    querySchema: leadListQuerySchema,
  },
  'GET /api/leads/stats': {},
  'POST /api/leads': {
    body: (ids) => ({ businessId: ids.businessId ?? 0, name: 'Nora Lead', email: 'nora.lead@example.com', phone: '(415) 555-0142', source: 'manual', notes: 'Asked for a quote' }),
    bodySchema: addLeadSchema,
  },
  'PATCH /api/leads/:id/status': { params: (ids) => ({ id: String(ids.lead) }), body: () => ({ status: 'contacted' }), bodySchema: leadStatusInputSchema },
  'GET /api/leads/:id/communications': { params: (ids) => ({ id: String(ids.lead) }) },
  'POST /api/leads/:id/sms': { params: (ids) => ({ id: String(ids.lead) }), body: () => ({ message: 'Hi! Thanks for your interest.' }), bodySchema: leadSmsInputSchema },
  'POST /api/leads/:id/email': {
    params: (ids) => ({ id: String(ids.lead) }),
    body: () => ({ subject: 'Your quote', message: 'Hi! Here is your quote.' }),
    bodySchema: leadEmailInputSchema,
  },
};
