import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../api-client';
import { invalidatePrefixes } from './prefix';

/** Review requests' reads (docs/reviews.md): clients' review states, the Insights review section, the not-opened list. */
export const REVIEW_STATES_KEY = apiUrl('GET /api/reviews/states');
export const REVIEW_INSIGHTS_KEY = apiUrl('GET /api/reviews/insights');
export const REVIEWS_NOT_OPENED_KEY = apiUrl('GET /api/reviews/not-opened');

export const refreshReviews = (qc: QueryClient) => invalidatePrefixes(qc, [REVIEW_STATES_KEY, REVIEW_INSIGHTS_KEY, REVIEWS_NOT_OPENED_KEY]);

/** The owner marks (or unmarks) that a client left a review. */
export const markReviewed = (clientId: number, reviewed: boolean) => callApi('POST /api/reviews/clients/:id/reviewed', { params: { id: clientId }, body: { reviewed } });

/** The owner's review request to one client, queued (it goes within the client's sending hours). */
export const requestReview = (clientId: number) => callApi('POST /api/reviews/clients/:id/request', { params: { id: clientId }, body: {} });
