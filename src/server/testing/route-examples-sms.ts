import type { RouteExample } from './route-examples';

/** Route examples of features/sms (see route-examples.ts). */
export const SMS_ROUTE_EXAMPLES: Record<string, RouteExample> = {};
