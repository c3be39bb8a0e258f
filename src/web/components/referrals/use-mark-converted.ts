import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingCandidatesReply, ConvertReferralReply } from '../../../shared/schemas/referral-conversion';
import { toast } from '../ui/use-toast';
import { apiJson, errorMessage } from '../../lib/api';
import { refreshAfterConversion } from '../../lib/query-keys/referrals';

export const bookingCandidatesUrl = (referralId: number, search: string) =>
  `/api/referrals/${referralId}/bookings${search ? `?${new URLSearchParams({ search })}` : ''}`;

export const useBookingCandidates = (referralId: number, search: string) =>
  useQuery<BookingCandidatesReply>({ queryKey: [bookingCandidatesUrl(referralId, search)], refetchOnMount: 'always' });


export function useMarkConverted(referral: { id: number; refereeName: string }, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { bookingId: number } | { amount: string }) => apiJson<ConvertReferralReply>('POST', `/api/referrals/${referral.id}/convert`, body),
    onSuccess: () => {
      toast({ title: 'Referral converted', description: `${referral.refereeName}'s referral is converted and the referrer's reward is owed.` });
      onDone();
      return refreshAfterConversion(qc);
    },
    onError: (error) =>
      toast({ title: 'Failed to mark converted', description: errorMessage(error, 'The referral was not converted. Please try again.'), variant: 'destructive' }),
  });
}
