import type { RouteExample } from './route-examples';

/** Route examples of features/insights (see route-examples.ts). */
export const INSIGHTS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/insights': {},
};
