import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { REMINDER_SENT } from '../../../shared/schemas/referrals';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { apiQuery } from '../../lib/api-query';
import { refreshMessaging } from '../../lib/query-keys/sms';
import { PENDING_REFERRALS_KEY, refreshReferrals, sendReferralReminder, setRewardGiven } from '../../lib/query-keys/referrals';


// Claims, imports, webhooks and Add Client change these from anywhere, so they are read afresh each time the
// dashboard opens (the app's reads otherwise never go stale on their own).
export const useConversions = () => useQuery({ ...apiQuery('GET /api/activities/conversions'), refetchOnMount: 'always' });
export const usePendingReferrals = () => useQuery({ ...apiQuery('GET /api/activities/pending-referrals'), refetchOnMount: 'always' });

/** The Referral Tracker's reads (its table's rewards and summary) change with a reward or a reminder. */
const refreshTracker = (qc: QueryClient) =>
  refreshReferrals(qc);

/** PUT /api/referrals/{id}/reward: the checkbox shows what the server saved, never a guess. */
export function useSetRewardGiven() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rewardGiven }: { id: number; rewardGiven: boolean }) => setRewardGiven(id, rewardGiven),
    onSuccess: ({ referralId, referralReward }) => {
      qc.setQueryData(apiQuery('GET /api/activities/conversions').queryKey, (list) => list?.map((c) => (c.id === referralId ? { ...c, referralReward } : c)));
      void refreshTracker(qc);
    },
    onError: (error) => toast({ title: 'Failed to save reward', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}

/** POST /api/referrals/send-reminder/{id}: the spec's toasts, the failure with the server's message. */
export function useSendReminder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendReferralReminder,
    // At a closed hour for the friend: the server's "Reminder scheduled for 8:00 am their time".
    onSuccess: (res) => {
      toast({ title: res.scheduled ? res.message : REMINDER_SENT });
      void qc.invalidateQueries({ queryKey: [PENDING_REFERRALS_KEY] });
      void refreshTracker(qc);
      void refreshMessaging(qc);
    },
    onError: (error) => toast({ title: 'Failed to send reminder', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
