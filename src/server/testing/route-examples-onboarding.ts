import { setupProgressInputSchema } from '../../shared/schemas/onboarding';
import type { RouteExample } from './route-examples';

/** Route examples of features/onboarding, the setup guide's progress (see route-examples.ts). */
export const ONBOARDING_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/setup/progress': {},
  'PUT /api/setup/progress': { body: () => ({ step: 3, completed: false }), bodySchema: setupProgressInputSchema },
};
