import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../api-client';
import { SESSION_URL } from '../auth';

/** The business feature's reads. */
export const PROFILE_KEY = apiUrl('GET /api/business/profile');

/** The Google review link (null clears it), from Settings and the setup guide. */
export const saveReviewLink = (googleReviewLink: string | null) => callApi('PUT /api/business/settings', { body: { googleReviewLink } });

/** After the profile changed: the profile and the session (which carries the business). */
export const refreshBusiness = (qc: QueryClient) => Promise.all([qc.invalidateQueries({ queryKey: [PROFILE_KEY] }), qc.invalidateQueries({ queryKey: [SESSION_URL] })]);
