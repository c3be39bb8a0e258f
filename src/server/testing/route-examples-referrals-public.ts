import { referralClaimSchema } from '../../shared/schemas/referrals-public';
import type { RouteExample } from './route-examples';
import { MARK } from './tenant-data';

/** The seeded referred client's code (testing/tenant-data.ts): a real code of the fuzzed business. */
const CODE = `FRIEND-${MARK}`;

/** Route examples of features/referrals-public (see route-examples.ts). */
export const REFERRALS_PUBLIC_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/public/referral/:code': {
    params: () => ({ code: CODE }),
    notInTenancyMatrix: 'public; reads no session: the referral code names the business',
  },
  'POST /api/public/referral': {
    body: (ids) => ({ referralCode: CODE, name: 'Nora Newfriend', email: 'nora.newfriend@example.com', phone: '(415) 555-0177', businessId: ids.businessId ?? 1 }),
    bodySchema: referralClaimSchema,
    notInTenancyMatrix: 'public; reads no session: the referral code names the business (a businessId not of the code is refused)',
  },
};
