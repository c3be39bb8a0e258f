import type { QueryClient } from '@tanstack/react-query';
import { CLIENTS_KEY, STATS_KEY } from './clients';
import { LEADS_KEY } from './leads';
import { invalidatePrefixes } from './prefix';

/** The referrals feature's reads: the tracker, its export, Top Referrers and the dashboard's referral panels. */
export const REFERRALS_KEY = '/api/referrals';
export const REFERRALS_EXPORT_URL = '/api/referrals/export';
export const TOP_REFERRERS_KEY = '/api/analytics/top-referrers';
export const CONVERSIONS_KEY = '/api/activities/conversions';
export const PENDING_REFERRALS_KEY = '/api/activities/pending-referrals';

/** Every referral read (the tracker's pages and counts). */
export const refreshReferrals = (qc: QueryClient) => invalidatePrefixes(qc, [REFERRALS_KEY]);

/** Every read a conversion changes: the tracker, Top Referrers, the dashboard's lists and stats, the leads, the clients. */
export const refreshAfterConversion = (qc: QueryClient) =>
  invalidatePrefixes(qc, [REFERRALS_KEY, TOP_REFERRERS_KEY, '/api/activities/' /* every dashboard panel */, STATS_KEY, LEADS_KEY, CLIENTS_KEY]);
