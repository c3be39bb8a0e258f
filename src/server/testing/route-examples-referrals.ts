import { referralListQuerySchema, rewardGivenInputSchema, topReferrersQuerySchema } from '../../shared/schemas/referrals';
import type { RouteExample } from './route-examples';

/** Route examples of features/referrals, the owner's side (see route-examples.ts). */
export const REFERRALS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/referrals': {
    queries: [{}, { page: '1', pageSize: '25', search: 'friend', status: 'converted', sort: 'newest' }, { status: 'pending', sort: 'refereeName' }, { new: 'true' }],
    querySchema: referralListQuerySchema,
  },
  'GET /api/referrals/export': {},
  'GET /api/analytics/top-referrers': { queries: [{}, { limit: '5' }], querySchema: topReferrersQuerySchema },
  'GET /api/activities/conversions': {},
  'GET /api/activities/pending-referrals': {},
  'POST /api/referrals/send-reminder/:id': { params: (ids) => ({ id: String(ids.referral) }) },
  'PUT /api/referrals/:id/reward': { params: (ids) => ({ id: String(ids.referral) }), body: () => ({ rewardGiven: true }), bodySchema: rewardGivenInputSchema },
};
