import type { RouteExample } from './route-examples';

/** Route examples of features/reviews (see route-examples.ts). */
export const REVIEWS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /r/:token': {
    params: (ids) => ({ token: ids.reviewToken }),
    notInTenancyMatrix: 'the public review link: its token names the request; it reads no session',
  },
};
