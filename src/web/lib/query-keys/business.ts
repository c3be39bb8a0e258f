import type { QueryClient } from '@tanstack/react-query';
import type { BusinessSettingsResponse } from '../../../shared/schemas/business';
import { apiJson } from '../api';
import { SESSION_URL } from '../auth';

/** The business feature's reads (GET /api/business/*). */
export const PROFILE_KEY = '/api/business/profile';
export const NOTIFICATIONS_KEY = '/api/business/notifications';
export const DELIVERY_KEY = '/api/business/delivery';

/** PUT /api/business/settings: the Google review link (null clears it), from Settings and the setup guide. */
export const saveReviewLink = (googleReviewLink: string | null) => apiJson<BusinessSettingsResponse>('PUT', '/api/business/settings', { googleReviewLink });

/** After the profile changed: the profile and the session (which carries the business). */
export const refreshBusiness = (qc: QueryClient) => Promise.all([qc.invalidateQueries({ queryKey: [PROFILE_KEY] }), qc.invalidateQueries({ queryKey: [SESSION_URL] })]);
