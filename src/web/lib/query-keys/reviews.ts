import type { QueryClient } from '@tanstack/react-query';
import type { ReviewState } from '../../../shared/schemas/reviews';
import { apiJson } from '../api';
import { invalidatePrefixes } from './prefix';

/** Review requests' reads (docs/reviews.md): clients' review states, the Insights review section, the not-opened list. */
export const REVIEW_STATES_KEY = '/api/reviews/states';
export const REVIEW_INSIGHTS_KEY = '/api/reviews/insights';
export const REVIEWS_NOT_OPENED_KEY = '/api/reviews/not-opened';

export const reviewStatesUrl = (ids: number[]) => `${REVIEW_STATES_KEY}?ids=${ids.join(',')}`;

export const refreshReviews = (qc: QueryClient) => invalidatePrefixes(qc, [REVIEW_STATES_KEY, REVIEW_INSIGHTS_KEY, REVIEWS_NOT_OPENED_KEY]);

/** The owner marks (or unmarks) that a client left a review. */
export const markReviewed = (clientId: number, reviewed: boolean) => apiJson<ReviewState>('POST', `/api/reviews/clients/${clientId}/reviewed`, { reviewed });

/** The owner's review request to one client, queued (it goes within the client's sending hours). */
export const requestReview = (clientId: number) => apiJson<{ message: string }>('POST', `/api/reviews/clients/${clientId}/request`, {});
