import { businessProfileUpdateSchema, businessSettingsSchema } from '../../shared/schemas/business';
import type { RouteExample } from './route-examples';

/** Route examples of features/business: the Settings screen's calls (see route-examples.ts, docs/settings.md). */
export const BUSINESS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/business/delivery': {},
  'PATCH /api/business/profile': {
    // The tenancy matrix's second business keeps its own e-mail (beta.owner@example.com): it may not take A's.
    body: () => ({ name: 'Beta Lawns', email: 'beta.owner@example.com', websiteUrl: 'https://www.beta-lawns.example.com', timeZone: 'America/Chicago' }),
    bodySchema: businessProfileUpdateSchema,
  },
  'PUT /api/business/settings': { body: () => ({ googleReviewLink: 'https://g.page/r/beta-lawns/review' }), bodySchema: businessSettingsSchema },
  'POST /api/business/webhook/regenerate': { affectsCaller: "gives the caller's own webhook a new random token" },
  'DELETE /api/business/account': { affectsCaller: "deletes the caller's own business" },
};
