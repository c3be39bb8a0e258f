import type { RouteExample } from './route-examples';

/** Route examples of features/sms-inbox (see route-examples.ts). */
export const SMS_INBOX_ROUTE_EXAMPLES: Record<string, RouteExample> = {};
