import { notificationSettingsInputSchema } from '../../shared/schemas/notifications';
import type { RouteExample } from './route-examples';

/** Route examples of features/notifications (see route-examples.ts). */
export const NOTIFICATIONS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/business/notifications': {},
  'PUT /api/business/notifications': {
    body: () => ({ email: 'digest', phone: '(512) 555-0199' }),
    bodySchema: notificationSettingsInputSchema,
  },
};
