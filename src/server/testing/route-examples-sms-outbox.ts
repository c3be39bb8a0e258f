import { bulkSendSchema } from '../../shared/schemas/sms-bulk';
import { sendTimeQuerySchema } from '../../shared/schemas/send-time';
import type { RouteExample } from './route-examples';

/** Route examples of features/sms, its outbox (see route-examples.ts). */
export const SMS_OUTBOX_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/sms/bulk': { body: (ids) => ({ clientIds: [ids.client], message: 'Hi {clientName}, spring slots are open!' }), bodySchema: bulkSendSchema },
  'GET /api/sms/bulk': {},
  'GET /api/sms/bulk/:id': { params: (ids) => ({ id: String(ids.bulkBatch) }) },
  'GET /api/sms/send-time': { queries: [{ clientId: '1' }], querySchema: sendTimeQuerySchema },
};
