import { bookingCandidatesQuerySchema, convertReferralInputSchema } from '../../shared/schemas/referral-conversion';
import type { RouteExample } from './route-examples';

/** Route examples of features/referral-conversion (see route-examples.ts). */
export const REFERRAL_CONVERSION_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/referrals/:id/convert': {
    params: (ids) => ({ id: String(ids.referral) }),
    body: (ids) => ({ clientId: ids.referredClient }),
    bodySchema: convertReferralInputSchema,
  },
  'GET /api/referrals/:id/bookings': {
    params: (ids) => ({ id: String(ids.referral) }),
    queries: [{}, { search: 'a' }, { search: '555' }],
    querySchema: bookingCandidatesQuerySchema,
  },
};
