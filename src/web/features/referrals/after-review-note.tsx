import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { apiQuery } from '../../lib/api-query';

/** How many referrals came from clients asked to refer after their review (docs/reviews.md); nothing until it loaded. */
export function AfterReviewNote() {
  const { data } = useQuery(apiQuery('GET /api/reviews/insights'));
  if (!data) return null;
  const n = data.referralsAfterReviewAsk;
  return (
    <p className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700" data-testid="referrals-after-review">
      <Star className="size-4 text-amber-500" aria-hidden="true" />
      {n === 1 ? '1 referral' : `${n} referrals`} came from clients asked to refer after their review.
    </p>
  );
}
