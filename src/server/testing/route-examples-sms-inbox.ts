import { z } from 'zod';
import {
  feedQuerySchema,
  markReadSchema,
  repliesQuerySchema,
  simulateInboundSchema,
  smsConversationsQuerySchema,
  smsHistoryQuerySchema,
  smsReplySchema,
} from '../../shared/schemas/sms-inbox';
import type { RouteExample } from './route-examples';

/** What a Twilio inbound webhook carries (the fuzz sends it as JSON, which the form-only route refuses: 415). */
const inboundParams = z.object({ MessageSid: z.string().min(1), From: z.string().min(1), To: z.string().min(1), Body: z.string() });
const statusParams = z.object({ MessageSid: z.string().min(1), MessageStatus: z.string().min(1) });

/** Route examples of features/sms, its inbox (see route-examples.ts). */
export const SMS_INBOX_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/sms/inbound': {
    body: () => ({ MessageSid: 'SMfuzz0001', From: '+14155550101', To: '+15005550006', Body: 'Hello' }),
    bodySchema: inboundParams,
    notInTenancyMatrix: 'public; the signed To number names the business, and an unsigned call is refused (403) before anything is read',
  },
  'POST /api/sms/status': {
    body: () => ({ MessageSid: 'SMfuzz0001', MessageStatus: 'delivered' }),
    bodySchema: statusParams,
    notInTenancyMatrix: 'public; the signed MessageSid names the message, and an unsigned call is refused (403) before anything is read',
  },
  'GET /api/sms/conversations': {
    queries: [{}, { page: '1', pageSize: '20', search: 'alice' }, { page: '2', pageSize: '1' }],
    querySchema: smsConversationsQuerySchema,
  },
  'GET /api/sms/lead-conversations': {},
  'GET /api/sms/messages': {
    queries: [{}, { page: '1', pageSize: '50' }, { page: '1', pageSize: '10', clientId: '1' }, { pageSize: '10', before: '1' }],
    querySchema: smsHistoryQuerySchema,
  },
  'POST /api/sms/reply': { body: (ids) => ({ clientId: ids.client, message: 'Thanks, see you Tuesday!' }), bodySchema: smsReplySchema },
  'POST /api/sms/simulate-inbound': { body: (ids) => ({ clientId: ids.client, message: 'Can we move to Friday?' }), bodySchema: simulateInboundSchema },
  'POST /api/sms/mark-read': { body: (ids) => ({ messageIds: [ids.smsMessage] }), bodySchema: markReadSchema },
  'GET /api/activities/replies': { queries: [{}, { unread: 'true' }, { limit: '5' }], querySchema: repliesQuerySchema },
  'GET /api/activities/feed': {
    queries: [{}, { filter: 'unread', days: '30', limit: '10' }, { filter: 'inbound', days: '1' }, { filter: 'outbound', days: '90' }],
    querySchema: feedQuerySchema,
  },
};
