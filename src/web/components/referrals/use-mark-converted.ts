import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/api';
import { apiQuery } from '../../lib/api-query';
import { convertReferral, refreshAfterConversion } from '../../lib/query-keys/referrals';


export const useBookingCandidates = (referralId: number, search: string) =>
  useQuery({ ...apiQuery('GET /api/referrals/:id/bookings', { params: { id: referralId }, query: { search } }), refetchOnMount: 'always' });


export function useMarkConverted(referral: { id: number; refereeName: string }, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { bookingId: number } | { amount: string }) => convertReferral(referral.id, body),
    onSuccess: () => {
      toast({ title: 'Referral converted', description: `${referral.refereeName}'s referral is converted and the referrer's reward is owed.` });
      onDone();
      return refreshAfterConversion(qc);
    },
    onError: (error) =>
      toast({ title: 'Failed to mark converted', description: errorMessage(error, 'The referral was not converted. Please try again.'), variant: 'destructive' }),
  });
}
