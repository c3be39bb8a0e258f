import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../api-client';
import { CLIENTS_KEY, STATS_KEY } from './clients';
import { LEADS_KEY } from './leads';
import { invalidatePrefixes } from './prefix';

/** The referrals feature's reads: the tracker, its export, Top Referrers and the dashboard's referral panels. */
export const REFERRALS_KEY = apiUrl('GET /api/referrals');
export const REFERRALS_EXPORT_URL = apiUrl('GET /api/referrals/export');
export const TOP_REFERRERS_KEY = apiUrl('GET /api/analytics/top-referrers');
export const CONVERSIONS_KEY = apiUrl('GET /api/activities/conversions');
export const PENDING_REFERRALS_KEY = apiUrl('GET /api/activities/pending-referrals');
/** The count of referrals not yet seen: the sidebar's badge. */
export const NEW_REFERRALS_COUNT_URL = apiUrl('GET /api/referrals', { query: { new: true } });
/** Every dashboard panel's read (GET /api/activities/*). */
const ACTIVITIES_PREFIX = CONVERSIONS_KEY.slice(0, CONVERSIONS_KEY.lastIndexOf('/') + 1);

/** A referral's conversion with a booking of the friend's, or an amount. */
export const convertReferral = (referralId: number, body: { bookingId: number } | { amount: string }) =>
  callApi('POST /api/referrals/:id/convert', { params: { id: referralId }, body });

/** The referrer's reward given or not. */
export const setRewardGiven = (referralId: number, rewardGiven: boolean) => callApi('PUT /api/referrals/:id/reward', { params: { id: referralId }, body: { rewardGiven } });

/** One reminder text to the referred friend. */
export const sendReferralReminder = (referralId: number) => callApi('POST /api/referrals/send-reminder/:id', { params: { id: referralId } });

/** Every referral read (the tracker's pages and counts). */
export const refreshReferrals = (qc: QueryClient) => invalidatePrefixes(qc, [REFERRALS_KEY]);

/** Every read a conversion changes: the tracker, Top Referrers, the dashboard's lists and stats, the leads, the clients. */
export const refreshAfterConversion = (qc: QueryClient) =>
  invalidatePrefixes(qc, [REFERRALS_KEY, TOP_REFERRERS_KEY, ACTIVITIES_PREFIX, STATS_KEY, LEADS_KEY, CLIENTS_KEY]);
