import { markReviewedSchema, reviewStatesQuerySchema, reviewsNotOpenedQuerySchema } from '../../shared/schemas/reviews';
import type { RouteExample } from './route-examples';

/** Route examples of features/reviews (see route-examples.ts). */
export const REVIEWS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /r/:token': {
    params: (ids) => ({ token: ids.reviewToken }),
    notInTenancyMatrix: 'the public review link: its token names the request; it reads no session',
  },
  'GET /api/reviews/states': { queries: [{ ids: '1' }], querySchema: reviewStatesQuerySchema },
  'POST /api/reviews/clients/:id/reviewed': { params: (ids) => ({ id: String(ids.client) }), body: () => ({ reviewed: true }), bodySchema: markReviewedSchema },
  'GET /api/reviews/insights': {},
  'POST /api/reviews/clients/:id/request': { params: (ids) => ({ id: String(ids.client) }) },
  'GET /api/reviews/not-opened': { queries: [{ page: '1' }], querySchema: reviewsNotOpenedQuerySchema },
};
