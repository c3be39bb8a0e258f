import type { QueryClient } from '@tanstack/react-query';
import type { AssignLocalNumberResponse, SendSmsResponse } from '../../../shared/schemas/sms';
import type { SmsReplyResult } from '../../../shared/schemas/sms-inbox';
import { apiJson } from '../api';
import { FEED_KEY, REPLIES_KEY } from './activity';
import { refreshBusiness } from './business';
import { LEADS_KEY } from './leads';
import { invalidatePrefixes } from './prefix';

/** The SMS features' reads (GET /api/sms/*, /api/outreach/settings). */
export const TEMPLATES_KEY = '/api/sms/templates';
export const USAGE_KEY = '/api/sms/usage';
export const OUTREACH_SETTINGS_KEY = '/api/outreach/settings';
export const CONVERSATIONS_KEY = '/api/sms/conversations';
export const LEAD_CONVERSATIONS_KEY = '/api/sms/lead-conversations';
export const MESSAGES_KEY = '/api/sms/messages';
export const SCHEDULED_KEY = '/api/sms/scheduled';
export const BULK_KEY = '/api/sms/bulk';
/** GET /api/sms/send-time?clientId=N: when a one-tap text to the client would go (docs/sms-send-window.md). */
export const sendTimeKey = (clientId: number) => [`/api/sms/send-time?clientId=${clientId}`];

/** POST /api/sms/assign-local-number: the setup guide's one-step number (area code or ZIP, forwarding). */
export const assignLocalNumber = (body: unknown) => apiJson<AssignLocalNumberResponse>('POST', '/api/sms/assign-local-number', body);

/** POST /api/outreach/send-sms: a follow-up text to one client, through the same send path as every text. */
export const sendFollowUpSms = (input: { clientId: number; messageContent: string }) =>
  apiJson<SendSmsResponse>('POST', '/api/outreach/send-sms', { clientId: input.clientId, messageType: 'followUp', messageContent: input.messageContent });

/** POST /api/sms/reply and /api/sms/mark-read: the inbox's actions, from SMS Management and the dashboard. */
export const replyToClient = (input: { clientId: number; message: string }) => apiJson<SmsReplyResult>('POST', '/api/sms/reply', input);
export const markRead = (messageIds: number[]) => apiJson<unknown>('POST', '/api/sms/mark-read', { messageIds });

/** Reads that change when a text goes out or is read: by URL prefix (each screen adds its own query string). */
const MESSAGING_READS = [CONVERSATIONS_KEY, LEAD_CONVERSATIONS_KEY, `${LEADS_KEY}/`, MESSAGES_KEY, USAGE_KEY, REPLIES_KEY, FEED_KEY];

/** After a text went out or was read: the inbox, the history, the usage, the dashboard's panels and the unread badges. */
export const refreshMessaging = (qc: QueryClient) => invalidatePrefixes(qc, MESSAGING_READS);

/** After a business number was set up: the session and profile (which carry it), the usage and the outreach settings. */
export const refreshAfterNumber = (qc: QueryClient) =>
  Promise.all([refreshBusiness(qc), qc.invalidateQueries({ queryKey: [USAGE_KEY] }), qc.invalidateQueries({ queryKey: [OUTREACH_SETTINGS_KEY] })]);

