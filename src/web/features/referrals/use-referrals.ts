import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BusinessProfile } from '../../../shared/schemas/business';
import { REFERRAL_PAGE_SIZE, type ReferralPage, type TopReferrer } from '../../../shared/schemas/referrals';
import { TOP_REFERRERS_KEY } from '../../lib/query-keys/referrals';
import { PROFILE_KEY } from '../../lib/query-keys/business';
import { apiUrl } from '../../lib/api-client';

export const REFERRALS_URL = apiUrl('GET /api/referrals');

export type StatusFilter = 'all' | 'pending' | 'converted';
export type ReferralSort = 'newest' | 'oldest' | 'refereeName' | 'convertedAt';

export interface ReferralQuery {
  page: number;
  search: string;
  status: StatusFilter;
  sort: ReferralSort;
}

export function referralsUrl({ page, search, status, sort }: ReferralQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(REFERRAL_PAGE_SIZE), status, sort });
  if (search) params.set('search', search);
  return `${REFERRALS_URL}?${params}`;
}

// Friends claim and bookings convert while the owner is elsewhere, so the tracker reads afresh each time it
// opens. The previous page stays on screen while a search, filter or page change loads.
export const useReferralPage = (query: ReferralQuery) =>
  useQuery<ReferralPage>({ queryKey: [referralsUrl(query)], placeholderData: keepPreviousData, refetchOnMount: 'always' });

export const useTopReferrers = () => useQuery<TopReferrer[]>({ queryKey: [TOP_REFERRERS_KEY], refetchOnMount: 'always' });

/** The business's website, for the Share dialog's website link. */
export const useBusinessProfile = () => useQuery<BusinessProfile>({ queryKey: [PROFILE_KEY] });
