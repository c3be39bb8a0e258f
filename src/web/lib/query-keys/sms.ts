import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../api-client';
import { FEED_KEY, REPLIES_KEY } from './activity';
import { refreshBusiness } from './business';
import { LEADS_KEY } from './leads';
import { invalidatePrefixes } from './prefix';

/** The SMS features' reads (GET /api/sms/*, the outreach settings). */
export const TEMPLATES_KEY = apiUrl('GET /api/sms/templates');
export const USAGE_KEY = apiUrl('GET /api/sms/usage');
export const OUTREACH_SETTINGS_KEY = apiUrl('GET /api/outreach/settings');
export const CONVERSATIONS_KEY = apiUrl('GET /api/sms/conversations');
export const LEAD_CONVERSATIONS_KEY = apiUrl('GET /api/sms/lead-conversations');
export const MESSAGES_KEY = apiUrl('GET /api/sms/messages');
export const SCHEDULED_KEY = apiUrl('GET /api/sms/scheduled');
export const BULK_KEY = apiUrl('GET /api/sms/bulk');

/** The setup guide's one-step number (area code or ZIP, forwarding). */
export const assignLocalNumber = (body: unknown) => callApi('POST /api/sms/assign-local-number', { body });

/** A follow-up text to one client, through the same send path as every text. */
export const sendFollowUpSms = (input: { clientId: number; messageContent: string }) =>
  callApi('POST /api/outreach/send-sms', { body: { clientId: input.clientId, messageType: 'followUp', messageContent: input.messageContent } });

/** The inbox's actions (a reply, marking replies read), from SMS Management and the dashboard. */
export const replyToClient = (input: { clientId: number; message: string }) => callApi('POST /api/sms/reply', { body: input });
export const markRead = (messageIds: number[]) => callApi('POST /api/sms/mark-read', { body: { messageIds } });

/** Reads that change when a text goes out or is read: by URL prefix (each screen adds its own query string). */
const MESSAGING_READS = [CONVERSATIONS_KEY, LEAD_CONVERSATIONS_KEY, `${LEADS_KEY}/`, MESSAGES_KEY, USAGE_KEY, REPLIES_KEY, FEED_KEY];

/** After a text went out or was read: the inbox, the history, the usage, the dashboard's panels and the unread badges. */
export const refreshMessaging = (qc: QueryClient) => invalidatePrefixes(qc, MESSAGING_READS);

/** After a business number was set up: the session and profile (which carry it), the usage and the outreach settings. */
export const refreshAfterNumber = (qc: QueryClient) =>
  Promise.all([refreshBusiness(qc), qc.invalidateQueries({ queryKey: [USAGE_KEY] }), qc.invalidateQueries({ queryKey: [OUTREACH_SETTINGS_KEY] })]);

