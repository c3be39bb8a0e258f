import type { QueryClient } from '@tanstack/react-query';
import type { ConvertReferralReply } from '../../../shared/schemas/referral-conversion';
import type { ReminderResponse, RewardGivenResponse } from '../../../shared/schemas/referrals';
import { apiJson } from '../api';
import { CLIENTS_KEY, STATS_KEY } from './clients';
import { LEADS_KEY } from './leads';
import { invalidatePrefixes } from './prefix';

/** The referrals feature's reads: the tracker, its export, Top Referrers and the dashboard's referral panels. */
export const REFERRALS_KEY = '/api/referrals';
export const REFERRALS_EXPORT_URL = '/api/referrals/export';
export const TOP_REFERRERS_KEY = '/api/analytics/top-referrers';
export const CONVERSIONS_KEY = '/api/activities/conversions';
export const PENDING_REFERRALS_KEY = '/api/activities/pending-referrals';
/** The count of referrals not yet seen: the sidebar's badge. */
export const NEW_REFERRALS_COUNT_URL = '/api/referrals?new=true';

/** The bookings a referral could be converted with (Mark converted), optionally searched by name. */
export const bookingCandidatesUrl = (referralId: number, search: string) =>
  `${REFERRALS_KEY}/${referralId}/bookings${search ? `?${new URLSearchParams({ search })}` : ''}`;

/** POST /api/referrals/{id}/convert: with a booking of the friend's, or an amount. */
export const convertReferral = (referralId: number, body: { bookingId: number } | { amount: string }) =>
  apiJson<ConvertReferralReply>('POST', `${REFERRALS_KEY}/${referralId}/convert`, body);

/** PUT /api/referrals/{id}/reward: the referrer's reward given or not. */
export const setRewardGiven = (referralId: number, rewardGiven: boolean) => apiJson<RewardGivenResponse>('PUT', `${REFERRALS_KEY}/${referralId}/reward`, { rewardGiven });

/** POST /api/referrals/send-reminder/{id}: one reminder text to the referred friend. */
export const sendReferralReminder = (referralId: number) => apiJson<ReminderResponse>('POST', `${REFERRALS_KEY}/send-reminder/${referralId}`);

/** Every referral read (the tracker's pages and counts). */
export const refreshReferrals = (qc: QueryClient) => invalidatePrefixes(qc, [REFERRALS_KEY]);

/** Every read a conversion changes: the tracker, Top Referrers, the dashboard's lists and stats, the leads, the clients. */
export const refreshAfterConversion = (qc: QueryClient) =>
  invalidatePrefixes(qc, [REFERRALS_KEY, TOP_REFERRERS_KEY, '/api/activities/' /* every dashboard panel */, STATS_KEY, LEADS_KEY, CLIENTS_KEY]);
