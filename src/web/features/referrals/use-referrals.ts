import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFERRAL_PAGE_SIZE } from '../../../shared/schemas/referrals';
import { apiQuery } from '../../lib/api-query';

export type StatusFilter = 'all' | 'pending' | 'converted';
export type ReferralSort = 'newest' | 'oldest' | 'refereeName' | 'convertedAt';

export interface ReferralQuery {
  page: number;
  search: string;
  status: StatusFilter;
  sort: ReferralSort;
}


// Friends claim and bookings convert while the owner is elsewhere, so the tracker reads afresh each time it
// opens. The previous page stays on screen while a search, filter or page change loads.
export const useReferralPage = (query: ReferralQuery) =>
  useQuery({
    ...apiQuery('GET /api/referrals', { query: { page: query.page, pageSize: REFERRAL_PAGE_SIZE, status: query.status, sort: query.sort, search: query.search } }),
    select: (r) => ('count' in r ? undefined : r),
    placeholderData: keepPreviousData, refetchOnMount: 'always',
  });

export const useTopReferrers = () => useQuery({ ...apiQuery('GET /api/analytics/top-referrers'), refetchOnMount: 'always' });

/** The business's website, for the Share dialog's website link. */
export const useBusinessProfile = () => useQuery(apiQuery('GET /api/business/profile'));
