import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingCandidatesReply, ConvertReferralReply } from '../../../shared/schemas/referral-conversion';
import { toast } from '../ui/use-toast';
import { apiJson, errorMessage } from '../../lib/api';

export const bookingCandidatesUrl = (referralId: number, search: string) =>
  `/api/referrals/${referralId}/bookings${search ? `?${new URLSearchParams({ search })}` : ''}`;

export const useBookingCandidates = (referralId: number, search: string) =>
  useQuery<BookingCandidatesReply>({ queryKey: [bookingCandidatesUrl(referralId, search)], refetchOnMount: 'always' });

/** Every read a conversion changes: the tracker, Top Referrers, the dashboard's lists and stats, the leads. */
const CHANGED = ['/api/referrals', '/api/analytics/top-referrers', '/api/activities/', '/api/dashboard/', '/api/leads', '/api/clients'];

export function useMarkConverted(referral: { id: number; refereeName: string }, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { bookingId: number } | { amount: string }) => apiJson<ConvertReferralReply>('POST', `/api/referrals/${referral.id}/convert`, body),
    onSuccess: () => {
      toast({ title: 'Referral converted', description: `${referral.refereeName}'s referral is converted and the referrer's reward is owed.` });
      onDone();
      return qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && CHANGED.some((p) => (q.queryKey[0] as string).startsWith(p)) });
    },
    onError: (error) =>
      toast({ title: 'Failed to mark converted', description: errorMessage(error, 'The referral was not converted. Please try again.'), variant: 'destructive' }),
  });
}
